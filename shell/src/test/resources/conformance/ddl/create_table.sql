-- CREATE TABLE in Flink's full form: every column kind, watermark, key, LIKE, CTAS.
CREATE TABLE orders (
  id BIGINT,
  price DECIMAL(10, 2),
  qty INT,
  total AS price * qty COMMENT 'price times quantity',
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND,
  PRIMARY KEY (id) NOT ENFORCED
) COMMENT 'incoming orders' WITH (
  'connector' = 'datagen', 'number-of-rows' = '4',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '4',
  'fields.qty.min' = '2', 'fields.qty.max' = '2',
  'fields.price.min' = '10', 'fields.price.max' = '10'
);
DESCRIBE orders;
DESC orders;
SHOW COLUMNS FROM orders LIKE 't%';
SELECT id, qty, total FROM orders;
CREATE TABLE orders_wide (note STRING) WITH ('connector' = 'blackhole') LIKE orders (EXCLUDING OPTIONS);
SHOW CREATE TABLE orders_wide;
CREATE TABLE `Mixed Case` (`select` INT, `from` STRING) WITH ('connector' = 'blackhole');
DESCRIBE `Mixed Case`;
CREATE TABLE IF NOT EXISTS orders (x INT) WITH ('connector' = 'blackhole');
SHOW TABLES;
DROP TABLE `Mixed Case`;
DROP TABLE IF EXISTS `Mixed Case`;
SHOW TABLES LIKE 'orders%';
