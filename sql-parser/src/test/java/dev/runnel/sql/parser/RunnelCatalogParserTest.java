package dev.runnel.sql.parser;

import static dev.runnel.sql.parser.ParseErrors.assertAt;
import static dev.runnel.sql.parser.ParseErrors.parseError;
import static dev.runnel.sql.parser.RunnelSqlParser.parse;
import static dev.runnel.sql.parser.RunnelSqlParser.toSql;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import dev.runnel.sql.parser.ddl.SqlAlterTableOptions;
import dev.runnel.sql.parser.ddl.SqlAlterTableRename;
import dev.runnel.sql.parser.ddl.SqlCreateDatabase;
import dev.runnel.sql.parser.ddl.SqlCreateTable;
import dev.runnel.sql.parser.ddl.SqlCreateView;
import dev.runnel.sql.parser.ddl.SqlDropDatabase;
import dev.runnel.sql.parser.ddl.SqlDropTable;
import dev.runnel.sql.parser.ddl.SqlDropView;
import dev.runnel.sql.parser.dql.SqlShowColumns;
import dev.runnel.sql.parser.dql.SqlShowCreateView;
import dev.runnel.sql.parser.dql.SqlShowObjects;
import dev.runnel.sql.parser.dql.SqlShowTables;
import dev.runnel.sql.parser.dql.SqlUse;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParseException;
import org.junit.jupiter.api.Test;

/** The catalog statements: databases, catalogs, views, ALTER TABLE and the SHOW forms. */
class RunnelCatalogParserTest {

  @Test
  void createDatabaseWithEverything() throws SqlParseException {
    var create = (SqlCreateDatabase) parse(
        "create database if not exists cat.db comment 'mine' with ('k1' = 'v1', 'k2' = 'v2')");

    assertThat(create.getKind()).isEqualTo(SqlKind.CREATE_SCHEMA);
    assertThat(create.ifNotExists()).isTrue();
    assertThat(create.name().names).containsExactly("cat", "db");
    assertThat(create.comment()).isEqualTo("mine");
    assertThat(create.properties()).containsExactly(entry("k1", "v1"), entry("k2", "v2"));
    assertThat(toSql(create)).isEqualTo(
        "CREATE DATABASE IF NOT EXISTS `cat`.`db` COMMENT 'mine' WITH ('k1' = 'v1', 'k2' = 'v2')");
  }

  @Test
  void createDatabasePlain() throws SqlParseException {
    var create = (SqlCreateDatabase) parse("CREATE DATABASE db1");

    assertThat(create.ifNotExists()).isFalse();
    assertThat(create.comment()).isNull();
    assertThat(create.properties()).isEmpty();
    assertThat(toSql(create)).isEqualTo("CREATE DATABASE `db1`");
  }

  @Test
  void dropDatabaseRestrictIsTheDefault() throws SqlParseException {
    var plain = (SqlDropDatabase) parse("DROP DATABASE db1");
    var cascade = (SqlDropDatabase) parse("drop database if exists c.db1 cascade");
    var restrict = (SqlDropDatabase) parse("DROP DATABASE db1 RESTRICT");

    assertThat(plain.cascade()).isFalse();
    assertThat(plain.ifExists()).isFalse();
    assertThat(cascade.cascade()).isTrue();
    assertThat(cascade.ifExists()).isTrue();
    assertThat(cascade.name().names).containsExactly("c", "db1");
    assertThat(restrict.cascade()).isFalse();
    assertThat(toSql(plain)).isEqualTo("DROP DATABASE `db1` RESTRICT");
    assertThat(toSql(cascade)).isEqualTo("DROP DATABASE IF EXISTS `c`.`db1` CASCADE");
  }

  @Test
  void useDatabaseAndCatalog() throws SqlParseException {
    var db = (SqlUse) parse("USE db1");
    var qualified = (SqlUse) parse("use default_catalog.db1");
    var catalog = (SqlUse) parse("USE CATALOG my_catalog");
    var databaseNamedCatalog = (SqlUse) parse("USE `catalog`");

    assertThat(db.isCatalog()).isFalse();
    assertThat(db.name().names).containsExactly("db1");
    assertThat(qualified.name().names).containsExactly("default_catalog", "db1");
    assertThat(catalog.isCatalog()).isTrue();
    assertThat(catalog.name().getSimple()).isEqualTo("my_catalog");
    assertThat(databaseNamedCatalog.isCatalog()).isFalse();
    assertThat(toSql(catalog)).isEqualTo("USE CATALOG `my_catalog`");
    assertThat(toSql(qualified)).isEqualTo("USE `default_catalog`.`db1`");
  }

