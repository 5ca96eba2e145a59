-- JSON functions.
SELECT JSON_VALUE('{"a": 1, "b": "x"}', '$.a') AS a, JSON_VALUE('{"a": 1, "b": "x"}', '$.b') AS b,
       JSON_VALUE('{"a": 1}', '$.missing') AS missing;

SELECT JSON_VALUE('{"a": 1}', '$.a' RETURNING INT) AS as_int, JSON_VALUE('{"a": 1.5}', '$.a' RETURNING DOUBLE) AS as_double;

SELECT JSON_VALUE('{"a": 1}', '$.b' DEFAULT 'dflt' ON EMPTY) AS on_empty,
       JSON_VALUE('not json', '$.a' DEFAULT 'bad' ON ERROR) AS on_error,
       JSON_VALUE('not json', '$.a') AS error_null;

SELECT JSON_VALUE('{"a": 1}', 'lax $.b' DEFAULT 'dflt' ON EMPTY) AS lax_empty, JSON_VALUE(CAST(NULL AS STRING), '$.a') AS null_json, JSON_VALUE('{"a": [1, 2]}', '$.a[1]') AS array_elem;

SELECT JSON_QUERY('{"a": [1, 2]}', '$.a') AS arr, JSON_QUERY('{"a": {"b": 1}}', '$.a') AS obj,
       JSON_QUERY('{"a": 1}', '$.a') AS scalar;

SELECT JSON_QUERY('{"a": 1}', '$.a' WITH WRAPPER) AS wrapped;

SELECT JSON_OBJECT(KEY 'a' VALUE 1, KEY 'b' VALUE 'x') AS o1, JSON_OBJECT() AS empty_s;

SELECT JSON_OBJECT(KEY 'a' VALUE CAST(NULL AS STRING)) AS null_value,
       JSON_OBJECT(KEY 'a' VALUE CAST(NULL AS STRING) ABSENT ON NULL) AS absent;

SELECT JSON_ARRAY(1, 'a', TRUE) AS a1, JSON_ARRAY() AS empty_s, JSON_ARRAY(1, CAST(NULL AS INT)) AS skips_null;

SELECT '{"a": 1}' IS JSON AS j1, 'abc' IS JSON AS j2, '[1, 2]' IS JSON ARRAY AS j3, '{}' IS JSON OBJECT AS j4,
       '1' IS JSON SCALAR AS j5;

SELECT JSON_EXISTS('{"a": true}', '$.a') AS e1, JSON_EXISTS('{"a": true}', '$.b') AS e2,
       JSON_EXISTS('{"a": [{"b": 1}]}', '$.a[0].b') AS e3, JSON_EXISTS('{"a": true}', 'strict $.b' TRUE ON ERROR) AS e4,
       JSON_EXISTS('{"a": true}', 'strict $.b' FALSE ON ERROR) AS e5;

SELECT JSON_STRING(1) AS i, JSON_STRING(TRUE) AS b, JSON_STRING('Hello, World!') AS s, JSON_STRING(CAST(NULL AS INT)) AS n,
       JSON_STRING(1.5) AS d, JSON_STRING(CAST(1e20 AS DOUBLE)) AS big, JSON_STRING(CAST(0.1 AS FLOAT)) AS f;

SELECT JSON_STRING(TIMESTAMP '2024-01-01 01:02:03.4') AS ts, JSON_STRING(TO_TIMESTAMP_LTZ(0, 3)) AS ltz,
       JSON_STRING(x'0102') AS bin_value, JSON_STRING('a"b\') AS escaped, JSON_STRING(CAST(1.50 AS DECIMAL(5, 2))) AS dec_s;

SELECT JSON_STRING(ROW(1, CAST(NULL AS STRING), ROW(TRUE, 2.5))) AS nested, JSON_STRING(CAST(ROW(1, 2) AS ROW<b INT, a INT>)) AS sorted;

SELECT JSON_OBJECT('t' VALUE TIMESTAMP '2024-01-01 01:02:03.4', 'd' VALUE CAST(1.5 AS DOUBLE), 'm' VALUE 1.50, 'b' VALUE TRUE,
       'x' VALUE x'0102') AS sorted_keys;

SELECT JSON_ARRAY(TIMESTAMP '2024-01-01 01:02:03', CAST(1e20 AS DOUBLE), CAST(2 AS BIGINT), CAST(0.1 AS FLOAT)) AS arr,
       JSON_OBJECT('l' VALUE TO_TIMESTAMP_LTZ(0, 3)) AS ltz;

SELECT JSON_OBJECT('b' VALUE JSON_OBJECT('z' VALUE 1, 'a' VALUE 2), 'a' VALUE 1) AS nested_sorted,
       JSON_ARRAY(JSON_OBJECT('y' VALUE 1, 'x' VALUE 2)) AS sorted_in_array;

SELECT JSON_OBJECT('a' VALUE JSON('{"b":1}')) AS o, JSON_ARRAY(JSON('[1, 2]'), JSON(CAST(NULL AS STRING))) AS a;

SELECT JSON_QUERY('{"a":[{"c":"c1"},{"c":"c2"}]}', 'lax $.a[*].c') AS q1, JSON_QUERY('[1, 2]', '$' WITH CONDITIONAL ARRAY WRAPPER) AS q2,
       JSON_QUERY('[1, 2]', '$' WITH UNCONDITIONAL ARRAY WRAPPER) AS q3, JSON_QUERY('{}', 'lax $.invalid' EMPTY OBJECT ON EMPTY) AS q4;
