-- A bounded datagen source flowing through a filter and a projection into JSON files,
-- then a query over VALUES. ${OUT} is the sink directory the test chooses.
CREATE TABLE orders (
  id BIGINT,
  amount INT,
  customer STRING
) WITH (
  'connector' = 'datagen',
  'number-of-rows' = '10',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '10',
  'fields.amount.kind' = 'sequence', 'fields.amount.start' = '101', 'fields.amount.end' = '110',
  'fields.customer.length' = '5'
);

CREATE TABLE big_orders (id BIGINT, gross INT) WITH (
  'connector' = 'filesystem',
  'path' = '${OUT}',
  'format' = 'json'
);

SHOW TABLES;

INSERT INTO big_orders SELECT id, amount * 2 AS gross FROM orders WHERE amount > 105;

SELECT x, UPPER(y) AS y, x * 1.5 AS z
FROM (VALUES (1, 'one'), (2, 'two'), (3, CAST(NULL AS STRING))) AS t(x, y)
WHERE x <> 2;