  @Test
  void createViewWithColumnsAndComment() throws SqlParseException {
    var create = (SqlCreateView) parse("""
        CREATE TEMPORARY VIEW IF NOT EXISTS db.v (x, y) COMMENT 'big ones'
        AS SELECT a, b FROM t WHERE a > 10""");

    assertThat(create.getKind()).isEqualTo(SqlKind.CREATE_VIEW);
    assertThat(create.temporary()).isTrue();
    assertThat(create.ifNotExists()).isTrue();
    assertThat(create.name().names).containsExactly("db", "v");
    assertThat(create.columnList()).extracting(n -> ((SqlIdentifier) n).getSimple())
        .containsExactly("x", "y");
    assertThat(create.comment()).isEqualTo("big ones");
    assertThat(create.query()).isInstanceOf(SqlSelect.class);
    assertThat(toSql(create)).isEqualTo("CREATE TEMPORARY VIEW IF NOT EXISTS `db`.`v` (`x`, `y`) "
        + "COMMENT 'big ones' AS\nSELECT `a`, `b`\nFROM `t`\nWHERE `a` > 10");
  }

  @Test
  void createViewPlainWithUnion() throws SqlParseException {
    var create = (SqlCreateView) parse("create view v as select 1 as a union all select 2");

    assertThat(create.temporary()).isFalse();
    assertThat(create.ifNotExists()).isFalse();
    assertThat(create.columnList()).isEmpty();
    assertThat(create.comment()).isNull();
    assertThat(create.query().getKind()).isEqualTo(SqlKind.UNION);
    assertThat(parse(toSql(create)).toString()).isEqualTo(create.toString());
  }

  @Test
  void dropView() throws SqlParseException {
    var plain = (SqlDropView) parse("DROP VIEW v");
    var temporary = (SqlDropView) parse("drop temporary view if exists db.v");

    assertThat(plain.temporary()).isFalse();
    assertThat(plain.ifExists()).isFalse();
    assertThat(temporary.temporary()).isTrue();
    assertThat(temporary.ifExists()).isTrue();
    assertThat(temporary.name().names).containsExactly("db", "v");
    assertThat(toSql(temporary)).isEqualTo("DROP TEMPORARY VIEW IF EXISTS `db`.`v`");
  }

  @Test
  void temporaryTables() throws SqlParseException {
    var create = (SqlCreateTable) parse(
        "create temporary table if not exists db.t (id BIGINT) with ('connector' = 'datagen')");
    var plain = (SqlCreateTable) parse("CREATE TABLE t (id BIGINT)");
    var drop = (SqlDropTable) parse("DROP TEMPORARY TABLE IF EXISTS db.t");

    assertThat(create.temporary()).isTrue();
    assertThat(create.ifNotExists()).isTrue();
    assertThat(create.name().names).containsExactly("db", "t");
    assertThat(toSql(create)).isEqualTo(
        "CREATE TEMPORARY TABLE IF NOT EXISTS `db`.`t` (`id` BIGINT) WITH ('connector' = 'datagen')");
    assertThat(plain.temporary()).isFalse();
    assertThat(drop.temporary()).isTrue();
    assertThat(drop.ifExists()).isTrue();
    assertThat(toSql(drop)).isEqualTo("DROP TEMPORARY TABLE IF EXISTS `db`.`t`");
    assertThat(((SqlDropTable) parse("DROP TABLE t")).temporary()).isFalse();
    // the other objects that may be temporary still parse after TEMPORARY
    assertThat(parse("CREATE TEMPORARY VIEW v AS SELECT 1")).isInstanceOf(SqlCreateView.class);
    assertThat(parse("DROP TEMPORARY VIEW v")).isInstanceOf(SqlDropView.class);
    assertThat(parse("CREATE DATABASE d")).isInstanceOf(SqlCreateDatabase.class);
    var error = parseError("CREATE TEMPORARY DATABASE d");
    assertAt(error, 1, 8);
    assertThat(error.getMessage()).contains("\"TEMPORARY\" \"TABLE\"", "\"TEMPORARY\" \"VIEW\"");
    assertThat(parseError("DROP TEMPORARY SYSTEM TABLE t").getMessage()).contains("applies to functions only");
  }

  @Test
  void alterTableRename() throws SqlParseException {
    var rename = (SqlAlterTableRename) parse("ALTER TABLE IF EXISTS db.t RENAME TO t2");

    assertThat(rename.getKind()).isEqualTo(SqlKind.ALTER_TABLE);
    assertThat(rename.ifExists()).isTrue();
    assertThat(rename.name().names).containsExactly("db", "t");
    assertThat(rename.newName().names).containsExactly("t2");
    assertThat(toSql(rename)).isEqualTo("ALTER TABLE IF EXISTS `db`.`t` RENAME TO `t2`");
  }

  @Test
  void alterTableSetOptions() throws SqlParseException {
    var set = (SqlAlterTableOptions) parse("alter table t set ('rows-per-second' = '5', 'k' = 'v')");

    assertThat(set.ifExists()).isFalse();
    assertThat(set.name().names).containsExactly("t");
    assertThat(set.options()).containsExactly(entry("rows-per-second", "5"), entry("k", "v"));
    assertThat(set.tableOptions()).hasSize(2);
    assertThat(toSql(set)).isEqualTo("ALTER TABLE `t` SET ('rows-per-second' = '5', 'k' = 'v')");
  }

