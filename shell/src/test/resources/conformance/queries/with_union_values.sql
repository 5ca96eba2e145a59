-- Common table expressions, UNION ALL and VALUES.
WITH t (id, name) AS (VALUES (1, 'alice'), (2, 'bob'))
SELECT id, name FROM t;

WITH a AS (SELECT 1 AS x), b AS (SELECT x + 1 AS y FROM a)
SELECT y FROM b;

SELECT * FROM (VALUES (1, 'a'), (2, 'b'), (3, 'c')) AS t(id, s) WHERE id > 1;

-- The branches of UNION ALL run in parallel, so their rows interleave in any order:
-- these unions give the same rows whatever the order.
SELECT x FROM (VALUES (1)) AS t(x)
UNION ALL
SELECT x FROM (VALUES (1)) AS t(x);

WITH t AS (SELECT * FROM (VALUES (10), (20)) AS v(n))
SELECT n FROM t WHERE n > 15 UNION ALL SELECT n * 2 FROM t WHERE n > 100;

SELECT 'a' AS s UNION ALL SELECT 'a' UNION ALL SELECT 'a';

VALUES (1, 'one'), (2, 'two');

SELECT 1 + 1, 'x' || 'y', TRUE AND FALSE;
