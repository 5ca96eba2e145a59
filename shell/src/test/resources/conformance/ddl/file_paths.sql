-- conformance: continue-on-error
-- Filesystem paths as Flink scripts write them. 'file:///abs', 'file:/abs', 'file://localhost/abs'
-- and a plain path name the same local files; a relative path is made absolute when the table
-- is created (SHOW CREATE TABLE shows it). A scheme Runnel cannot use is an error at CREATE
-- TABLE, at SET and at USING JAR. ${scratch} is a fresh directory (see README.md).
SET 'parallelism.default' = '1';
SET 'table.dml-sync' = 'true';
CREATE TABLE users (id BIGINT, name STRING) WITH (
  'connector' = 'filesystem', 'path' = 'file://${scratch}/users', 'format' = 'csv');
INSERT INTO users VALUES (1, 'alice'), (2, 'bob'), (3, 'carol');
-- the same directory, as a short URI and as a plain path
CREATE TABLE users_short (id BIGINT, name STRING) WITH (
  'connector' = 'filesystem', 'path' = 'file:${scratch}/users', 'format' = 'csv');
CREATE TABLE users_plain (id BIGINT, name STRING) WITH (
  'connector' = 'filesystem', 'path' = '${scratch}/users/', 'format' = 'csv');
SELECT * FROM users_short;
SELECT name FROM users_plain WHERE id > 1;
-- partitioned, with checkpoints into a file:// directory
SET 'execution.checkpointing.interval' = '100ms';
SET 'state.checkpoints.dir' = 'file://${scratch}/checkpoints';
CREATE TABLE visits (user_id BIGINT, page STRING, dt STRING) PARTITIONED BY (dt) WITH (
  'connector' = 'filesystem', 'path' = 'file://localhost${scratch}/visits', 'format' = 'json',
  'sink.partition-commit.policy.kind' = 'success-file');
INSERT INTO visits VALUES (1, 'home', '2024-01-01'), (2, 'cart', '2024-01-01'), (1, 'cart', '2024-01-02');
RESET 'execution.checkpointing.interval';
SHOW PARTITIONS visits;
-- LIKE keeps the resolved options and may name another path
CREATE TABLE visits_again WITH ('path' = '${scratch}/visits') LIKE visits;
SELECT * FROM visits_again WHERE dt = '2024-01-01';
-- a lookup join looks the users up in the file:// table
CREATE TABLE clicks (user_id BIGINT, page STRING, dt STRING, p AS PROCTIME()) WITH (
  'connector' = 'filesystem', 'path' = 'file://${scratch}/visits/dt=2024-01-02', 'format' = 'json');
SELECT c.page, u.name FROM clicks AS c JOIN users FOR SYSTEM_TIME AS OF c.p AS u ON c.user_id = u.id;
-- CREATE TABLE AS writes to a file:// path
CREATE TABLE names WITH ('connector' = 'filesystem', 'path' = 'file:///${scratch}/names', 'format' = 'csv')
  AS SELECT UPPER(name) AS name FROM users WHERE id <> 2;
SELECT * FROM names;
-- a relative path is resolved against the working directory, at CREATE TABLE and at ALTER TABLE
CREATE TABLE relative (id BIGINT) WITH ('connector' = 'filesystem', 'path' = 'target/../target/relative', 'format' = 'csv');
SHOW CREATE TABLE relative;
ALTER TABLE relative SET ('path' = 'file:///tmp/relative/./out');
ALTER TABLE relative SET ('path' = 'other');
SHOW CREATE TABLE relative;
-- errors: schemes Runnel cannot use, and paths that name no local file
CREATE TABLE s3 (id BIGINT) WITH ('connector' = 'filesystem', 'path' = 's3://bucket/out', 'format' = 'csv');
CREATE TABLE hdfs (id BIGINT) WITH ('connector' = 'filesystem', 'format' = 'csv',
  'path' = 'hdfs://namenode:8020/out');
CREATE TABLE host (id BIGINT) WITH ('connector' = 'filesystem', 'path' = 'file://tmp/out', 'format' = 'csv');
CREATE TABLE rel_uri (id BIGINT) WITH ('connector' = 'filesystem', 'path' = 'file:out', 'format' = 'csv');
CREATE TABLE windows (id BIGINT) WITH ('connector' = 'filesystem', 'path' = 'C:\data\out', 'format' = 'csv');
ALTER TABLE users SET ('path' = 'gs://bucket/users');
SET 'state.checkpoints.dir' = 's3://bucket/checkpoints';
SET 'state.savepoints.dir' = 'file://savepoints';
SET 'execution.savepoint.path' = 'hdfs:///savepoints/savepoint-1';
CREATE FUNCTION shout AS 'com.example.Shout' USING JAR 'hdfs://namenode/udfs.jar';
CREATE FUNCTION shout AS 'com.example.Shout' USING JAR 'file://${scratch}/missing.jar';
SHOW TABLES;
