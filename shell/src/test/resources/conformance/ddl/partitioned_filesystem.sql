-- conformance: continue-on-error
-- Filesystem tables PARTITIONED BY columns. The partitions under data/events are discovered
-- from the directory names (dt=.../hr=...); a file outside them is not read, and
-- __DEFAULT_PARTITION__ reads as NULL.
SET 'parallelism.default' = '1';
CREATE TABLE events (id BIGINT, name STRING, dt STRING, hr INT) PARTITIONED BY (dt, hr) WITH (
  'connector' = 'filesystem',
  'path' = 'src/test/resources/conformance/data/events',
  'format' = 'csv',
  'sink.partition-commit.policy.kind' = 'success-file');
SELECT * FROM events;
SELECT id, name, hr FROM events WHERE dt = '2024-01-01' AND hr > 10;
SELECT id, dt FROM events WHERE dt IS NULL;
SHOW PARTITIONS events;
SHOW PARTITIONS events PARTITION (hr = 10);
SHOW PARTITIONS events PARTITION (dt = '2024-01-01', hr = 11);
SHOW CREATE TABLE events;
DESCRIBE events;
CREATE TABLE counts (id BIGINT, dt STRING, hr INT) PARTITIONED BY (dt, hr) WITH ('connector' = 'blackhole');
SHOW PARTITIONS counts;
EXECUTE INSERT INTO counts PARTITION (dt = '2024-01-03') SELECT id, hr FROM events;
-- errors
INSERT INTO counts PARTITION (id = 1) SELECT '2024-01-03', 1;
INSERT INTO counts PARTITION (hr = 1, hr = 2) SELECT 1, 'x';
CREATE TABLE flat (id BIGINT) WITH ('connector' = 'blackhole');
INSERT INTO flat PARTITION (id = 1) SELECT 1;
SHOW PARTITIONS flat;
CREATE TABLE bad1 (id BIGINT, dt STRING) PARTITIONED BY (dt) WITH ('connector' = 'filesystem',
  'path' = 'target/bad1', 'format' = 'csv', 'sink.partition-commit.policy.kind' = 'metastore');
CREATE TABLE bad2 (id BIGINT, dt STRING) PARTITIONED BY (dt) WITH ('connector' = 'filesystem',
  'path' = 'target/bad2', 'format' = 'csv', 'sink.partition-commit.trigger' = 'event-time');
CREATE TABLE bad3 (id BIGINT, dt STRING) PARTITIONED BY (dt) WITH ('connector' = 'filesystem',
  'path' = 'target/bad3', 'format' = 'csv', 'partition.default-nam' = 'none');
CREATE TABLE bad4 (id BIGINT, dt STRING) PARTITIONED BY (dt) WITH ('connector' = 'datagen');
CREATE TABLE bad5 (id BIGINT, dt STRING) PARTITIONED BY (dayz) WITH ('connector' = 'blackhole');
SHOW TABLES;