  @Test
  void showFormsWithoutArguments() throws SqlParseException {
    assertThat(show("SHOW CATALOGS")).isEqualTo(SqlShowObjects.Kind.CATALOGS);
    assertThat(show("show databases")).isEqualTo(SqlShowObjects.Kind.DATABASES);
    assertThat(show("SHOW VIEWS")).isEqualTo(SqlShowObjects.Kind.VIEWS);
    assertThat(show("SHOW FUNCTIONS")).isEqualTo(SqlShowObjects.Kind.FUNCTIONS);
    assertThat(show("SHOW CURRENT CATALOG")).isEqualTo(SqlShowObjects.Kind.CURRENT_CATALOG);
    assertThat(show("show current database")).isEqualTo(SqlShowObjects.Kind.CURRENT_DATABASE);
    assertThat(toSql(parse("show current database"))).isEqualTo("SHOW CURRENT DATABASE");
  }

  @Test
  void showTablesWithDatabaseAndPattern() throws SqlParseException {
    var plain = (SqlShowTables) parse("SHOW TABLES");
    var full = (SqlShowTables) parse("SHOW TABLES IN cat.db NOT LIKE 'a%'");
    var like = (SqlShowTables) parse("SHOW TABLES LIKE 'o_d%'");

    assertThat(plain.database()).isNull();
    assertThat(plain.likePattern()).isNull();
    assertThat(full.database().names).containsExactly("cat", "db");
    assertThat(full.notLike()).isTrue();
    assertThat(full.likePattern()).isEqualTo("a%");
    assertThat(like.database()).isNull();
    assertThat(like.notLike()).isFalse();
    assertThat(like.likePattern()).isEqualTo("o_d%");
    assertThat(toSql(full)).isEqualTo("SHOW TABLES FROM `cat`.`db` NOT LIKE 'a%'");
    assertThat(toSql(plain)).isEqualTo("SHOW TABLES");
  }

  @Test
  void showColumns() throws SqlParseException {
    var columns = (SqlShowColumns) parse("SHOW COLUMNS IN db.t LIKE '%id'");
    var plain = (SqlShowColumns) parse("show columns from t");

    assertThat(columns.table().names).containsExactly("db", "t");
    assertThat(columns.notLike()).isFalse();
    assertThat(columns.likePattern()).isEqualTo("%id");
    assertThat(plain.likePattern()).isNull();
    assertThat(toSql(columns)).isEqualTo("SHOW COLUMNS FROM `db`.`t` LIKE '%id'");
  }

  @Test
  void showCreateView() throws SqlParseException {
    var show = (SqlShowCreateView) parse("SHOW CREATE VIEW db.v");

    assertThat(show.name().names).containsExactly("db", "v");
    assertThat(toSql(show)).isEqualTo("SHOW CREATE VIEW `db`.`v`");
  }

  @Test
  void newWordsStayUsableAsIdentifiers() throws SqlParseException {
    var select = (SqlSelect) parse(
        "SELECT catalogs, columns, databases, functions, rename, use, views FROM t");

    assertThat(select.getSelectList()).hasSize(7);
  }

  @Test
  void unknownShowWordListsTheKnownOnes() {
    var e = parseError("SHOW\n  TABLEZ");

    assertAt(e, 2, 3);
    assertThat(e.getMessage()).isEqualTo("Encountered \"TABLEZ\" at line 2, column 3. "
        + "Was expecting one of: \"CATALOGS\", \"CLUSTER\", \"COLUMNS\", \"CREATE\", \"CURRENT\", "
        + "\"DATABASES\", \"FUNCTIONS\", \"JOBS\", \"PARTITIONS\", \"TABLES\", \"USER\", \"VIEWS\".");
  }

  @Test
  void alterTableWithoutActionPointsAfterTheName() {
    var e = parseError("ALTER TABLE t DROP x");

    assertAt(e, 1, 15);
    assertThat(e.getMessage()).startsWith("Encountered \"DROP\" at line 1, column 15. "
        + "Was expecting one of: \"RENAME\", \"SET\"");
  }

  @Test
  void showColumnsNeedsFromOrIn() {
    var e = parseError("SHOW COLUMNS t");

    assertAt(e, 1, 14);
  }

  @Test
  void createViewNeedsAs() {
    var e = parseError("CREATE VIEW v\nSELECT 1");

    assertAt(e, 2, 1);
  }

  @Test
  void createOrReplaceViewIsRejected() {
    var e = parseError("CREATE OR REPLACE VIEW v AS SELECT 1");

    assertAt(e, 1, 1);
    assertThat(e.getMessage()).startsWith("CREATE OR REPLACE VIEW is not supported");
  }

  @Test
  void alterTableSetDuplicateKeyPointsAtTheSecond() {
    var e = parseError("ALTER TABLE t SET ('k' = '1',\n 'k' = '2')");

    assertAt(e, 2, 2);
    assertThat(e.getMessage()).isEqualTo("Duplicate option 'k' at line 2, column 2");
  }

  @Test
  void dropDatabaseWithUnknownModePointsAtIt() {
    var e = parseError("DROP DATABASE db CASCADES");

    assertAt(e, 1, 18);
  }

  private static SqlShowObjects.Kind show(String sql) throws SqlParseException {
    return ((SqlShowObjects) parse(sql)).kind();
  }
}
