-- Two sinks fed by one datagen source, first as one statement, then as the SQL client's form.
CREATE TABLE numbers (id BIGINT) WITH (
  'connector' = 'datagen', 'number-of-rows' = '10',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '10');
CREATE TABLE low (id BIGINT) WITH ('connector' = 'filesystem', 'path' = '${OUT}/low', 'format' = 'csv');
CREATE TABLE high (id BIGINT) WITH ('connector' = 'filesystem', 'path' = '${OUT}/high', 'format' = 'csv');

EXPLAIN STATEMENT SET BEGIN
  INSERT INTO low SELECT id FROM numbers WHERE id <= 3;
  INSERT INTO high SELECT id FROM numbers WHERE id > 8;
END;

BEGIN STATEMENT SET;
INSERT INTO low SELECT id FROM numbers WHERE id <= 3;
INSERT INTO high SELECT id FROM numbers WHERE id > 8;
END;
