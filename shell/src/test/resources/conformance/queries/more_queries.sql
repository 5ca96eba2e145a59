-- Nested queries, aliases, filters and projections over VALUES.
SELECT t.a + t.b AS total FROM (VALUES (1, 2), (3, 4)) AS t(a, b);

SELECT * FROM (SELECT a * 2 AS doubled FROM (VALUES (1), (2)) AS t(a)) WHERE doubled > 2;

WITH base AS (SELECT * FROM (VALUES (1, 'x'), (2, 'y')) AS t(id, tag))
SELECT b.tag, b.id FROM base AS b WHERE b.id = 2;

SELECT UPPER(tag) AS tag FROM (VALUES ('x')) AS t(tag);

SELECT id FROM (VALUES (1), (2), (3)) AS t(id) WHERE id <> 2 AND (id = 1 OR id = 3);

SELECT 'it''s' AS s, x AS `weird name!` FROM (VALUES (1)) AS t(x);

SELECT 1 AS a,
       2 AS b  -- line comment after a column
     , 3 AS c;

/* leading block comment */ SELECT 'after comment' AS s;

sElEcT aBs(-1) AS lower_case_function;

SELECT x FROM (VALUES (1)) AS t(x) WHERE FALSE;
