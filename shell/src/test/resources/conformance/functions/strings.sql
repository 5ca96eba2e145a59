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

-- Flink's string functions beyond standard SQL.
SELECT BTRIM('  a  ') AS b1, BTRIM('xyaxy', 'xy') AS b2, LTRIM('xyxa', 'xy') AS l2, RTRIM('axyx', 'xy') AS r2,
       LTRIM('a', CAST(NULL AS STRING)) AS null_chars;

SELECT STARTSWITH('abc', 'ab') AS s1, STARTSWITH('abc', '') AS s2, ENDSWITH('abc', 'bc') AS e1,
       ENDSWITH('abc', 'abcd') AS e2, STARTSWITH('abc', CAST(NULL AS STRING)) AS s_null,
       STARTSWITH(x'0102', x'01') AS bytes_s, ENDSWITH(x'0102', x'03') AS bytes_e;

SELECT REGEXP_COUNT('abcabc', 'b') AS c1, REGEXP_COUNT('aaa', 'a*') AS c2, REGEXP_COUNT('abc', '(') AS bad,
       REGEXP_INSTR('abc123', '[0-9]') AS i1, REGEXP_INSTR('abc', 'x') AS i0,
       REGEXP_SUBSTR('abc123def', '[0-9]+') AS s1, REGEXP_SUBSTR('abc', 'x') AS s0;

SELECT REGEXP('abc', 'b+') AS r1, REGEXP('abc', '^b') AS r2, REGEXP('abc', '') AS empty_regex,
       REGEXP(CAST(NULL AS STRING), 'a') AS r_null, REGEXP_REPLACE('abc', 'b', '$1') AS literal_replacement;

SELECT TRANSLATE('abcde', 'bd', 'BD') AS t1, TRANSLATE('abcde', 'bd', 'B') AS t2, TRANSLATE('aaa', 'aa', 'xy') AS t3,
       TRANSLATE('abc', CAST(NULL AS STRING), 'b') AS null_from, TRANSLATE('abc', 'a', CAST(NULL AS STRING)) AS null_to;

SELECT INSTR('hello', 'l') AS i1, INSTR('hello', 'l', 4) AS i2, INSTR('hello', 'l', 1, 2) AS i3,
       INSTR('hello', 'l', -1) AS i4, INSTR('hello', 'l', 0) AS i5, INSTR(CAST(NULL AS STRING), 'a') AS i6;

SELECT ELT(2, 'a', 'b', 'c') AS e1, ELT(4, 'a', 'b') AS e2, ELT(CAST(NULL AS INT), 'a', 'b') AS e3,
       TO_BASE64(ELT(2, x'01', x'02')) AS e4;

SELECT PRINTF('%s-%d', 'a', 5) AS p1, PRINTF('%08.3f', CAST(-2.5 AS DOUBLE)) AS p2, PRINTF('%5.2f', 3.14159) AS decimal_f,
       PRINTF('%s', 1.5) AS decimal_s, PRINTF('%s', DATE '2024-01-01') AS date_s, PRINTF('%s', CAST(NULL AS INT)) AS null_arg;

SELECT PRINTF('%x', 255) AS hex, PRINTF(CAST(NULL AS STRING), 1) AS null_format, PRINTF('%d', 'a') AS mismatch,
       PRINTF('no args') AS plain, PRINTF('%s', TIMESTAMP '2024-01-01 00:00:00') AS ts, PRINTF('%s %s', 'a') AS missing;

SELECT ASCII('abc') AS a1, ASCII('') AS a2, ASCII('é') AS a3, ASCII(CAST(NULL AS STRING)) AS a4,
       CHR(97) AS c1, CHR(353) AS c2, CHR(-1) AS c3, CHR(CAST(NULL AS INT)) AS c4;

SELECT DECODE(ENCODE('hello', 'UTF-8'), 'UTF-8') AS round_trip, TO_BASE64(ENCODE('hi', 'UTF-16BE')) AS utf16,
       TO_BASE64(ENCODE('é', 'ISO-8859-1')) AS latin1, DECODE(x'c3a9', 'UTF-8') AS decoded, ENCODE(CAST(NULL AS STRING), 'UTF-8') AS null_e;

SELECT URL_ENCODE('a b+c/') AS u1, URL_ENCODE('é') AS u2, URL_DECODE('a%20b%2Bc') AS d1, URL_DECODE('%zz') AS bad,
       URL_DECODE('a+b') AS plus, URL_ENCODE(CAST(NULL AS STRING)) AS null_u;

SELECT PARSE_URL('http://user:pw@host:8080/p?k1=v1&k2=v2#r', 'HOST') AS host,
       PARSE_URL('http://user:pw@host:8080/p?k1=v1&k2=v2#r', 'PATH') AS path,
       PARSE_URL('http://user:pw@host:8080/p?k1=v1&k2=v2#r', 'QUERY', 'k2') AS k2,
       PARSE_URL('http://user:pw@host:8080/p?k1=v1&k2=v2#r', 'AUTHORITY') AS authority,
       PARSE_URL('http://user:pw@host:8080/p?k1=v1&k2=v2#r', 'REF') AS fragment;

SELECT PARSE_URL('not a url', 'HOST') AS bad_url, PARSE_URL('http://h/p', 'host') AS lower_part,
       PARSE_URL('http://h/p?a=1', 'QUERY', 'z') AS no_key, PARSE_URL('ftp://h/p', 'PROTOCOL') AS protocol;

SELECT INET_ATON('127.0.0.1') AS a1, INET_ATON('127.1') AS short_form, INET_ATON('256.0.0.1') AS too_big,
       INET_ATON('') AS empty_s, INET_NTOA(2130706433) AS n1, INET_NTOA(4294967296) AS n_big, INET_NTOA(-1) AS n_neg;

SELECT JSON_QUOTE('a"b') AS q1, JSON_QUOTE('/') AS q2, JSON_QUOTE('é') AS q3, JSON_UNQUOTE('"a\"b"') AS u1,
       JSON_UNQUOTE('"\u00e9"') AS u2, JSON_UNQUOTE('abc') AS not_quoted, JSON_UNQUOTE('"a') AS invalid;

SELECT LEFT('hello', 2) AS l1, LEFT('hello', -1) AS l2, RIGHT('hello', 2) AS r1, RIGHT('abc', 10) AS r2,
       OVERLAY('xxxxxtest' PLACING 'xxxx' FROM 6) AS o1, OVERLAY('xxxxxtest' PLACING 'xxxx' FROM 6 FOR 2) AS o2,
       OVERLAY('abc' PLACING 'x' FROM 0) AS o3;

SELECT SUBSTRING(s FROM -2) AS neg_start, SUBSTRING(s, 0, 2) AS zero_start, SUBSTRING(s, 2, -1) AS neg_len,
       SUBSTR(s, -10, 2) AS before_start FROM (VALUES ('hello')) AS t(s);

SELECT LPAD(s, n, p) AS lp, RPAD(s, n, p) AS rp
FROM (VALUES ('hi', -1, 'x'), ('hi', 5, ''), ('hi', 0, 'x'), ('hello', 3, 'xy'), ('hi', 5, 'xy'),
             (CAST(NULL AS STRING), CAST(NULL AS INT), CAST(NULL AS STRING))) AS t(s, n, p);

SELECT LOCATE('b', 'abc', 0) AS from_zero, LOCATE('', 'abc', 5) AS empty_needle, SPLIT_INDEX('a,b', 44, 1) AS by_code,
       SPLIT_INDEX('', ',', 0) AS empty_str, SPLIT_INDEX('a,,b', ',', 1) AS empty_piece;
