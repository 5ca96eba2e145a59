-- String functions with values, NULLs, empty strings and edge cases.
SELECT CHAR_LENGTH('hello') AS n, CHAR_LENGTH('') AS empty_s, CHARACTER_LENGTH('äöü') AS umlauts;

SELECT UPPER('Hello World') AS up, LOWER('Hello World') AS low, UPPER('') AS empty_s;

SELECT s, UPPER(s) AS up, CHAR_LENGTH(s) AS n FROM (VALUES ('ab'), (CAST(NULL AS STRING))) AS t(s);

SELECT TRIM('  both  ') AS b, LTRIM('  left') AS l, RTRIM('right  ') AS r;

SELECT TRIM(LEADING 'x' FROM 'xxaxx') AS lead_x, TRIM(TRAILING 'x' FROM 'xxaxx') AS trail,
       TRIM(BOTH 'x' FROM 'xxaxx') AS both_x;

SELECT SUBSTRING('hello' FROM 2) AS s1, SUBSTRING('hello' FROM 2 FOR 3) AS s2, SUBSTRING('hello', 1, 2) AS s3;

SELECT SUBSTR('hello', 3) AS s1, SUBSTR('hello', 2, 2) AS s2, SUBSTRING('hello' FROM 10) AS past_end;

SELECT REPLACE('banana', 'a', 'o') AS r1, REPLACE('banana', 'an', '') AS r2, REPLACE('abc', 'x', 'y') AS no_match;

SELECT CONCAT('a', 'b', 'c') AS c, CONCAT('a', CAST(NULL AS STRING)) AS with_null, 'a' || 'b' AS pipes;

SELECT CONCAT_WS('-', 'a', 'b', 'c') AS ws, CONCAT_WS('-', 'a', CAST(NULL AS STRING), 'c') AS skips_null,
       CONCAT_WS(CAST(NULL AS STRING), 'a', 'b') AS null_sep;

SELECT LPAD('hi', 5, 'xy') AS lp, RPAD('hi', 5, 'xy') AS rp, LPAD('hello', 3, 'x') AS lp_cut, RPAD('hello', 3, 'x') AS rp_cut;

SELECT POSITION('l' IN 'hello') AS p1, POSITION('z' IN 'hello') AS p2, POSITION('' IN 'hello') AS p3;

SELECT LOCATE('l', 'hello') AS l1, LOCATE('l', 'hello', 4) AS l2, LOCATE('z', 'hello') AS l3,
       LOCATE('l', CAST(NULL AS STRING)) AS l4;

SELECT INITCAP('hello wORLD') AS i1, INITCAP('a-b c_d') AS i2, INITCAP('') AS i3;

SELECT SPLIT_INDEX('a,b,c', ',', 0) AS first_part, SPLIT_INDEX('a,b,c', ',', 2) AS last_part,
       SPLIT_INDEX('a,b,c', ',', 3) AS beyond, SPLIT_INDEX('a,b,c', ',', -1) AS negative;

SELECT SPLIT_INDEX('a||b', '||', 1) AS multi_char, SPLIT_INDEX('a.b', '.', 1) AS not_a_regex;

SELECT REGEXP_EXTRACT('foothebar', 'foo(.*?)(bar)', 2) AS g2, REGEXP_EXTRACT('foothebar', 'foo(.*?)(bar)', 1) AS g1,
       REGEXP_EXTRACT('foothebar', 'foo(.*?)(bar)', 0) AS g0;

SELECT REGEXP_EXTRACT('abc', 'x(.)', 1) AS no_match, REGEXP_EXTRACT('abc', '(b)', 5) AS no_group,
       REGEXP_EXTRACT('abc123', '[0-9]+') AS default_group;

SELECT REGEXP_REPLACE('foobar', 'oo|ar', '') AS r1, REGEXP_REPLACE('a1b22c', '[0-9]+', '#') AS r2,
       REGEXP_REPLACE('abc', 'x', 'y') AS unchanged;

SELECT REPEAT('ab', 3) AS r1, REPEAT('ab', 0) AS r0, REPEAT('ab', -1) AS negative;

SELECT REVERSE('abc') AS r1, REVERSE('') AS r2, REVERSE(CAST(NULL AS STRING)) AS r3;

SELECT TO_BASE64('hello') AS b64, FROM_BASE64('aGVsbG8=') AS plain, TO_BASE64('') AS empty_s;

SELECT FROM_BASE64(TO_BASE64('round trip')) AS round_trip, FROM_BASE64(CAST(NULL AS STRING)) AS null_in;

SELECT MD5('') AS md5_empty;

SELECT SHA256('abc') AS sha;

SELECT MD5(CAST(NULL AS STRING)) AS md5_null, SHA256(CAST(NULL AS STRING)) AS sha_null;

SELECT s, CHAR_LENGTH(s) AS n FROM (VALUES (CAST('a' AS STRING)), ('bcd')) AS t(s);
