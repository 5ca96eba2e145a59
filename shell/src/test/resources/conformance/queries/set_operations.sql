-- Set operations as Flink plans them: INTERSECT and EXCEPT as a distinct aggregate over a semi
-- or anti join on every column (NULLs are equal); their ALL forms as the union of both inputs,
-- counted per row and side, each row then emitted as often as it remains. UNION is UNION ALL
-- with a distinct aggregate. The inputs are read concurrently, so results are shown as final
-- tables (table result mode) of one distinct row, or counted, and changelogs only where the
-- order of the inputs cannot change them.
CREATE TABLE orders (id BIGINT, customer STRING, amount INT) WITH (
  'connector' = 'filesystem', 'path' = 'src/test/resources/conformance/data/subqueries/orders.json',
  'format' = 'json');
CREATE TABLE customers (name STRING, region STRING) WITH (
  'connector' = 'filesystem', 'path' = 'src/test/resources/conformance/data/subqueries/customers.json',
  'format' = 'json');

EXPLAIN CHANGELOG_MODE SELECT customer FROM orders INTERSECT SELECT name FROM customers;
EXPLAIN CHANGELOG_MODE SELECT customer FROM orders EXCEPT SELECT name FROM customers;
EXPLAIN CHANGELOG_MODE SELECT customer FROM orders INTERSECT ALL SELECT name FROM customers;
EXPLAIN CHANGELOG_MODE SELECT customer FROM orders EXCEPT ALL SELECT name FROM customers;

-- Changelogs that do not depend on the order of the inputs: an INTERSECT ALL row appears as an
-- update of its count (+U without +I, as in Flink).
SELECT customer FROM orders WHERE id = 4 EXCEPT SELECT name FROM customers;
SELECT customer FROM orders WHERE id = 2 INTERSECT ALL SELECT name FROM customers WHERE name = 'bob';

SET 'sql-client.execution.result-mode' = 'table';
-- alice, bob and NULL are in both.
SELECT COUNT(*) AS n, COUNT(customer) AS named FROM (SELECT customer FROM orders INTERSECT SELECT name FROM customers);
SELECT customer FROM orders WHERE customer IS NULL INTERSECT SELECT name FROM customers;
SELECT customer FROM orders EXCEPT SELECT name FROM customers;
SELECT COUNT(*) AS n FROM (SELECT name FROM customers EXCEPT SELECT customer FROM orders);
-- alice is twice in orders and once in customers.
SELECT customer FROM orders INTERSECT ALL SELECT 'alice' FROM customers;
SELECT COUNT(*) AS n, COUNT(customer) AS named FROM (SELECT customer FROM orders INTERSECT ALL SELECT name FROM customers);
SELECT customer FROM orders WHERE customer <> 'carol' EXCEPT ALL SELECT name FROM customers;
SELECT COUNT(*) AS n FROM (SELECT customer FROM orders EXCEPT ALL SELECT name FROM customers WHERE name IS NOT NULL);
-- Columns of different types meet in their common type.
SELECT amount FROM orders INTERSECT SELECT CAST(20 AS BIGINT) FROM customers;
-- UNION without ALL, as before.
SELECT COUNT(*) AS n FROM (SELECT customer FROM orders UNION SELECT name FROM customers);
