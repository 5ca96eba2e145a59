-- conformance: continue-on-error
-- Errors that say what to do: an unknown statement word, a reserved word as a name, a CAST of a non-number.
SELEC * FROM (VALUES (1)) AS t(x);

  INSRT INTO t SELECT 1;

SELECT 1 AS value;

SELECT 1 AS `value`;

CREATE TABLE user (a INT) WITH ('connector' = 'datagen');

SELECT CAST(s AS INT) AS x FROM (VALUES ('1'), ('abc')) AS v(s);

SELECT TRY_CAST(s AS INT) AS x FROM (VALUES ('1'), ('abc')) AS v(s);
