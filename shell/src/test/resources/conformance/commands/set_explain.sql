-- conformance: continue-on-error
SET 'parallelism.default' = '2';
SET 'pipeline.name' = 'my job';
SET;
SET 'paralelism.default' = '2';
SET 'parallelism.default' = 'two';
RESET 'pipeline.name';
RESET;
SET;
CREATE TABLE src (id BIGINT, amount DOUBLE) WITH ('connector' = 'datagen', 'number-of-rows' = '10');
CREATE TABLE sink_a (id BIGINT) WITH ('connector' = 'blackhole');
CREATE TABLE sink_b (amount DOUBLE) WITH ('connector' = 'blackhole');
EXPLAIN SELECT id FROM src WHERE amount > 10;
EXPLAIN PLAN FOR INSERT INTO sink_a SELECT id FROM src;
EXPLAIN CHANGELOG_MODE SELECT id + 1 AS next_id FROM src;
EXPLAIN STATEMENT SET BEGIN INSERT INTO sink_a SELECT id FROM src; INSERT INTO sink_b SELECT amount FROM src; END;
INSERT OVERWRITE sink_a SELECT id FROM src;
STOP JOB 'ffffffffffffffffffffffffffffffff';
EXPLAIN SELECT nope FROM src;
