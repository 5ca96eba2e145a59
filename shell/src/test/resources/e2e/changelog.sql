-- A changelog source (a debezium-json file the test writes into ${OUT}) shown in the result
-- modes of script mode and copied into a debezium-json sink.
CREATE TABLE users (id BIGINT, name STRING) WITH (
  'connector' = 'filesystem',
  'path' = '${OUT}/users.json',
  'format' = 'debezium-json'
);

CREATE TABLE users_copy (id BIGINT, name STRING) WITH (
  'connector' = 'filesystem',
  'path' = '${OUT}/copy',
  'format' = 'debezium-json'
);

-- tableau, the default of script mode: every change with its kind
SELECT * FROM users;

-- table: the changelog applied, printed once at the end
SET 'sql-client.execution.result-mode' = 'table';
SELECT id, UPPER(name) AS name FROM users;

INSERT INTO users_copy SELECT id, UPPER(name) FROM users WHERE id < 3;

