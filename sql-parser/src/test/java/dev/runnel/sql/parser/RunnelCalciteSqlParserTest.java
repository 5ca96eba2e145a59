package dev.runnel.sql.parser;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.sql.parser.impl.RunnelSqlParserImpl;
import java.util.List;
import org.apache.calcite.sql.parser.SqlParserFixture;
import org.apache.calcite.sql.parser.SqlParserTest;
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
        .withConfig(c -> c.withParserFactory(RunnelSqlParserImpl.FACTORY));
  }

  @Test
  void runnelStatementsParseUnderCalcitesLexicalSettingsToo() {
    sql("create table t (a string not null, b timestamp_ltz(3)) with ('k' = 'v')")
        .ok("CREATE TABLE `T` (`A` STRING NOT NULL, `B` TIMESTAMP_LTZ(3)) WITH ('k' = 'v')");
    sql("show tables").ok("SHOW TABLES");
    sql("desc emps").ok("DESCRIBE TABLE `EMPS`");
  }

  @Test
  void runnelKeywordsAreNotReserved() {
    var metadata = fixture().parser().getMetadata();
    // DATETIME is Calcite's keyword but Flink's Nexmark tables have a dateTime column.
    for (var word : List.of("BYTES", "COMMENT", "DATETIME", "IF", "JOB", "JOBS", "STOP", "STRING", "TABLES",
        "TIMESTAMP_LTZ")) {
      assertThat(metadata.isKeyword(word)).as(word).isTrue();
      assertThat(metadata.isReservedWord(word)).as(word).isFalse();
    }
  }

  @Test
  void flinkRowTypesWithAngleBracketsHaveNullableFields() {
    sql("create table t (p row<name string, age int not null>, q row<a row<b int>>)")
        .ok("CREATE TABLE `T` (`P` ROW(`NAME` STRING NULL, `AGE` INTEGER), `Q` ROW(`A` ROW(`B` INTEGER NULL) NULL))");
  }
}
