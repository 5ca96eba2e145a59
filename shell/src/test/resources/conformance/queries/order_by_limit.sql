-- conformance: continue-on-error
-- ORDER BY, LIMIT, OFFSET and FETCH in streaming mode, as Flink runs them: a sort without LIMIT
-- only on a time attribute, ascending (a temporal sort: rows wait for the watermark, or for the
-- next millisecond on processing time); ORDER BY … LIMIT an updating Top-N; LIMIT alone the first rows.
CREATE TABLE o (id INT, cust STRING, amt INT, ts TIMESTAMP(3), pt AS PROCTIME(),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'filesystem', 'path' = 'src/test/resources/conformance/data/timed_orders', 'format' = 'json');

-- Temporal sort: rows of one time keep their arrival order unless secondary keys say otherwise.
SELECT id, cust, ts FROM o ORDER BY ts;
SELECT id, cust, ts FROM o ORDER BY ts, id DESC;
SELECT id FROM o ORDER BY pt;
SELECT id, ts FROM o WHERE id > 1 ORDER BY ts;
CREATE VIEW by_time AS SELECT id, ts FROM o ORDER BY ts;
SELECT * FROM by_time;
-- An ORDER BY in a subquery is dropped, as Flink drops it.
SELECT * FROM (SELECT id, amt FROM o ORDER BY amt) AS x;

-- Top-N: a row entering the top pushes the last one out (-D, then +I); NULL is the smallest value.
SELECT id, amt FROM o ORDER BY amt DESC LIMIT 2;
SELECT id, amt FROM o ORDER BY amt LIMIT 2;
SELECT id, amt FROM o ORDER BY ts DESC LIMIT 2;
SELECT cust, id, ts FROM o ORDER BY ts, cust DESC LIMIT 3;
-- With an offset each position is updated (-U, +U).
SELECT id, amt FROM o ORDER BY amt DESC LIMIT 2 OFFSET 1;
SELECT id FROM o ORDER BY id OFFSET 2 ROWS FETCH NEXT 2 ROWS ONLY;
SELECT * FROM (SELECT id, amt FROM o ORDER BY amt DESC LIMIT 3) WHERE id > 1;
-- Over an updating input a retracted row lets the next one in.
SELECT cust, SUM(amt) AS s FROM o GROUP BY cust ORDER BY s DESC LIMIT 2;
SELECT * FROM (VALUES (1), (2), (3)) AS t(x) ORDER BY x DESC LIMIT 2;

-- LIMIT alone: the first rows, insert-only over an insert-only input.
SELECT id, cust, amt, ts FROM o LIMIT 200;
SELECT id FROM o LIMIT 2;
SELECT id FROM o LIMIT 2 OFFSET 1;
SELECT id FROM o FETCH FIRST 2 ROWS ONLY;
SELECT id FROM o OFFSET 3 ROWS FETCH FIRST 1 ROWS ONLY;
SELECT cust, COUNT(*) AS c FROM o GROUP BY cust LIMIT 2;
SELECT * FROM (VALUES (1), (2), (3)) AS t(x) LIMIT 2;
SELECT id FROM o LIMIT 0;

-- What a stream cannot sort.
SELECT id FROM o ORDER BY id;
SELECT id, ts FROM o ORDER BY ts DESC;
SELECT id FROM o ORDER BY cust, ts;
SELECT id FROM o OFFSET 3;
SELECT id FROM o ORDER BY id OFFSET 2;
