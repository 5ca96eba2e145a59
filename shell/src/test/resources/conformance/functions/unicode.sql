-- Unicode literals and characters outside the Basic Multilingual Plane, counted as Flink counts them.
SELECT '€' AS euro, '😀' AS emoji, 'äö' || '€' AS concatenated, UPPER('é') AS up, LOWER('É') AS low;

SELECT CHAR_LENGTH('😀') AS n1, REVERSE('😀a') AS rev, POSITION('b' IN '😀b') AS pos, LOCATE('b', '😀b') AS loc,
       INSTR('😀b', 'b') AS ins, SUBSTRING('😀abc', 2, 2) AS sub, SUBSTRING('😀abc' FROM 1 FOR 1) AS first_char;

SELECT LTRIM('😀😀a', '😀') AS trimmed, SPLIT_INDEX('a😀b', '😀', 1) AS split, LEFT('😀abc', 2) AS l, RIGHT('abc😀', 1) AS r,
       LPAD('😀', 3, 'x') AS padded, REGEXP_INSTR('😀b', 'b') AS utf16_position, TRANSLATE('a😀', '😀', 'b') AS translated;

SELECT ASCII('€') AS first_byte, CHR(8364) AS low_byte, REPEAT('😀', 2) AS twice, INITCAP('élan vital') AS cap;

SELECT CHAR_LENGTH(s) AS n, UPPER(s) AS up, REVERSE(s) AS rev, SUBSTRING(s, 2) AS rest FROM (VALUES ('😀é')) AS t(s);

SELECT s, CHAR_LENGTH(s) AS n FROM (VALUES ('€1'), ('x')) AS t(s) WHERE s LIKE '€%';
