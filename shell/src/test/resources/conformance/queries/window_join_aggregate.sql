-- What may follow a window join: its window columns stay window columns and its window_time a
-- rowtime attribute, so a window aggregate, a window Top-N or a cascading window runs over it and
-- emits each window's rows once, when the window fires. Both inputs end with the maximum watermark.
SET 'parallelism.default' = '1';

CREATE TABLE l (ts TIMESTAMP(3), id INT, v STRING, WATERMARK FOR ts AS ts)
WITH ('connector' = 'filesystem', 'path' = 'src/test/resources/conformance/data/window_join/left', 'format' = 'csv');

CREATE TABLE r (ts TIMESTAMP(3), id INT, v STRING, WATERMARK FOR ts AS ts)
WITH ('connector' = 'filesystem', 'path' = 'src/test/resources/conformance/data/window_join/right', 'format' = 'csv');

CREATE VIEW lw AS SELECT * FROM TABLE(TUMBLE(TABLE l, DESCRIPTOR(ts), INTERVAL '5' MINUTES));

CREATE VIEW rw AS SELECT * FROM TABLE(TUMBLE(TABLE r, DESCRIPTOR(ts), INTERVAL '5' MINUTES));

CREATE VIEW j AS
SELECT L.id, L.v AS lv, R.v AS rv, L.window_start, L.window_end, L.window_time AS wt, R.window_end AS rwe
FROM lw L JOIN rw R ON L.id = R.id AND L.window_start = R.window_start AND L.window_end = R.window_end;

SELECT window_start, window_end, COUNT(*) AS pairs, MAX(lv) AS last_left FROM j GROUP BY window_start, window_end;

SELECT window_start, window_end, id, COUNT(*) AS pairs FROM j GROUP BY window_start, window_end, id;

-- Either side's window columns stand for both in an inner join.
SELECT window_start, rwe, wt, SUM(id) AS ids FROM j GROUP BY window_start, rwe, wt;

SELECT * FROM (
  SELECT id, lv, rv, window_start, window_end,
    ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY rv DESC) AS rn
  FROM j)
WHERE rn <= 1;

CREATE VIEW jt AS SELECT id, wt FROM j;

SELECT window_start, window_end, COUNT(*) AS pairs
FROM TABLE(TUMBLE(TABLE jt, DESCRIPTOR(wt), INTERVAL '10' MINUTES)) GROUP BY window_start, window_end;

-- The left side of a LEFT window join is never padded: its windows stay window columns.
CREATE VIEW lj AS
SELECT L.id, R.v AS rv, L.window_start, L.window_end
FROM lw L LEFT JOIN rw R ON L.id = R.id AND L.window_start = R.window_start AND L.window_end = R.window_end;

SELECT window_start, window_end, COUNT(*) AS rows_in_window, COUNT(rv) AS matched FROM lj
GROUP BY window_start, window_end;
