package dev.runnel.sql.parser;

import static dev.runnel.sql.parser.ParseErrors.parseError;
import static dev.runnel.sql.parser.RunnelSqlParser.parse;
import static dev.runnel.sql.parser.RunnelSqlParser.toSql;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.sql.parser.dml.SqlBeginStatementSet;
import dev.runnel.sql.parser.dml.SqlEndStatementSet;
import dev.runnel.sql.parser.dml.SqlRichInsert;
import dev.runnel.sql.parser.dml.SqlStatementSet;
import dev.runnel.sql.parser.dql.SqlExplainDetail;
import dev.runnel.sql.parser.dql.SqlRichExplain;
import org.apache.calcite.sql.SqlExplain;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParseException;
import org.junit.jupiter.api.Test;

/** Flink's EXPLAIN forms, statement sets and INSERT OVERWRITE. */
class RunnelExplainParserTest {

  @Test
  void explainQueryWithoutPlanFor() throws SqlParseException {
    var explain = (SqlRichExplain) parse("explain select a from t");

    assertThat(explain.statement()).isInstanceOf(SqlSelect.class);
    assertThat(explain.details()).isEmpty();
    assertThat(oneLine(explain)).isEqualTo("EXPLAIN SELECT `a` FROM `t`");
  }

  @Test
  void explainPlanForQueryStaysCalcitesExplain() throws SqlParseException {
    var explain = (SqlExplain) parse("EXPLAIN PLAN FOR SELECT a FROM t");

    assertThat(explain.getExplicandum()).isInstanceOf(SqlSelect.class);
  }

  @Test
  void explainDetailsInOrderWritten() throws SqlParseException {
    var explain = (SqlRichExplain) parse(
        "EXPLAIN CHANGELOG_MODE, estimated_cost, JSON_EXECUTION_PLAN INSERT INTO s SELECT * FROM t");

    assertThat(explain.details()).containsExactlyInAnyOrder(SqlExplainDetail.CHANGELOG_MODE,
        SqlExplainDetail.ESTIMATED_COST, SqlExplainDetail.JSON_EXECUTION_PLAN);
    assertThat(explain.statement()).isInstanceOf(SqlInsert.class);
    assertThat(oneLine(explain)).isEqualTo("EXPLAIN CHANGELOG_MODE, ESTIMATED_COST, JSON_EXECUTION_PLAN "
        + "INSERT INTO `s` SELECT * FROM `t`");
  }

  @Test
  void duplicateDetailIsAnErrorAtTheSecondOne() {
    var e = parseError("EXPLAIN CHANGELOG_MODE,\n  CHANGELOG_MODE SELECT 1");

    assertThat(e.getPos().getLineNum()).isEqualTo(2);
    assertThat(e.getPos().getColumnNum()).isEqualTo(3);
    assertThat(e.getMessage()).startsWith("Duplicate EXPLAIN detail CHANGELOG_MODE at line 2, column 3");
  }

  @Test
  void unknownDetailIsAnErrorAtItsPosition() {
    var e = parseError("EXPLAIN CHANGELOG_MODE, FOO SELECT 1");

    assertThat(e.getPos().getColumnNum()).isEqualTo(25);
  }

  @Test
  void explainStatementSetWithAndWithoutPlanFor() throws SqlParseException {
    var sql = "EXPLAIN PLAN FOR EXECUTE STATEMENT SET BEGIN\n"
        + "INSERT INTO s1 SELECT * FROM t;\nINSERT INTO s2 SELECT * FROM t;\nEND";
    var explain = (SqlRichExplain) parse(sql);
    var set = (SqlStatementSet) explain.statement();
    assertThat(set.inserts()).hasSize(2);

    var plain = (SqlRichExplain) parse("EXPLAIN STATEMENT SET BEGIN INSERT INTO s1 SELECT * FROM t; END");
    assertThat(((SqlStatementSet) plain.statement()).execute()).isFalse();
  }

  @Test
  void executeStatementSetKeepsItsInsertsAndPositions() throws SqlParseException {
    var sql = "EXECUTE STATEMENT SET\nBEGIN\n  INSERT INTO s1 SELECT a FROM t WHERE a > 1;\n"
        + "  INSERT INTO s2 SELECT a FROM t;\nEND";
    var set = (SqlStatementSet) parse(sql);

    assertThat(set.execute()).isTrue();
    assertThat(set.inserts()).hasSize(2);
    assertThat(set.inserts().get(1).getParserPosition().getLineNum()).isEqualTo(4);
    assertThat(set.inserts().get(1).getParserPosition().getColumnNum()).isEqualTo(3);
    assertThat(((SqlIdentifier) set.inserts().get(1).getTargetTable()).names).containsExactly("s2");
    assertThat(oneLine(set)).isEqualTo("EXECUTE STATEMENT SET BEGIN "
        + "INSERT INTO `s1` SELECT `a` FROM `t` WHERE `a` > 1; "
        + "INSERT INTO `s2` SELECT `a` FROM `t`; END");
    assertThat(parse(toSql(set))).isInstanceOf(SqlStatementSet.class);
  }

  @Test
  void statementSetNeedsAnInsert() {
    var e = parseError("EXECUTE STATEMENT SET BEGIN SELECT 1; END");

    assertThat(e.getPos().getColumnNum()).isEqualTo(29);
  }

  @Test
  void beginStatementSetAndEnd() throws SqlParseException {
    assertThat(parse("begin statement set")).isInstanceOf(SqlBeginStatementSet.class);
    assertThat(parse("END;")).isInstanceOf(SqlEndStatementSet.class);
    assertThat(oneLine(parse("BEGIN STATEMENT SET"))).isEqualTo("BEGIN STATEMENT SET");
  }

  @Test
  void insertOverwrite() throws SqlParseException {
    var insert = (SqlRichInsert) parse("INSERT OVERWRITE db.s (a, b) SELECT a, b FROM t");

    assertThat(insert.isOverwrite()).isTrue();
    assertThat(((SqlIdentifier) insert.getTargetTable()).names).containsExactly("db", "s");
    assertThat(insert.getTargetColumnList()).hasSize(2);
    assertThat(oneLine(insert)).isEqualTo("INSERT OVERWRITE `db`.`s` (`a`, `b`) SELECT `a`, `b` FROM `t`");
  }

  @Test
  void newWordsStayUsableAsIdentifiers() throws SqlParseException {
    var select = (SqlSelect) parse("SELECT changelog_mode, estimated_cost, json_execution_plan, overwrite FROM t");

    assertThat(select.getSelectList()).hasSize(4);
  }

  private static String oneLine(SqlNode node) {
    return toSql(node).replaceAll("\\s+", " ");
  }
}
