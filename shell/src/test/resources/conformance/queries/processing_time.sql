-- conformance: continue-on-error
-- Processing time: OVER ordered by a PROCTIME() attribute, interval joins of two PROCTIME()
-- attributes, and what Flink refuses. Rows meet by when they arrive, so each query has an outcome
-- that does not depend on timing: rows reach the OVER in the order the source makes them, hour-long
-- bounds let every row of a key meet, and an interval wholly in a row's past pads it at once.
SET 'parallelism.default' = '1';

CREATE TABLE orders (id INT, p AS PROCTIME()) WITH ('connector' = 'datagen', 'number-of-rows' = '6',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '6');

CREATE TABLE refunds (order_id INT, q AS PROCTIME()) WITH ('connector' = 'datagen', 'number-of-rows' = '1',
  'fields.order_id.kind' = 'sequence', 'fields.order_id.start' = '4', 'fields.order_id.end' = '4');

CREATE VIEW o AS SELECT id, CASE WHEN MOD(id, 2) = 0 THEN 'even' ELSE 'odd' END AS k, id * 10 AS amount, p
FROM orders;

-- The default frame of ORDER BY p: each row with every row of its partition before it.
SELECT id, k, COUNT(*) OVER (PARTITION BY k ORDER BY p) AS cnt, SUM(amount) OVER (PARTITION BY k ORDER BY p) AS total
FROM o;

SELECT id, k,
  SUM(amount) OVER (PARTITION BY k ORDER BY p ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS total,
  MIN(amount) OVER (PARTITION BY k ORDER BY p ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS smallest,
  COUNT(*) OVER (PARTITION BY k ORDER BY p ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS cnt
FROM o;

SELECT id, SUM(amount) OVER (ORDER BY p ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS last_three FROM o;

SELECT id, COUNT(DISTINCT k) OVER (ORDER BY p ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS kinds FROM o;

-- RANGE and ROWS alike: Flink's unbounded processing-time OVER makes no peers of rows of one millisecond.
SELECT id, AVG(amount) OVER (ORDER BY p RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS average FROM o;

-- An interval join on arrival times: both rows arrive within the hour.
SELECT o.id, o.k, r.order_id FROM o JOIN refunds r
  ON o.id = r.order_id AND o.p BETWEEN r.q - INTERVAL '1' HOUR AND r.q + INTERVAL '1' HOUR;

SELECT COUNT(*) AS matched FROM orders a, orders b
WHERE a.id = b.id AND a.p >= b.p - INTERVAL '1' HOUR AND a.p < b.p + INTERVAL '1' HOUR;

-- Outer rows are padded when they can no longer match: only after the hour, so not in a bounded run.
SELECT o.id, r.order_id FROM o FULL JOIN refunds r
  ON o.id = r.order_id AND o.p BETWEEN r.q - INTERVAL '1' HOUR AND r.q + INTERVAL '1' HOUR;

-- An order may only meet refunds that arrived an hour or more before it: none can come, so it is padded at once.
SELECT o.id, r.order_id FROM o LEFT JOIN refunds r
  ON o.id = r.order_id AND o.p BETWEEN r.q + INTERVAL '1' HOUR AND r.q + INTERVAL '2' HOUR;

-- FOR SYSTEM_TIME AS OF a processing-time attribute runs only as a lookup join; Flink refuses the rest.
CREATE TABLE rates (currency STRING, rate INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts,
  PRIMARY KEY (currency) NOT ENFORCED) WITH ('connector' = 'datagen');

CREATE TABLE plain_rates (currency STRING, rate INT) WITH ('connector' = 'datagen');

SELECT o.id, r.rate FROM o JOIN rates FOR SYSTEM_TIME AS OF o.p AS r ON o.k = r.currency;

SELECT o.id, r.rate FROM o LEFT JOIN rates FOR SYSTEM_TIME AS OF o.p AS r ON o.k = r.currency;

SELECT o.id, r.rate FROM o JOIN plain_rates FOR SYSTEM_TIME AS OF o.p AS r ON o.k = r.currency;

SELECT o.id, r.rate FROM o JOIN plain_rates FOR SYSTEM_TIME AS OF o.p AS r ON o.k > r.currency;

-- A temporal table function needs Flink's Table API to register it: SQL does not know it.
SELECT o.id, r.rate FROM o, LATERAL TABLE (Rates(o.p)) AS r WHERE o.k = r.currency;

-- A window join waits for the watermark; there is none on processing time.
SELECT L.id FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(p), INTERVAL '1' MINUTE)) L
  JOIN TABLE(TUMBLE(TABLE orders, DESCRIPTOR(p), INTERVAL '1' MINUTE)) R
  ON L.id = R.id AND L.window_start = R.window_start AND L.window_end = R.window_end;
