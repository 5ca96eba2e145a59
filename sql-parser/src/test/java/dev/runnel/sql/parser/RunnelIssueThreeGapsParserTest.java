package dev.runnel.sql.parser;

import static dev.runnel.sql.parser.ParseErrors.assertAt;
import static dev.runnel.sql.parser.ParseErrors.parseError;
import static dev.runnel.sql.parser.RunnelSqlParser.parse;
import static dev.runnel.sql.parser.RunnelSqlParser.toSql;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.sql.parser.ddl.SqlAlterView;
import dev.runnel.sql.parser.ddl.SqlCreateCatalog;
import dev.runnel.sql.parser.ddl.SqlDropCatalog;
import dev.runnel.sql.parser.dml.SqlRichInsert;
import dev.runnel.sql.parser.dml.SqlStatementSet;
import dev.runnel.sql.parser.dml.SqlStaticPartition;
import dev.runnel.sql.parser.dql.SqlDescribeNamespace;
import dev.runnel.sql.parser.dql.SqlShowPartitions;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.parser.SqlParseException;
import org.junit.jupiter.api.Test;

/** Static partitions, SHOW PARTITIONS, EXECUTE INSERT, ALTER VIEW, DESCRIBE CATALOG | DATABASE, CREATE/DROP CATALOG. */
class RunnelIssueThreeGapsParserTest {

  @Test
  void insertWithStaticPartitions() throws SqlParseException {
    var insert = (SqlRichInsert) parse("INSERT INTO db.t PARTITION (dt = '2024-01-01', hr = 10) (a, b) SELECT 1, 2");
    assertThat(insert.isOverwrite()).isFalse();
    assertThat(insert.staticPartitions()).hasSize(2);
    var first = (SqlStaticPartition) insert.staticPartitions().get(0);
    assertThat(first.column().getSimple()).isEqualTo("dt");
    assertThat(toSql(insert)).isEqualTo("INSERT INTO `db`.`t` PARTITION (`dt` = '2024-01-01', `hr` = 10) "
        + "(`a`, `b`) SELECT 1, 2");
    assertThat(((SqlRichInsert) parse("INSERT OVERWRITE t PARTITION (p = 'x') SELECT 1")).isOverwrite()).isTrue();
    // without PARTITION it stays Calcite's insert
    assertThat(parse("INSERT INTO t SELECT 1").getClass()).isEqualTo(SqlInsert.class);
    var set = (SqlStatementSet) parse("EXECUTE STATEMENT SET BEGIN INSERT INTO t PARTITION (p = 1) SELECT 1; END");
    assertThat(toSql(set)).contains("PARTITION (`p` = 1)");
    var e = parseError("INSERT INTO t PARTITION (p) SELECT 1");
    assertAt(e, 1, 27);
  }

  @Test
  void executeBeforeAnInsert() throws SqlParseException {
    assertThat(parse("EXECUTE INSERT INTO t SELECT 1").getClass()).isEqualTo(SqlInsert.class);
    assertThat(parse("EXECUTE INSERT INTO t PARTITION (p = 1) SELECT 1")).isInstanceOf(SqlRichInsert.class);
  }

  @Test
  void showPartitions() throws SqlParseException {
    var show = (SqlShowPartitions) parse("SHOW PARTITIONS c.d.t PARTITION (dt = 'x')");
    assertThat(show.name().names).containsExactly("c", "d", "t");
    assertThat(show.partitionSpec()).hasSize(1);
    assertThat(((SqlShowPartitions) parse("SHOW PARTITIONS t")).partitionSpec()).isEmpty();
  }

  @Test
  void alterView() throws SqlParseException {
    var rename = (SqlAlterView) parse("ALTER VIEW v RENAME TO w");
    assertThat(rename.newName().getSimple()).isEqualTo("w");
    var as = (SqlAlterView) parse("ALTER VIEW db.v AS SELECT 1");
    assertThat(as.query()).isNotNull();
    assertThat(toSql(as)).isEqualTo("ALTER VIEW `db`.`v` AS SELECT 1");
    var e = parseError("ALTER VIEW v SET ('k' = 'v')");
    assertAt(e, 1, 14);
    assertThat(e.getMessage()).contains("Was expecting one of: \"AS\", \"RENAME\"");
  }

  @Test
  void describeCatalogAndDatabase() throws SqlParseException {
    var db = (SqlDescribeNamespace) parse("DESC DATABASE EXTENDED c.d");
    assertThat(db.isCatalog()).isFalse();
    assertThat(db.isExtended()).isTrue();
    assertThat(db.name().names).containsExactly("c", "d");
    var named = (SqlDescribeNamespace) parse("DESCRIBE DATABASE extended");
    assertThat(named.isExtended()).isFalse();
    assertThat(named.name().getSimple()).isEqualTo("extended");
    assertThat(((SqlDescribeNamespace) parse("DESCRIBE CATALOG c")).isCatalog()).isTrue();
  }

  @Test
  void createAndDropCatalog() throws SqlParseException {
    var create = (SqlCreateCatalog) parse("CREATE CATALOG IF NOT EXISTS c COMMENT 'x' "
        + "WITH ('type' = 'generic_in_memory', 'default-database' = 'db')");
    assertThat(create.ifNotExists()).isTrue();
    assertThat(create.comment()).isEqualTo("x");
    assertThat(create.options()).containsEntry("type", "generic_in_memory").containsEntry("default-database", "db");
    var drop = (SqlDropCatalog) parse("DROP CATALOG IF EXISTS c");
    assertThat(drop.ifExists()).isTrue();
    var noWith = parseError("CREATE CATALOG c");
    assertThat(noWith.getMessage()).contains("\"WITH\"");
    var duplicate = parseError("CREATE CATALOG c WITH ('type' = 'a', 'type' = 'b')");
    assertThat(duplicate.getMessage()).contains("type");
  }
}
