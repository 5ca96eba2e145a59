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
