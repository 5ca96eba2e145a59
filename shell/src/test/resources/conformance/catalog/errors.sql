-- conformance: continue-on-error
CREATE DATABASE sales;
CREATE TABLE sales.orders (id INT) WITH ('connector' = 'datagen', 'number-of-rows' = '1');
USE salse;
USE CATALOG other_catalog;
SELECT * FROM sales.ordrs;
DROP DATABASE sales;
CREATE VIEW sales.v AS SELECT nope FROM sales.orders;
CREATE VIEW sales.orders AS SELECT 1;
INSERT INTO sales.v2 SELECT 1;
ALTER TABLE sales.orders SET ('rows-per-secnd' = '3');
SHOW CREATE TABLE sales.orders;
DROP TABLE sales.nothing;
SHOW TABLES FROM sales;
CREATE TABLE sales.items (item_id INT, item_name STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '1');
SELECT item_nme FROM sales.items;
SELECT UPPPER(item_name) FROM sales.items;
