-- IF, CASE, COALESCE, NULLIF, IN, BETWEEN, LIKE, SIMILAR TO, with NULLs.
SELECT IF(1 < 2, 'yes', 'no') AS a, IF(1 > 2, 'yes', 'no') AS b;

SELECT x, IF(x > 1, x * 10, -x) AS y FROM (VALUES (1), (2), (CAST(NULL AS INT))) AS t(x);

SELECT IF(CAST(NULL AS BOOLEAN), 1, 2) AS null_condition;

SELECT x, CASE WHEN x = 1 THEN 'one' WHEN x = 2 THEN 'two' ELSE 'many' END AS word
FROM (VALUES (1), (2), (3)) AS t(x);

SELECT x, CASE x WHEN 1 THEN 'one' END AS no_else FROM (VALUES (1), (2)) AS t(x);

SELECT x, COALESCE(x, 0) AS c, COALESCE(CAST(NULL AS INT), x, 42) AS d
FROM (VALUES (7), (CAST(NULL AS INT))) AS t(x);

SELECT NULLIF(1, 1) AS same, NULLIF(1, 2) AS different, NULLIF('a', 'b') AS strings;

SELECT x IN (1, 2, 3) AS in_list, x NOT IN (1, 2) AS not_in FROM (VALUES (2), (5)) AS t(x);

SELECT x IN (1, 2) AS null_in FROM (VALUES (CAST(NULL AS INT))) AS t(x);

SELECT 'b' IN ('a', 'b') AS s1, 'z' IN ('a', 'b') AS s2;

SELECT x BETWEEN 1 AND 10 AS b1, x NOT BETWEEN 1 AND 10 AS b2, x BETWEEN 10 AND 1 AS asym,
       x BETWEEN SYMMETRIC 10 AND 1 AS sym
FROM (VALUES (5), (11)) AS t(x);

SELECT 'hello' LIKE 'h%' AS l1, 'hello' LIKE '_ello' AS l2, 'hello' LIKE 'H%' AS case_sensitive,
       'hello' NOT LIKE '%z%' AS l3;

SELECT '10%' LIKE '10!%' ESCAPE '!' AS escaped, '10x' LIKE '10!%' ESCAPE '!' AS escaped_no,
       'a_b' LIKE 'a\_b' ESCAPE '\' AS backslash;

SELECT CAST(NULL AS STRING) LIKE 'a%' AS null_like, '' LIKE '%' AS empty_like, '' LIKE '_' AS empty_one;

SELECT 'abc' SIMILAR TO 'a(b|c)c' AS s1, 'abd' SIMILAR TO 'a(b|c)c' AS s2, 'aaa' SIMILAR TO 'a+' AS s3,
       'abc' NOT SIMILAR TO '%b%' AS s4;

SELECT TRUE AND CAST(NULL AS BOOLEAN) AS t_and_null, FALSE AND CAST(NULL AS BOOLEAN) AS f_and_null,
       TRUE OR CAST(NULL AS BOOLEAN) AS t_or_null, NOT CAST(NULL AS BOOLEAN) AS not_null;

SELECT x IS NULL AS is_null, x IS NOT NULL AS is_not_null, x IS DISTINCT FROM 1 AS distinct_from
FROM (VALUES (1), (CAST(NULL AS INT))) AS t(x);

SELECT b IS TRUE AS is_true, b IS NOT FALSE AS not_false, b IS UNKNOWN AS is_unknown
FROM (VALUES (TRUE), (FALSE), (CAST(NULL AS BOOLEAN))) AS t(b);

SELECT GREATEST(1, 5, 3) AS g, LEAST(1, 5, 3) AS l, IFNULL(CAST(NULL AS STRING), 'dflt') AS ifn;

SELECT IS_ALPHA('abc') AS a1, IS_ALPHA('ab1') AS a2, IS_ALPHA('') AS a3, IS_ALPHA(CAST(NULL AS STRING)) AS a4, IS_ALPHA('äb') AS a5,
       IS_ALPHA(1) AS a_number;

SELECT IS_DECIMAL('1.5') AS d1, IS_DECIMAL('x') AS d2, IS_DECIMAL('1e3') AS d3, IS_DECIMAL(' 1') AS d4, IS_DECIMAL('NaN') AS d5,
       IS_DECIMAL(CAST(NULL AS STRING)) AS d6, IS_DECIMAL(1.5) AS d_decimal, IS_DECIMAL(7) AS d_int,
       IS_DECIMAL(CAST(1.5 AS DOUBLE)) AS d_double;

SELECT IS_DIGIT('123') AS g1, IS_DIGIT('1.2') AS g2, IS_DIGIT('-1') AS g3, IS_DIGIT('') AS g4, IS_DIGIT('٣') AS g5,
       IS_DIGIT(123) AS g_int, IS_DIGIT(1.5) AS g_decimal;

SELECT CASE 1 WHEN 1, 2 THEN 'a' ELSE 'b' END AS several_values, IFNULL(CAST(NULL AS INT), 5) AS ifn,
       GREATEST(1, CAST(NULL AS INT)) AS g_null, LEAST('b', 'a') AS l_str;
