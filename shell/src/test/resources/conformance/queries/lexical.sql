-- Comments, quoted identifiers, case-insensitive keywords, statements spanning lines.
/* a block comment
   spanning lines */
select 1 as first_col;

SeLeCt `select`, `my col` FrOm (VALUES (1, 'a')) AS t(`select`, `my col`);

SELECT
  id,     -- a trailing comment
  /* inline */ id * 10
    AS tens
FROM
  (VALUES (1), (2)) AS t(id)
WHERE
  id
  <> 3;

SELECT 'a;b' AS semicolon_in_string, 'it''s' AS quote;

SELECT `ID` FROM (VALUES (7)) AS t(`ID`);
