-- conformance: continue-on-error
-- Flink functions Runnel cannot run yet fail at their position; the session goes on.
SELECT 1 AS a,
       REGEXP_EXTRACT_ALL('a1b2', '[0-9]') AS b;

SELECT PARSE_JSON('{"a":1}'), TRY_PARSE_JSON('x');

SELECT BITMAP_BUILD(1);

SELECT CURRENT_WATERMARK(TIMESTAMP '2024-01-01 00:00:00');

SELECT OBJECT_OF('com.example.User', 'name', 'Bob');

SELECT JSON('{}');

SELECT TO_TIMESTAMP_LTZ(1, 10);

SELECT TO_TIMESTAMP_LTZ('2024-01-02', 'yyyy-MM-dd', 'bogus');

SELECT JSON_OBJECT('d' VALUE DATE '2024-01-01');

SELECT EXTRACT(MICROSECOND FROM TIME '01:02:03');

SELECT ELT(1, 'a');

SELECT JSON_STRING(TIME '01:02:03');

SELECT 'still running' AS after_errors;
