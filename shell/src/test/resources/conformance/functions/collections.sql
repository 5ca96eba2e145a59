-- conformance: continue-on-error
-- ARRAY, MAP and MULTISET: types, json, constructors, access, functions, CAST, UNNEST, aggregates.
SET 'parallelism.default' = '1';
CREATE TABLE items (
  id INT,
  tags ARRAY<STRING>,
  scores MAP<STRING, INT>,
  dims ARRAY<ROW<w INT, h INT>>,
  nums INT ARRAY,
  bag MULTISET<STRING>
) WITH ('connector' = 'filesystem', 'path' = 'src/test/resources/conformance/data/collections/items.json',
  'format' = 'json');
DESCRIBE items;
SELECT * FROM items;
CREATE TABLE shapes (a ARRAY<INT NOT NULL> NOT NULL, b INT NOT NULL ARRAY, m MAP<STRING, ARRAY<INT>>,
  r ROW<x MAP<INT, STRING>>, n ARRAY<ARRAY<STRING>>) WITH ('connector' = 'blackhole');
SHOW CREATE TABLE shapes;

-- Constructors and element access: 1-based, NULL beyond the end, a[0] is an error.
SELECT ARRAY[1, 2, 3] AS a, MAP['b', 1, 'a', 2] AS m, ARRAY['x', CAST(NULL AS STRING)] AS n,
       ARRAY[ARRAY[1], ARRAY[2, 3]] AS nested, ARRAY[ROW(1, 'a'), ROW(2, 'b')] AS rs, MAP['k', ARRAY[1]] AS ma;
SELECT id, tags[1] AS first_tag, tags[3] AS third_tag, tags[9] AS beyond, scores['math'] AS math,
       scores['none'] AS no_score, dims[1].w AS w, CARDINALITY(tags) AS n_tags, CARDINALITY(scores) AS n_scores
FROM items;
SELECT CARDINALITY(bag) AS n_bag FROM items;
SELECT ARRAY[1, 2][0] AS zero;
SELECT ELEMENT(ARRAY[5]) AS single, ELEMENT(tags) AS sole FROM items WHERE id IN (2, 4);
SELECT ELEMENT(ARRAY[5, 6]) AS two;

-- CAST to STRING as Flink prints collections.
SELECT CAST(ARRAY[TRUE, FALSE] AS STRING) AS b, CAST(ARRAY[1.50, 2.0] AS STRING) AS d,
       CAST(MAP['a', ARRAY[1], 'b', CAST(NULL AS ARRAY<INT>)] AS STRING) AS m,
       CAST(ARRAY[ROW(1, 'a', TRUE)] AS STRING) AS r, CAST(ARRAY[TIMESTAMP '2024-01-02 03:04:05.678'] AS STRING) AS ts;
SELECT id, CAST(tags AS STRING) AS tags, CAST(dims AS STRING) AS dims, CAST(bag AS STRING) AS bag FROM items;

-- Array functions.
SELECT id, ARRAY_APPEND(nums, 9) AS app, ARRAY_PREPEND(nums, CAST(NULL AS INT)) AS pre,
       ARRAY_CONTAINS(nums, 5) AS has5, ARRAY_CONTAINS(nums, CAST(NULL AS INT)) AS has_null,
       ARRAY_POSITION(nums, 5) AS pos5, ARRAY_REMOVE(nums, 5) AS no5 FROM items;
SELECT id, ARRAY_DISTINCT(nums) AS d, ARRAY_REVERSE(nums) AS r, ARRAY_SORT(nums) AS s,
       ARRAY_SORT(nums, FALSE) AS sd, ARRAY_SORT(nums, TRUE, FALSE) AS s_nulls_last, ARRAY_MAX(nums) AS mx,
       ARRAY_MIN(nums) AS mn FROM items;
