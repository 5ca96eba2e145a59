-- conformance: continue-on-error
-- Sub-queries as Flink plans them: IN and EXISTS (and their negations) in a WHERE clause's
-- conjunctions become semi and anti joins; scalar sub-queries, and sub-queries under OR or in
-- SELECT, become joins with an aggregate of the sub-query. The two inputs of a join are read
-- concurrently, so the order of a changelog varies between runs: results are shown as final
-- tables (table result mode) of at most one row, counted, or as changelogs whose order the
-- inputs cannot change.
CREATE TABLE orders (id BIGINT, customer STRING, amount INT) WITH (
  'connector' = 'filesystem', 'path' = 'src/test/resources/conformance/data/subqueries/orders.json',
  'format' = 'json');
CREATE TABLE customers (name STRING, region STRING) WITH (
  'connector' = 'filesystem', 'path' = 'src/test/resources/conformance/data/subqueries/customers.json',
  'format' = 'json');
-- An updating input: alice is deleted, bob moves from US to EU, erin arrives.
CREATE TABLE customer_changes (name STRING, region STRING) WITH (
  'connector' = 'filesystem', 'path' = 'src/test/resources/conformance/data/subqueries/customer_changes.json',
  'format' = 'debezium-json');

EXPLAIN CHANGELOG_MODE SELECT id FROM orders WHERE customer IN (SELECT name FROM customers WHERE region = 'EU');
-- NOT IN over nullable columns: an anti join on a NULL-aware condition, without equi-keys.
EXPLAIN CHANGELOG_MODE SELECT id FROM orders WHERE customer NOT IN (SELECT name FROM customers);
EXPLAIN CHANGELOG_MODE SELECT id FROM orders o WHERE NOT EXISTS (SELECT * FROM customers c WHERE c.name = o.customer AND c.region = 'US');
EXPLAIN CHANGELOG_MODE SELECT id FROM orders WHERE amount > (SELECT AVG(amount) FROM orders);
EXPLAIN CHANGELOG_MODE SELECT name, (SELECT SUM(amount) FROM orders o WHERE o.customer = c.name) AS total FROM customers c;

-- Changelogs that do not depend on the order of the inputs.
SELECT id, customer FROM orders WHERE customer IN (SELECT name FROM customers WHERE region = 'EU' AND name <> 'dave') AND amount < 20;
SELECT id, customer FROM orders o WHERE id BETWEEN 3 AND 4 AND NOT EXISTS (SELECT * FROM customers c WHERE c.name = o.customer);

SET 'sql-client.execution.result-mode' = 'table';
-- IN: a NULL on the left never matches; (NULL IN …) is UNKNOWN.
SELECT COUNT(*) AS n, SUM(id) AS ids FROM orders WHERE customer IN (SELECT name FROM customers);
-- NOT IN over a sub-query with a NULL is never TRUE.
SELECT COUNT(*) AS n FROM orders WHERE customer NOT IN (SELECT name FROM customers);
-- Without the NULL: carol, and not the order whose customer is NULL.
SELECT id, customer FROM orders WHERE customer NOT IN (SELECT name FROM customers WHERE name IS NOT NULL);
-- NOT IN over an empty sub-query is TRUE, also for NULL.
SELECT COUNT(*) AS n FROM orders WHERE customer NOT IN (SELECT name FROM customers WHERE region = 'none');
SELECT COUNT(*) AS n FROM orders WHERE customer IN (SELECT name FROM customers WHERE region = 'none');
-- EXISTS correlated on a key, with another condition on the outer row.
SELECT id, customer FROM orders o WHERE EXISTS (SELECT * FROM customers c WHERE c.name = o.customer AND c.region = 'US');
SELECT COUNT(*) AS n FROM orders o WHERE NOT EXISTS (SELECT * FROM customers c WHERE c.name = o.customer AND o.amount > 20);
-- Uncorrelated EXISTS.
SELECT COUNT(*) AS n FROM orders WHERE EXISTS (SELECT * FROM customers WHERE region = 'EU');
SELECT COUNT(*) AS n FROM orders WHERE NOT EXISTS (SELECT * FROM customers WHERE region = 'EU');
-- Several columns.
SELECT id FROM orders WHERE (customer, amount) IN (SELECT name, 20 FROM customers);
SELECT COUNT(*) AS n FROM orders WHERE (customer, id) NOT IN (SELECT name, 1 FROM customers WHERE name IS NOT NULL);
-- Sub-queries under OR and in SELECT.
SELECT COUNT(*) AS n, SUM(id) AS ids FROM orders WHERE customer IN (SELECT name FROM customers WHERE region = 'EU') OR amount > 35;
SELECT customer, customer IN (SELECT name FROM customers) AS known FROM orders WHERE id = 3;
SELECT customer, customer IN (SELECT name FROM customers) AS known FROM orders WHERE id = 4;
-- Scalar sub-queries: a join with a one-row aggregate, correlated ones a join with the aggregate grouped by the key.
SELECT id, amount FROM orders WHERE amount > (SELECT AVG(amount) FROM orders) AND amount < 45;
SELECT (SELECT MAX(amount) FROM orders) AS biggest;
SELECT name, (SELECT SUM(amount) FROM orders o WHERE o.customer = c.name) AS total FROM customers c WHERE name = 'alice';
SELECT name, (SELECT SUM(amount) FROM orders o WHERE o.customer = c.name) AS total FROM customers c WHERE name = 'dave';
SELECT COUNT(*) AS n, SUM(id) AS ids FROM orders o WHERE amount > (SELECT COUNT(*) FROM customers c WHERE c.name = o.customer) * 45;
SELECT COUNT(*) AS n FROM orders WHERE amount > ALL (SELECT amount FROM orders WHERE customer = 'bob');
-- An updating sub-query: the final table as after the last change.
SELECT COUNT(*) AS n, SUM(id) AS ids FROM orders WHERE customer IN (SELECT name FROM customer_changes WHERE region = 'EU');
SELECT COUNT(*) AS n, SUM(id) AS ids FROM orders o WHERE NOT EXISTS (SELECT * FROM customer_changes c WHERE c.name = o.customer);

-- A scalar sub-query with more than one row fails, as in Flink.
SELECT id, (SELECT name FROM customers WHERE region = 'EU') AS eu FROM orders;
-- Not supported yet: a column of a query two sub-queries out (Flink 2.3 runs this one and returns
-- no rows, where orders 1 and 5 qualify), and correlation Calcite cannot turn into a join.
SELECT id FROM orders o WHERE EXISTS (SELECT * FROM customers c WHERE c.name = o.customer
  AND c.region IN (SELECT region FROM customers c2 WHERE c2.name = o.customer));
SELECT id, (SELECT name FROM customers c WHERE c.name = o.customer UNION ALL SELECT 'x') FROM orders o;
