-- Strings outside Latin-1 (emoji, CJK, the euro sign) in literals, functions, LIKE, comparisons and group-by state.
SELECT '🚀' AS e, CAST('東京' AS STRING) AS c, '5 €' AS euro;

SELECT s, UPPER(s) AS up, LOWER(s) AS low, CHAR_LENGTH(s) AS n
FROM (VALUES (CAST('Preis 5 €' AS STRING)), ('東京'), ('ÄÖÜ straße')) AS t(s);

SELECT s, s LIKE '%€%' AS euro, s LIKE '東%' AS east, s = '東京' AS tokyo, s < '東' AS before_east
FROM (VALUES (CAST('Preis 5 €' AS STRING)), ('東京'), ('🚀 launch')) AS t(s);

SELECT s FROM (VALUES (CAST('5 €' AS STRING)), ('5 $'), ('🚀 launch')) AS t(s) WHERE s LIKE '%€%' OR s LIKE '🚀%';

SELECT city, COUNT(*) AS c, MAX(tag) AS t
FROM (VALUES (CAST('東京' AS STRING), CAST('🚀' AS STRING)), ('München', 'ä'), ('東京', '🎉'), ('東京', '€')) AS v(city, tag)
GROUP BY city;