SELECT ARRAY_SLICE(ARRAY[1, 2, 3, 4], 2) AS s2, ARRAY_SLICE(ARRAY[1, 2, 3, 4], 2, 3) AS s23,
       ARRAY_SLICE(ARRAY[1, 2, 3, 4], -2) AS last2, ARRAY_SLICE(ARRAY[1, 2, 3, 4], 0, 1) AS s01,
       ARRAY_SLICE(ARRAY[1, 2, 3, 4], 3, 2) AS empty1, ARRAY_SLICE(ARRAY[1, 2, 3, 4], -9, 2) AS clamped,
       ARRAY_SLICE(ARRAY[1, 2, 3, 4], 2, CAST(NULL AS INT)) AS null_end;
SELECT ARRAY_UNION(ARRAY[1, 2, 2], ARRAY[3, 1]) AS u, ARRAY_CONCAT(ARRAY[1], ARRAY[2, 2], ARRAY[CAST(NULL AS INT)]) AS c,
       ARRAY_EXCEPT(ARRAY[1, 1, 2, 3], ARRAY[3]) AS e, ARRAY_INTERSECT(ARRAY[1, 1, 2, CAST(NULL AS INT)],
       ARRAY[1, CAST(NULL AS INT)]) AS i, ARRAY_UNION(ARRAY[1], CAST(NULL AS ARRAY<INT>)) AS u_null;
SELECT id, ARRAY_JOIN(tags, '-') AS j, ARRAY_JOIN(tags, '-', '?') AS j_null, ARRAY_MAX(tags) AS last_tag FROM items;
SELECT SPLIT('a,b,,c', ',') AS s1, SPLIT('abc', '') AS chars, SPLIT('abc', 'x') AS whole, SPLIT(',a,', ',') AS edges,
       SPLIT(CAST(NULL AS STRING), ',') AS null_s;
SELECT STR_TO_MAP('a=1,b=2,c') AS m1, STR_TO_MAP('a:1;b:2', ';', ':') AS m2, STR_TO_MAP('') AS m3,
       STR_TO_MAP(CAST(NULL AS STRING)) AS m4, STR_TO_MAP('a=1,a=2') AS m5, STR_TO_MAP('a.1|b.2', '[|]', '[.]') AS m6,
       STR_TO_MAP('k==v') AS m7;
SELECT ARRAY_CONTAINS(ARRAY[1, 2], CAST(1 AS BIGINT)) AS wider_needle;
SELECT ARRAY_MAX(ARRAY[ARRAY[1]]) AS not_comparable;

-- Map functions.
SELECT id, MAP_KEYS(scores) AS k, MAP_VALUES(scores) AS v, MAP_ENTRIES(scores) AS e FROM items;
SELECT MAP_KEYS(MAP['b', 1, 'a', 2]) AS k, MAP_VALUES(MAP['b', 1, 'a', 2]) AS v,
       MAP_UNION(MAP['a', 1], MAP['a', 2]) AS overwritten, MAP_FROM_ARRAYS(ARRAY['x', 'y'], ARRAY[1, 2]) AS f,
       MAP_UNION(MAP['a', 1], CAST(NULL AS MAP<CHAR(1), INT>)) AS u_null;
SELECT MAP_FROM_ARRAYS(ARRAY['x', 'y', 'z'], ARRAY[1, 2]) AS mismatch;

-- UNNEST: cross and left joins, maps, arrays of rows, ordinality, expressions, a plain UNNEST.
SELECT id, tag FROM items CROSS JOIN UNNEST(tags) AS t(tag);
SELECT id, tag FROM items, UNNEST(tags) AS t(tag) WHERE tag <> 'red';
SELECT id, tag FROM items LEFT JOIN UNNEST(tags) AS t(tag) ON TRUE;
SELECT id, tag FROM items LEFT JOIN UNNEST(tags) AS t(tag) ON tag = 'blue';
SELECT id, subject, score FROM items CROSS JOIN UNNEST(scores) AS s(subject, score);
SELECT id, w, h FROM items CROSS JOIN UNNEST(dims) AS d(w, h);
SELECT id, n, pos FROM items CROSS JOIN UNNEST(nums) WITH ORDINALITY AS u(n, pos);
SELECT id, word FROM items CROSS JOIN UNNEST(SPLIT('p,q', ',')) AS u(word) WHERE id = 1;
SELECT x FROM UNNEST(ARRAY[1, 2]) AS u(x);
SELECT id, b FROM items CROSS JOIN UNNEST(bag) AS u(b);
SELECT id, t, u FROM items, UNNEST(tags, tags) AS x(t, u);

