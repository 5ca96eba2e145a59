-- Functions applied to columns of a VALUES table, with NULLs in every column.
WITH people (name, city, born, score) AS (
  VALUES ('alice', 'Paris', DATE '1990-02-28', 7),
         ('bob', 'Rome', DATE '2000-02-29', -3),
         (CAST(NULL AS STRING), CAST(NULL AS STRING), CAST(NULL AS DATE), CAST(NULL AS INT))
)
SELECT UPPER(name) AS up, INITCAP(name) AS cap, CHAR_LENGTH(city) AS len, YEAR(born) AS y, ABS(score) AS a
FROM people;

WITH people (name, score) AS (VALUES ('alice', 7), ('bob', -3), (CAST(NULL AS STRING), CAST(NULL AS INT)))
SELECT name, IF(score > 0, 'pos', 'neg') AS sign_word, COALESCE(name, 'anon') AS shown,
       CASE WHEN score IS NULL THEN 'none' WHEN score > 5 THEN 'high' ELSE 'low' END AS bucket
FROM people;

WITH t (s) AS (VALUES ('a-b-c'), ('x'), (CAST(NULL AS STRING)))
SELECT s, SPLIT_INDEX(s, '-', 1) AS second_part, LOCATE('-', s) AS dash, REPLACE(s, '-', '+') AS plus,
       REVERSE(s) AS rev
FROM t;

WITH t (s) AS (VALUES ('2024-02-29 13:45:10'), ('bad'), (CAST(NULL AS STRING)))
SELECT s, TO_TIMESTAMP(s) AS ts, TRY_CAST(s AS TIMESTAMP(0)) AS try_ts
FROM t;

WITH t (j) AS (VALUES ('{"id": 1, "tags": ["a", "b"]}'), ('{"id": 2}'), ('oops'))
SELECT JSON_VALUE(j, '$.id' RETURNING INT) AS id, JSON_QUERY(j, '$.tags') AS tags, j IS JSON AS valid
FROM t;

WITH t (n) AS (VALUES (0), (1), (-1), (100))
SELECT n, MOD(n, 3) AS m, POWER(n, 2) AS sq, SIGN(n) AS sgn, n BETWEEN -1 AND 1 AS small
FROM t;

WITH t (a, b) AS (VALUES ('x', 'y'), ('x', CAST(NULL AS STRING)))
SELECT CONCAT(a, b) AS c, CONCAT_WS('/', a, b) AS ws, a || COALESCE(b, '?') AS pipe FROM t;

SELECT name FROM (VALUES ('anna'), ('bert'), ('carl')) AS t(name) WHERE name LIKE '%r%' AND name NOT LIKE 'c%';

SELECT name FROM (VALUES ('anna'), ('bert'), ('carl')) AS t(name) WHERE name IN ('anna', 'carl');

SELECT x FROM (VALUES (1), (5), (10)) AS t(x) WHERE x BETWEEN 2 AND 10;

SELECT x, NULLIF(x, 0) AS nz FROM (VALUES (0), (3)) AS t(x);

WITH t (ts) AS (VALUES (TIMESTAMP '2024-12-31 23:59:59'), (TIMESTAMP '2024-02-29 00:00:00'))
SELECT ts, TIMESTAMPADD(SECOND, 1, ts) AS next_second, DATE_FORMAT(ts, 'yyyy') AS y, EXTRACT(DAY FROM ts) AS d
FROM t;
