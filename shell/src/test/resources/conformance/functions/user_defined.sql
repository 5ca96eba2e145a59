-- conformance: continue-on-error
CREATE FUNCTION count_char AS 'dev.runnel.runtime.connector.nexmark.CountChar';
CREATE TEMPORARY SYSTEM FUNCTION cc AS 'dev.runnel.runtime.connector.nexmark.CountChar' LANGUAGE JAVA;
SHOW USER FUNCTIONS;
SELECT w, count_char(w, 'a') AS a_count, CC(w, 'o') AS o_count
FROM (VALUES ('banana'), ('cocoa'), (CAST(NULL AS STRING))) AS t(w);
SELECT count_char('banana', 1);
CREATE FUNCTION count_char AS 'dev.runnel.runtime.connector.nexmark.CountChar';
CREATE FUNCTION IF NOT EXISTS count_char AS 'dev.runnel.runtime.connector.nexmark.CountChar';
CREATE FUNCTION missing AS 'com.example.Missing';
CREATE FUNCTION py AS 'dev.runnel.runtime.connector.nexmark.CountChar' LANGUAGE PYTHON;
DROP TEMPORARY FUNCTION count_char;
DROP FUNCTION count_char;
DROP TEMPORARY SYSTEM FUNCTION cc;
DROP FUNCTION IF EXISTS count_char;
SHOW USER FUNCTIONS;
SELECT count_char('banana', 'a');