-- Aggregates: ARRAY_AGG and COLLECT, with DISTINCT, IGNORE NULLS and a retracting input.
SELECT k, ARRAY_AGG(x) AS a, ARRAY_AGG(DISTINCT x) AS ad, ARRAY_AGG(x IGNORE NULLS) AS ai, COLLECT(x) AS c
FROM (SELECT k, NULLIF(x, 'z') AS x FROM (VALUES (1, 'a'), (1, 'b'), (1, 'a'), (2, 'z')) AS t(k, x)) GROUP BY k;
SELECT id, ARRAY_AGG(tag) AS a FROM items CROSS JOIN UNNEST(tags) AS t(tag) GROUP BY id;
SELECT ARRAY_AGG(v) AS a FROM (
  SELECT id, MAX(x) AS v FROM (VALUES (1, 'a'), (2, 'b'), (1, 'c'), (2, 'd')) AS t(id, x) GROUP BY id);
SELECT COLLECT(v) AS c FROM (SELECT id, MAX(x) AS v FROM (VALUES (1, 'a'), (2, 'a'), (1, 'b')) AS t(id, x) GROUP BY id);
CREATE TABLE pairs (a ARRAY<INT>) WITH ('connector' = 'filesystem',
  'path' = 'src/test/resources/conformance/data/collections/pairs.json', 'format' = 'json');
SELECT a, COUNT(*) AS n FROM pairs GROUP BY a;
SELECT ARRAY_AGG(x ORDER BY x) AS sorted FROM (VALUES (2), (1)) AS t(x);

-- The json format writes what it reads (DISTINCT: an earlier run's file may still be there).
SET 'table.dml-sync' = 'true';
CREATE TABLE copied (id INT, tags ARRAY<STRING>, scores MAP<STRING, INT>, dims ARRAY<ROW<w INT, h INT>>,
  nums ARRAY<INT>, bag MULTISET<STRING>)
  WITH ('connector' = 'filesystem', 'path' = 'target/conformance-collections-json', 'format' = 'json');
INSERT INTO copied SELECT * FROM items;
SELECT DISTINCT * FROM copied;
-- Equal nested rows inside arrays are one key (a group, a distinct row).
SELECT DISTINCT id, dims FROM (VALUES (1, ARRAY[ROW(1, 2)]), (1, ARRAY[ROW(1, 2)]), (2, ARRAY[ROW(1, 3)])) AS t(id, dims);
SELECT COUNT(*) AS n, dims FROM (VALUES (ARRAY[ROW(1, 2)]), (ARRAY[ROW(1, 2)])) AS t(dims) GROUP BY dims;

-- The csv format cannot hold collections; datagen fills them with 'length' elements.
CREATE TABLE c1 (m MAP<STRING, INT>) WITH ('connector' = 'filesystem', 'path' = 'target/c1', 'format' = 'csv');
CREATE TABLE c2 (a ARRAY<INT>) WITH ('connector' = 'filesystem', 'path' = 'target/c2', 'format' = 'csv');
CREATE TABLE gen (a ARRAY<INT>, m MAP<INT, STRING>, ms MULTISET<INT>) WITH ('connector' = 'datagen',
  'number-of-rows' = '2', 'fields.a.length' = '2');
SELECT CARDINALITY(a) AS na, CARDINALITY(m) AS nm FROM gen;
