-- conformance: continue-on-error
-- Result types where Flink's rules differ from Calcite's, and booleans as Flink's tableau prints them.
CREATE TEMPORARY VIEW division AS SELECT 7.0 / 2 AS a, CAST(1 AS DECIMAL(5, 2)) / CAST(3 AS DECIMAL(4, 1)) AS b,
  CAST(1 AS DECIMAL(38, 10)) / 3 AS c, 7 / 2 AS d, 7.0 / CAST(2 AS DOUBLE) AS e;
DESCRIBE division;
SELECT * FROM division;
CREATE TEMPORARY VIEW signs AS SELECT SIGN(CAST(-2.5 AS DECIMAL(5, 2))) AS a, SIGN(CAST(0 AS DECIMAL(3, 1))) AS b,
  SIGN(4.25) AS c, SIGN(-3) AS d;
DESCRIBE signs;
SELECT * FROM signs;
CREATE TEMPORARY VIEW nows AS SELECT LOCALTIMESTAMP AS lt, CURRENT_TIMESTAMP AS ct, NOW() AS n, CURRENT_DATE AS cd;
DESCRIBE nows;
SELECT COALESCE(NULL, 1) AS a, COALESCE(NULL, 'x', NULL) AS b, COALESCE(CAST(NULL AS INT), NULL, 2) AS c;
SELECT TRUE AS t, FALSE AS f, CAST(NULL AS BOOLEAN) AS n, 1 < 2 AS lt;
-- errors
SELECT COALESCE(NULL, NULL);
