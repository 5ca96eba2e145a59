-- Databases, views and name resolution.
SHOW CATALOGS;
SHOW CURRENT CATALOG;
SHOW DATABASES;
CREATE DATABASE IF NOT EXISTS shop COMMENT 'the shop';
CREATE DATABASE IF NOT EXISTS shop;
SHOW DATABASES;
USE shop;
SHOW CURRENT DATABASE;
CREATE TABLE items (id INT, name STRING, price DOUBLE) WITH ('connector' = 'datagen', 'number-of-rows' = '3',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '3', 'fields.name.length' = '3',
  'fields.price.min' = '5', 'fields.price.max' = '5');
CREATE VIEW cheap (item_id, item_price) COMMENT 'all of them' AS SELECT id, price FROM items WHERE price < 10;
CREATE TEMPORARY VIEW doubled AS SELECT item_id, item_price * 2 AS twice FROM cheap;
SHOW VIEWS;
SHOW TABLES;
SELECT item_id, twice FROM doubled;
USE default_database;
SELECT item_id FROM shop.cheap;
SELECT id FROM default_catalog.shop.items;
USE shop;
ALTER TABLE items RENAME TO goods;
SHOW TABLES FROM shop;
ALTER TABLE shop.goods SET ('number-of-rows' = '1');
SELECT id FROM shop.goods;
USE default_database;
DROP VIEW IF EXISTS shop.nothing;
DROP TEMPORARY VIEW shop.doubled;
DROP VIEW shop.cheap;
DROP DATABASE shop CASCADE;
SHOW DATABASES;
