-- conformance: continue-on-error
-- A debezium-json table is a changelog source: its scan emits [I,UB,UA,D], calcs pass that on,
-- sinks that take changelogs (print, debezium-json) accept it, and a json sink refuses it when
-- the INSERT is planned, naming the operator that produces the changes. Nothing here reads the
-- files, so the paths need not exist.
CREATE TABLE users (id BIGINT, name STRING) WITH (
  'connector' = 'filesystem', 'path' = '/nonexistent/users.json', 'format' = 'debezium-json');
CREATE TABLE names (id BIGINT, name STRING) WITH (
  'connector' = 'filesystem', 'path' = '/nonexistent/names', 'format' = 'json');
CREATE TABLE shown (id BIGINT, name STRING) WITH ('connector' = 'print');
EXPLAIN CHANGELOG_MODE SELECT id, name FROM users WHERE id > 1;
EXPLAIN CHANGELOG_MODE INSERT INTO shown SELECT id, UPPER(name) FROM users;
INSERT INTO names SELECT * FROM users;
INSERT INTO names SELECT 1, 'x' UNION ALL SELECT id, name FROM users WHERE id > 1;
