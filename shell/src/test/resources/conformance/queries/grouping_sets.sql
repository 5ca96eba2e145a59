-- conformance: continue-on-error
-- GROUP BY GROUPING SETS, ROLLUP and CUBE with GROUPING, GROUPING_ID and GROUP_ID, planned as
-- Flink plans them (an Expand of each row per grouping set, an aggregate by the keys and the set's
-- id, a projection), in group aggregation (also over updating input) and window aggregation.
CREATE TABLE o (id INT, cust STRING, amt INT, ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
) WITH ('connector' = 'filesystem', 'path' = 'src/test/resources/conformance/data/timed_orders', 'format' = 'json');

SELECT cust, amt > 10 AS big, COUNT(*) AS c, SUM(amt) AS s FROM o GROUP BY GROUPING SETS ((cust), (amt > 10), ());
SELECT cust, id, COUNT(*) AS c, GROUPING(cust) AS g1, GROUPING(id) AS g2, GROUPING_ID(cust, id) AS gid
FROM o WHERE id < 4 GROUP BY ROLLUP (cust, id);
SELECT cust, id % 2 AS odd, COUNT(*) AS c, GROUPING_ID(cust, id % 2) AS gid FROM o GROUP BY CUBE (cust, id % 2);
SELECT cust, COUNT(*) AS c, GROUP_ID() AS gi FROM o GROUP BY GROUPING SETS ((cust), ());
SELECT cust, COUNT(*) AS c FROM o GROUP BY GROUPING SETS ((cust));
SELECT COUNT(*) AS c FROM o GROUP BY GROUPING SETS (());
SELECT cust, COUNT(*) AS c, SUM(amt) AS s FROM o GROUP BY ROLLUP (cust) HAVING COUNT(*) > 1;
-- Aggregates read the keys' real values, also in the sets that leave the key out.
SELECT cust, COUNT(DISTINCT amt) AS c, MAX(amt) AS m, COUNT(cust) AS n FROM o GROUP BY CUBE (cust);
-- Over an updating input the grouping sets retract too.
SELECT c, COUNT(*) AS n, GROUPING(c) AS g FROM (SELECT cust, COUNT(*) AS c FROM o GROUP BY cust) GROUP BY ROLLUP (c);

CREATE VIEW gv AS SELECT cust, id, COUNT(*) AS c, GROUPING(cust) AS g1, GROUPING_ID(cust, id) AS gid, GROUP_ID() AS gi
FROM o GROUP BY ROLLUP (cust, id);
DESCRIBE gv;

-- Window aggregation: the window bounds are in every set. Sorted on window_time so that the
-- rows of one window come in a fixed order.
SELECT * FROM (
  SELECT window_start, window_end, window_time, cust, COUNT(*) AS c, SUM(amt) AS s, GROUPING(cust) AS g
  FROM TABLE(TUMBLE(TABLE o, DESCRIPTOR(ts), INTERVAL '5' SECOND))
  GROUP BY window_start, window_end, window_time, ROLLUP (cust)
) ORDER BY window_time, cust;
SELECT * FROM (
  SELECT window_start, window_end, window_time, cust, COUNT(*) AS c
  FROM TABLE(TUMBLE(TABLE o, DESCRIPTOR(ts), INTERVAL '10' SECOND))
  GROUP BY GROUPING SETS ((window_start, window_end, window_time, cust), (window_start, window_end, window_time))
) ORDER BY window_time, cust;
