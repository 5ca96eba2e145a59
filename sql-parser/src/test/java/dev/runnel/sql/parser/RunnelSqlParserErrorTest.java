package dev.runnel.sql.parser;

import static dev.runnel.sql.parser.ParseErrors.assertAt;
import static dev.runnel.sql.parser.ParseErrors.parseError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.apache.calcite.sql.parser.SqlParseException;
import org.junit.jupiter.api.Test;

/** Malformed statements: the exception points at the offending token and says what is wrong. */
class RunnelSqlParserErrorTest {

  @Test
  void missingCommaBetweenColumnsOnALaterLine() {
    var e = parseError("""
        CREATE TABLE orders (
          id BIGINT,
          name STRING
          amount DOUBLE
        ) WITH ('connector' = 'datagen')""");

    assertAt(e, 4, 3);
    assertThat(e.getMessage()).isEqualTo("Encountered \"amount\" at line 4, column 3. "
        + "Was expecting one of: \"ARRAY\", \"MULTISET\", \"NOT\", \"NULL\", \"PRIMARY\", "
        + "\"COMMENT\", \"METADATA\", \")\", \",\".");
  }

  @Test
  void unquotedOptionKey() {
    var e = parseError("CREATE TABLE t (a INT)\nWITH (connector = 'datagen')");

    assertAt(e, 2, 7);
    assertThat(e.getMessage()).isEqualTo("Encountered \"connector\" at line 2, column 7. "
        + "Was expecting one of: a string literal, \")\".");
  }

  @Test
  void numericOptionValue() {
    var e = parseError("CREATE TABLE t (a INT) WITH ('rows-per-second' = 5)");

    assertAt(e, 1, 50);
    assertThat(e.getMessage()).isEqualTo(
        "Encountered \"5\" at line 1, column 50. Was expecting a string literal.");
  }

  @Test
  void duplicateOptionKeyPointsAtTheSecond() {
    var e = parseError("CREATE TABLE t (a INT) WITH (\n  'connector' = 'datagen',\n"
        + "  'connector' = 'print')");

    assertAt(e, 3, 3);
    assertThat(e.getMessage()).isEqualTo("Duplicate option 'connector' at line 3, column 3");
  }

  @Test
  void createOrReplaceTableIsRejected() {
    var e = parseError("CREATE OR REPLACE TABLE t (a INT)");

    assertAt(e, 1, 1);
    assertThat(e.getMessage()).startsWith("CREATE OR REPLACE TABLE is not supported");
  }

  @Test
  void unknownTypeArguments() {
    var e = parseError("CREATE TABLE t (a INT, b STRNG(3))");

    assertAt(e, 1, 31);
    assertThat(e.getMessage()).startsWith("Encountered \"(\" at line 1, column 31.");
  }

  @Test
  void unknownShowAndStop() {
    var show = parseError("SHOW MODULES");
    assertAt(show, 1, 6);
    assertThat(show.getMessage()).isEqualTo("Encountered \"MODULES\" at line 1, column 6. "
        + "Was expecting one of: \"CATALOGS\", \"CLUSTER\", \"COLUMNS\", \"CREATE\", \"CURRENT\", "
        + "\"DATABASES\", \"FUNCTIONS\", \"JOBS\", \"PARTITIONS\", \"TABLES\", \"USER\", \"VIEWS\".");

    var stop = parseError("STOP JOBS");
    assertAt(stop, 1, 6);
    assertThat(stop.getMessage())
        .isEqualTo("Encountered \"JOBS\" at line 1, column 6. Was expecting \"JOB\".");

    var unquoted = parseError("STOP JOB abc");
    assertAt(unquoted, 1, 10);
    assertThat(unquoted.getMessage())
        .isEqualTo("Encountered \"abc\" at line 1, column 10. Was expecting a string literal.");
  }

  @Test
  void malformedAlterJob() {
    var noSet = parseError("ALTER JOB 'j' parallelism 4");
    assertAt(noSet, 1, 15);
    assertThat(noSet.getMessage())
        .isEqualTo("Encountered \"parallelism\" at line 1, column 15. Was expecting \"SET\".");

    var unquoted = parseError("ALTER JOB j SET ('parallelism' = '4')");
    assertAt(unquoted, 1, 11);
    assertThat(unquoted.getMessage())
        .isEqualTo("Encountered \"j\" at line 1, column 11. Was expecting a string literal.");

    var number = parseError("ALTER JOB 'j' SET (\n  'parallelism' = 4)");
    assertAt(number, 2, 19);
    assertThat(number.getMessage())
        .isEqualTo("Encountered \"4\" at line 2, column 19. Was expecting a string literal.");

    var twice = parseError("ALTER JOB 'j' SET ('parallelism' = '2', 'parallelism' = '3')");
    assertAt(twice, 1, 41);
    assertThat(twice.getMessage()).isEqualTo("Duplicate option 'parallelism' at line 1, column 41");
  }

