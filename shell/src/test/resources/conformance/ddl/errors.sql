-- conformance: continue-on-error
CREATE TABLE t (id BIGINT, id STRING) WITH ('connector' = 'blackhole');
CREATE TABLE t (id BIGINT, PRIMARY KEY (id)) WITH ('connector' = 'blackhole');
CREATE TABLE t (id BIGINT, PRIMARY KEY (nope) NOT ENFORCED) WITH ('connector' = 'blackhole');
CREATE TABLE t (id BIGINT, ts TIMESTAMP(3), WATERMARK FOR tz AS tz) WITH ('connector' = 'blackhole');
CREATE TABLE t (id BIGINT, WATERMARK FOR id AS id) WITH ('connector' = 'blackhole');
CREATE TABLE t (id BIGINT, doubled AS idd * 2) WITH ('connector' = 'blackhole');
CREATE TABLE t (id BIGINT, ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp') WITH ('connector' = 'datagen');
CREATE TABLE t (id BIGINT) WITH ('connector' = 'datagen', 'rows-per-secnd' = '5');
CREATE TABLE t (id BIGINT) WITH ('connector' = 'dategen');
CREATE TABLE t (id BIGINT) WITH ('connector' = 'filesystem', 'format' = 'json');
CREATE TABLE t (id BIGINT) WITH ('connector' = 'datagen', 'number-of-rows' = 'many');
CREATE TABLE t (id BIGINT) WITH ('connector' = 'datagen', 'fields.idd.kind' = 'sequence');
CREATE TABLE t (id BIGINT) WITH ('connector' = 'blackhole', 'connector' = 'print');
CREATE TABLE t (id BIGINT) LIKE nowhere;
SHOW TABLES;
