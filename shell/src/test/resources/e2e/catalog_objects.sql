-- Databases, views and ALTER TABLE as a Flink SQL script uses them.
CREATE DATABASE shop COMMENT 'the shop';
SHOW DATABASES;
USE shop;
SHOW CURRENT DATABASE;
CREATE TABLE orders (
  id BIGINT,
  amount INT
) WITH (
  'connector' = 'datagen', 'number-of-rows' = '6',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '6',
  'fields.amount.kind' = 'sequence', 'fields.amount.start' = '10', 'fields.amount.end' = '15'
);
CREATE VIEW big_orders (order_id, amt) AS SELECT id, amount FROM orders WHERE amount >= 12;
SHOW TABLES;
SHOW VIEWS;
SHOW COLUMNS FROM big_orders LIKE '%id';
USE default_database;
SHOW TABLES FROM shop LIKE 'big%';
CREATE TABLE default_catalog.default_database.out_tbl (order_id BIGINT, amt INT)
  WITH ('connector' = 'filesystem', 'path' = '${OUT}', 'format' = 'json');
ALTER TABLE out_tbl RENAME TO big_out;
ALTER TABLE big_out SET ('format' = 'csv');
INSERT INTO big_out SELECT * FROM shop.big_orders WHERE order_id < 6;
DROP VIEW shop.big_orders;
DROP DATABASE shop CASCADE;
SHOW DATABASES;