  @Test
  void setWithoutValue() {
    var e = parseError("SET 'parallelism.default'");

    // JavaCC places the end of input on the last character.
    assertAt(e, 1, 25);
    assertThat(e.getMessage())
        .isEqualTo("Encountered \"<EOF>\" at line 1, column 25. Was expecting \"=\".");
  }

  @Test
  void keywordWhereAnExpressionBelongs() {
    var e = parseError("SELECT id,\n  FROM orders");

    assertAt(e, 2, 3);
    assertThat(e.getMessage()).startsWith(
        "Incorrect syntax near the keyword 'FROM' at line 2, column 3.");
  }

  @Test
  void doubleQuotedIdentifier() {
    assertAt(parseError("SELECT \"a\" FROM t"), 1, 8);
  }

  @Test
  void lexicalError() {
    var e = parseError("SELECT a\nFROM t WHERE a # 1");

    assertAt(e, 2, 16);
    assertThat(e.getMessage()).startsWith("Lexical error at line 2, column 16.");
  }

  @Test
  void moreThanOneStatement() {
    var e = parseError("SHOW TABLES;\nSHOW JOBS");

    assertAt(e, 2, 1);
    assertThat(e.getMessage())
        .isEqualTo("Expected one statement but found 2; the second starts at line 2, column 1");
  }

  @Test
  void emptyStatement() {
    var e = parseError("  -- nothing here\n");

    assertThat(e.getMessage()).startsWith("Empty statement");
  }

  @Test
  void scriptErrorIsPositionedInTheScript() {
    var e = catchThrowableOfType(SqlParseException.class,
        () -> RunnelSqlParser.parseScript("SHOW TABLES;\nSHOW JOBS;\nDROP TABLE;\n"));

    assertAt(e, 3, 11);
  }

  @Test
  void aMistypedStatementWordIsAnUnknownStatementWithASuggestion() {
    var e = parseError("SELEC * FROM t");

    assertAt(e, 1, 1);
    assertThat(e.getMessage())
        .isEqualTo("Unknown statement 'SELEC' at line 1, column 1. Did you mean 'SELECT'?");
  }

  @Test
  void anUnknownStatementAfterAComment() {
    var e = parseError("-- load\n  INSRT INTO t SELECT 1");

    assertAt(e, 2, 3);
    assertThat(e.getMessage())
        .isEqualTo("Unknown statement 'INSRT' at line 2, column 3. Did you mean 'INSERT'?");
  }

  @Test
  void anUnknownStatementFarFromEveryStatementGetsNoSuggestion() {
    var e = parseError("FROBNICATE t");

    assertAt(e, 1, 1);
    assertThat(e.getMessage()).isEqualTo("Unknown statement 'FROBNICATE' at line 1, column 1");
  }

  @Test
  void aReservedWordAsAnAliasSuggestsBackticks() throws SqlParseException {
    var e = parseError("SELECT 1 AS value");

    assertAt(e, 1, 13);
    assertThat(e.getMessage()).endsWith(
        "value is a reserved word; write `value` to use it as a name.");
    assertThat(RunnelSqlParser.parse("SELECT 1 AS `value`")).isNotNull();
  }

  @Test
  void aReservedWordAsATableNameSuggestsBackticks() {
    var e = parseError("CREATE TABLE user (a INT) WITH ('connector' = 'datagen')");

    assertAt(e, 1, 14);
    assertThat(e.getMessage()).isEqualTo("Encountered \"user\" at line 1, column 14. Was expecting"
        + " an identifier. user is a reserved word; write `user` to use it as a name.");
  }

  @Test
  void aNonReservedUnexpectedWordGetsNoBacktickHint() {
    var e = parseError("CREATE TABLE t (a INT) WITH (connector = 'datagen')");

    assertThat(e.getMessage()).doesNotContain("reserved");
  }
}
