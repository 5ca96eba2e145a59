-- conformance: continue-on-error
-- Calls that do not validate fail at the function's position; the session goes on.
SELECT NO_SUCH_FUNCTION(1);

SELECT LOCATE(1, 'abc');

SELECT SPLIT_INDEX('a,b');

SELECT DATE_FORMAT(42, 'yyyy');

SELECT IF(1, 'a', 'b');

SELECT UPPER(1);

SELECT 1 + 'a';

SELECT REGEXP_EXTRACT('abc', '(b)', 1) AS still_works;
