-- conformance: continue-on-error
SELECT nope FROM (VALUES (1)) AS t(x);

SELECT x FROM (VALUES (1)) AS t(x) WHERE;

SELECT X FROM (VALUES (1)) AS t(x);

SELECT 1 AS ok;
