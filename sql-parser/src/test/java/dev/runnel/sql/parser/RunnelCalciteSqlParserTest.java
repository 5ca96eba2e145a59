package dev.runnel.sql.parser;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.sql.parser.impl.RunnelSqlParserImpl;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.apache.calcite.sql.SqlDialect;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserFixture;
import org.apache.calcite.sql.parser.SqlParserTest;
import org.apache.calcite.sql.parser.StringAndPos;
import org.apache.calcite.sql.test.SqlTestFactory;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.junit.jupiter.api.Test;

/**
 * Calcite's own parser test suite run against Runnel's grammar, so that extending the grammar
 * never breaks standard SQL. It keeps Calcite's lexical settings (double-quoted identifiers,
 * upper-casing) because its expected texts are written for them; Runnel's own lexical
 * conventions are tested in {@link RunnelSqlParserTest}.
 */
class RunnelCalciteSqlParserTest extends SqlParserTest {

  @Override public SqlParserFixture fixture() {
    return super.fixture()
        .withTester(new RunnelTester())
        .withConfig(c -> c.withParserFactory(RunnelSqlParserImpl.FACTORY));
  }

  /**
   * Calcite's tester, except that Calcite turns DESCRIBE DATABASE and DESCRIBE CATALOG into
   * DESCRIBE SCHEMA while Runnel parses them as Flink's statements of those names, and that a
   * MAP's key and value are nullable unless NOT NULL, as in Flink (Calcite's are NOT NULL), so
   * the unparsed type says NULL.
   */
  private static final class RunnelTester extends TesterImpl {
    private static final Map<String, String> NULLABLE_MAP_ENTRIES = Map.of(
        "CAST(`A` AS MAP< INTEGER, INTEGER >)", "CAST(`A` AS MAP< INTEGER NULL, INTEGER NULL >)",
        "CAST(`A` AS MAP< INTEGER, VARCHAR ARRAY >)", "CAST(`A` AS MAP< INTEGER NULL, VARCHAR ARRAY NULL >)",
        "CAST(`A` AS MAP< VARCHAR MULTISET, MAP< INTEGER, INTEGER > >)",
        "CAST(`A` AS MAP< VARCHAR MULTISET NULL, MAP< INTEGER NULL, INTEGER NULL > NULL >)");

    @Override public void check(SqlTestFactory factory, StringAndPos sap,
        @Nullable SqlDialect dialect, UnaryOperator<String> converter, String expected,
        Consumer<SqlParser> parserChecker) {
      String sql = sap.sql.toUpperCase(Locale.ROOT);
      for (String kind : List.of("DATABASE", "CATALOG")) {
        if (sql.startsWith("DESCRIBE " + kind + " ")) {
          expected = expected.replace("DESCRIBE SCHEMA", "DESCRIBE " + kind);
        }
      }
      super.check(factory, sap, dialect, converter, expected, parserChecker);
    }

    @Override public void checkExp(SqlTestFactory factory, StringAndPos sap, UnaryOperator<String> converter,
        String expected, Consumer<SqlParser> parserChecker) {
      super.checkExp(factory, sap, converter, NULLABLE_MAP_ENTRIES.getOrDefault(expected, expected), parserChecker);
    }
  }

  @Test
  void runnelStatementsParseUnderCalcitesLexicalSettingsToo() {
    sql("create table t (a string not null, b timestamp_ltz(3)) with ('k' = 'v')")
        .ok("CREATE TABLE `T` (`A` STRING NOT NULL, `B` TIMESTAMP_LTZ(3)) WITH ('k' = 'v')");
    sql("show tables").ok("SHOW TABLES");
    sql("desc emps").ok("DESCRIBE TABLE `EMPS`");
    sql("describe database extended d").ok("DESCRIBE DATABASE EXTENDED `D`");
    sql("insert into t partition (dt = 'x') select 1 from emps")
        .ok("INSERT INTO `T` PARTITION (`DT` = 'x') SELECT 1\nFROM `EMPS`");
  }

  @Test
  void runnelKeywordsAreNotReserved() {
    var metadata = fixture().parser().getMetadata();
    // DATETIME is Calcite's keyword but Flink's Nexmark tables have a dateTime column.
    for (var word : List.of("BYTES", "COMMENT", "DATETIME", "EXTENDED", "IF", "JOB", "JOBS", "STOP", "STRING",
        "TABLES", "TIMESTAMP_LTZ")) {
      assertThat(metadata.isKeyword(word)).as(word).isTrue();
      assertThat(metadata.isReservedWord(word)).as(word).isFalse();
    }
  }

  @Test
  void uuidIsAFunctionCallAsInFlink() {
    sql("select uuid(), char_length(uuid()) from emps")
        .ok("SELECT `UUID`(), CHAR_LENGTH(`UUID`())\nFROM `EMPS`");
    var metadata = fixture().parser().getMetadata();
    assertThat(metadata.isReservedWord("UUID")).isFalse();
  }

  @Test
  void flinkRowTypesWithAngleBracketsHaveNullableFields() {
    sql("create table t (p row<name string, age int not null>, q row<a row<b int>>)")
        .ok("CREATE TABLE `T` (`P` ROW(`NAME` STRING NULL, `AGE` INTEGER), `Q` ROW(`A` ROW(`B` INTEGER NULL) NULL))");
  }

}
