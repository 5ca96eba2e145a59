-- conformance: continue-on-error
-- Aggregate functions as Flink has them: FIRST_VALUE/LAST_VALUE (NULLs skipped), STDDEV_POP,
-- STDDEV_SAMP, VAR_POP, VAR_SAMP (Welford's algorithm in DOUBLE, cast to the argument's type),
-- JSON_ARRAYAGG and JSON_OBJECTAGG; in group aggregation (with retraction), window aggregation and
-- OVER windows where Flink supports them. BIT_AND/BIT_OR/BIT_XOR are not Flink functions.
CREATE TABLE o (id INT, cust STRING, amt INT, ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'filesystem', 'path' = 'src/test/resources/conformance/data/timed_orders', 'format' = 'json');

CREATE VIEW per_cust AS SELECT cust, FIRST_VALUE(amt) AS f, LAST_VALUE(amt) AS l, STDDEV_POP(amt) AS sp,
  STDDEV_SAMP(amt) AS ss, VAR_POP(amt) AS vp, VAR_SAMP(amt) AS vs, JSON_ARRAYAGG(amt) AS ja,
  JSON_OBJECTAGG(KEY CAST(id AS STRING) VALUE amt) AS jo
FROM o GROUP BY cust;
DESCRIBE per_cust;
SELECT * FROM per_cust;

CREATE VIEW typed AS SELECT STDDEV_POP(CAST(amt AS DOUBLE)) AS sp, VAR_SAMP(CAST(amt AS DECIMAL(10, 2))) AS vs,
  STDDEV_POP(CAST(amt AS FLOAT)) AS f, VAR_POP(CAST(amt AS SMALLINT)) AS t, VAR_POP(CAST(amt AS BIGINT)) AS b FROM o;
DESCRIBE typed;
SELECT * FROM typed;
SELECT STDDEV(amt) AS s, VARIANCE(amt) AS v FROM o;
SELECT STDDEV_POP(DISTINCT amt) AS a, VAR_SAMP(amt) FILTER (WHERE id > 1) AS b, FIRST_VALUE(DISTINCT cust) AS c FROM o;
SELECT cust, VAR_POP(amt) AS v FROM o GROUP BY cust HAVING VAR_POP(amt) > 0;
SELECT STDDEV_POP(amt) AS sp, JSON_ARRAYAGG(amt) AS ja FROM o WHERE id > 10;
SELECT FIRST_VALUE(amt) AS f, LAST_VALUE(amt) AS l, FIRST_VALUE(cust) AS fc FROM o;

SELECT JSON_ARRAYAGG(amt NULL ON NULL) AS a, JSON_ARRAYAGG(cust ABSENT ON NULL) AS b,
  JSON_OBJECTAGG(cust VALUE amt NULL ON NULL) AS c FROM o WHERE id < 3;
SELECT JSON_OBJECTAGG(cust VALUE amt ABSENT ON NULL) AS c FROM o WHERE id = 3;
SELECT JSON_OBJECTAGG(KEY CAST(id AS STRING) VALUE cust) AS c FROM o;
SELECT JSON_OBJECTAGG(cust VALUE amt) AS c FROM o;

-- Over updating input (the inner aggregate retracts its earlier counts).
SELECT cust, FIRST_VALUE(s) AS f, LAST_VALUE(s) AS l, VAR_POP(s) AS vp, JSON_ARRAYAGG(s) AS ja
FROM (SELECT cust, id, SUM(amt) AS s FROM o GROUP BY cust, id) GROUP BY cust;
SELECT c, JSON_ARRAYAGG(cust) AS ja, JSON_OBJECTAGG(cust VALUE c) AS jo, STDDEV_SAMP(c) AS sd
FROM (SELECT cust, COUNT(*) AS c FROM o GROUP BY cust) GROUP BY c;

-- Window aggregation.
SELECT window_start, STDDEV_POP(amt) AS sp, VAR_SAMP(amt) AS vs, FIRST_VALUE(amt) AS f, LAST_VALUE(id) AS l,
  JSON_ARRAYAGG(id) AS ja, JSON_OBJECTAGG(KEY CAST(id AS STRING) VALUE cust) AS jo
FROM TABLE(TUMBLE(TABLE o, DESCRIPTOR(ts), INTERVAL '10' SECOND)) GROUP BY window_start, window_end;

-- OVER windows: STDDEV and VAR as SqlToRel expands them there, FIRST_VALUE and LAST_VALUE.
SELECT id, STDDEV_POP(amt) OVER (ORDER BY ts ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS sp,
  VAR_SAMP(amt) OVER (ORDER BY ts ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS vs,
  FIRST_VALUE(amt) OVER (ORDER BY ts ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS f,
  LAST_VALUE(amt) OVER (ORDER BY ts ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS l
FROM o;

-- Errors as Flink's.
SELECT BIT_AND(amt) FROM o;
SELECT BIT_OR(amt) FROM o;
SELECT BIT_XOR(amt) FROM o;
SELECT FIRST_VALUE(amt, 1) FROM o;
SELECT id, JSON_ARRAYAGG(amt) OVER (ORDER BY ts) AS ja FROM o;
