-- conformance: continue-on-error
-- Invalid input to CAST fails the query at runtime; TRY_CAST gives NULL instead.
SELECT CAST('abc' AS INT);

SELECT CAST(s AS INT) FROM (VALUES ('1'), ('1x')) AS t(s);

SELECT CAST('2024-13-01' AS DATE);

SELECT TRY_CAST('abc' AS INT) AS still_fine;
