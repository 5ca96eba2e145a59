package dev.runnel.sql.parser;

import static dev.runnel.sql.parser.RunnelSqlParser.parse;
import static dev.runnel.sql.parser.RunnelSqlParser.toSql;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import dev.runnel.sql.parser.ddl.SqlCreateTable;
import dev.runnel.sql.parser.ddl.SqlDropTable;
import dev.runnel.sql.parser.ddl.SqlTableColumn;
import dev.runnel.sql.parser.dql.SqlAlterJob;
import dev.runnel.sql.parser.dql.SqlDescribeJob;
import dev.runnel.sql.parser.dql.SqlDescribeTable;
import dev.runnel.sql.parser.dql.SqlReset;
import dev.runnel.sql.parser.dql.SqlSet;
import dev.runnel.sql.parser.dql.SqlShowCluster;
import dev.runnel.sql.parser.dql.SqlShowJobs;
import dev.runnel.sql.parser.dql.SqlShowTables;
import dev.runnel.sql.parser.dql.SqlSavepoint;
import dev.runnel.sql.parser.dql.SqlStopJob;
import java.util.List;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSetOption;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.type.SqlTypeName;
import org.junit.jupiter.api.Test;

/** The statements Runnel adds to Calcite's grammar, and Flink's lexical conventions. */
class RunnelSqlParserTest {

  @Test
  void createTableWithColumnsCommentsAndOptions() throws SqlParseException {
    var node = parse("CREATE TABLE orders (id BIGINT NOT NULL COMMENT 'key', customer STRING, "
        + "amount DOUBLE, ts TIMESTAMP(3)) COMMENT 'all orders' "
        + "WITH ('connector' = 'datagen', 'rows-per-second' = '5', 'fields.id.kind' = 'sequence')");

    var create = (SqlCreateTable) node;
    assertThat(create.getKind()).isEqualTo(SqlKind.CREATE_TABLE);
    assertThat(create.name().names).containsExactly("orders");
    assertThat(create.ifNotExists()).isFalse();
    assertThat(create.comment()).isEqualTo("all orders");
    assertThat(create.options()).containsExactly(entry("connector", "datagen"),
        entry("rows-per-second", "5"), entry("fields.id.kind", "sequence"));
    assertThat(create.optionList()).hasSize(3);

    var columns = create.columns();
    assertThat(columns).extracting(c -> c.name().getSimple())
        .containsExactly("id", "customer", "amount", "ts");
    assertThat(columns).extracting(SqlTableColumn::comment)
        .containsExactly("key", null, null, null);
    assertThat(columns).extracting(c -> c.type().getNullable())
        .containsExactly(false, true, true, true);
    assertThat(typeName(columns.get(0).type())).isEqualTo(SqlTypeName.BIGINT);
    assertThat(typeName(columns.get(2).type())).isEqualTo(SqlTypeName.DOUBLE);
    assertThat(typeName(columns.get(3).type())).isEqualTo(SqlTypeName.TIMESTAMP);
    assertThat(precision(columns.get(3).type())).isEqualTo(3);

    assertThat(toSql(node)).isEqualTo("CREATE TABLE `orders` (`id` BIGINT NOT NULL COMMENT 'key', "
        + "`customer` STRING, `amount` DOUBLE, `ts` TIMESTAMP(3)) COMMENT 'all orders' "
        + "WITH ('connector' = 'datagen', 'rows-per-second' = '5', "
        + "'fields.id.kind' = 'sequence')");
  }

  @Test
  void createTableIfNotExistsWithCompoundNameAndNoWithClause() throws SqlParseException {
    var create = (SqlCreateTable) parse("create table if not exists cat.db.t (a int)");

    assertThat(create.ifNotExists()).isTrue();
    assertThat(create.name().names).containsExactly("cat", "db", "t");
    assertThat(create.options()).isEmpty();
    assertThat(create.comment()).isNull();
    assertThat(toSql(create)).isEqualTo("CREATE TABLE IF NOT EXISTS `cat`.`db`.`t` (`a` INTEGER)");
  }

  @Test
  void createTableSpanningLinesWithComments() throws SqlParseException {
    var sql = """
        -- the orders stream
        CREATE TABLE orders (
          id BIGINT,        -- sequence
          /* free text */ customer STRING
        ) WITH (
          'connector' = 'datagen'  -- generated
        );
        """;

    var create = (SqlCreateTable) parse(sql);

    assertThat(create.columns()).extracting(c -> c.name().getSimple())
        .containsExactly("id", "customer");
    assertThat(create.options()).containsExactly(entry("connector", "datagen"));
    assertThat(create.getParserPosition().getLineNum()).isEqualTo(2);
    assertThat(create.columns().get(1).getParserPosition().getLineNum()).isEqualTo(4);
    assertThat(create.columns().get(1).getParserPosition().getColumnNum()).isEqualTo(19);
  }

  @Test
  void optionValuesAreUnquoted() throws SqlParseException {
    var create = (SqlCreateTable) parse(
        "CREATE TABLE t (a INT) WITH ('path' = '/tmp/it''s', 'k' = '')");

    assertThat(create.options()).containsExactly(entry("path", "/tmp/it's"), entry("k", ""));
    var option = create.tableOptions().get(0);
    assertThat(option.keyLiteral().getParserPosition().getColumnNum()).isEqualTo(30);
    assertThat(option.valueLiteral().getParserPosition().getColumnNum()).isEqualTo(39);
    assertThat(toSql(create)).endsWith("WITH ('path' = '/tmp/it''s', 'k' = '')");
  }

  @Test
  void flinkTypeNames() throws SqlParseException {
    var create = (SqlCreateTable) parse("CREATE TABLE t (s STRING, b BYTES, ltz TIMESTAMP_LTZ(3), "
        + "f FLOAT, r REAL, ts6 TIMESTAMP(6) WITH LOCAL TIME ZONE, d DECIMAL(10, 2), "
        + "n NUMERIC(5), dec2 DEC(4, 1), c CHAR(3), v VARCHAR(20), bin BINARY(4), "
        + "vb VARBINARY(8), bo BOOLEAN, ti TINYINT, si SMALLINT, i INT, ig INTEGER, "
        + "bi BIGINT, db DOUBLE, dt DATE, tm TIME(3), tsp TIMESTAMP)");

    var types = create.columns().stream().map(SqlTableColumn::type).toList();
    assertThat(types).extracting(RunnelSqlParserTest::typeName).containsExactly(
        SqlTypeName.VARCHAR, SqlTypeName.VARBINARY, SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE,
        SqlTypeName.REAL, SqlTypeName.REAL, SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE,
        SqlTypeName.DECIMAL, SqlTypeName.DECIMAL, SqlTypeName.DECIMAL, SqlTypeName.CHAR,
        SqlTypeName.VARCHAR, SqlTypeName.BINARY, SqlTypeName.VARBINARY, SqlTypeName.BOOLEAN,
        SqlTypeName.TINYINT, SqlTypeName.SMALLINT, SqlTypeName.INTEGER, SqlTypeName.INTEGER,
        SqlTypeName.BIGINT, SqlTypeName.DOUBLE, SqlTypeName.DATE, SqlTypeName.TIME,
        SqlTypeName.TIMESTAMP);
    assertThat(precision(types.get(0))).isEqualTo(Integer.MAX_VALUE);
    assertThat(precision(types.get(1))).isEqualTo(Integer.MAX_VALUE);
    assertThat(precision(types.get(2))).isEqualTo(3);
    assertThat(precision(types.get(5))).isEqualTo(6);
    assertThat(toSql(create)).isEqualTo("CREATE TABLE `t` (`s` STRING, `b` BYTES, "
        + "`ltz` TIMESTAMP_LTZ(3), `f` FLOAT, `r` REAL, "
        + "`ts6` TIMESTAMP(6) WITH LOCAL TIME ZONE, `d` DECIMAL(10, 2), `n` DECIMAL(5), "
        + "`dec2` DECIMAL(4, 1), `c` CHAR(3), `v` VARCHAR(20), `bin` BINARY(4), "
        + "`vb` VARBINARY(8), `bo` BOOLEAN, `ti` TINYINT, `si` SMALLINT, `i` INTEGER, "
        + "`ig` INTEGER, `bi` BIGINT, `db` DOUBLE, `dt` DATE, `tm` TIME(3), `tsp` TIMESTAMP)");
  }

  @Test
  void flinkTypeNamesInCast() throws SqlParseException {
    var node = parse("SELECT CAST(a AS STRING), CAST(b AS TIMESTAMP_LTZ(3)), CAST(c AS FLOAT), "
        + "CAST(d AS BYTES) FROM t");

    assertThat(toSql(node)).isEqualTo("SELECT CAST(`a` AS STRING), CAST(`b` AS TIMESTAMP_LTZ(3)), "
        + "CAST(`c` AS FLOAT), CAST(`d` AS BYTES)\nFROM `t`");
  }

  @Test
  void newKeywordsRemainUsableAsIdentifiers() throws SqlParseException {
    var create = (SqlCreateTable) parse(
        "CREATE TABLE jobs (comment STRING, string INT, tables INT, job INT, stop INT, "
            + "bytes INT, `if` INT, timestamp_ltz INT)");

    assertThat(create.name().getSimple()).isEqualTo("jobs");
    assertThat(create.columns()).extracting(c -> c.name().getSimple()).containsExactly(
        "comment", "string", "tables", "job", "stop", "bytes", "if", "timestamp_ltz");
    assertThat(toSql(parse("SELECT comment, stop FROM tables")))
        .isEqualTo("SELECT `comment`, `stop`\nFROM `tables`");
  }

  @Test
  void dropTable() throws SqlParseException {
    var drop = (SqlDropTable) parse("DROP TABLE db.orders");
    assertThat(drop.getKind()).isEqualTo(SqlKind.DROP_TABLE);
    assertThat(drop.name().names).containsExactly("db", "orders");
    assertThat(drop.ifExists()).isFalse();
    assertThat(toSql(drop)).isEqualTo("DROP TABLE `db`.`orders`");

    var ifExists = (SqlDropTable) parse("drop table if exists orders");
    assertThat(ifExists.ifExists()).isTrue();
    assertThat(toSql(ifExists)).isEqualTo("DROP TABLE IF EXISTS `orders`");
  }

  @Test
  void showTablesAndJobs() throws SqlParseException {
    assertThat(parse("SHOW TABLES")).isInstanceOf(SqlShowTables.class)
        .hasToString("SHOW TABLES");
    assertThat(parse("show jobs")).isInstanceOf(SqlShowJobs.class).hasToString("SHOW JOBS");
    assertThat(parse("Show Cluster")).isInstanceOf(SqlShowCluster.class).hasToString("SHOW CLUSTER");
    // a non-reserved word: still a name
    assertThat(parse("SELECT cluster FROM t")).isNotNull();
  }

  @Test
  void describeAndDesc() throws SqlParseException {
    var describe = (SqlDescribeTable) parse("DESCRIBE orders");
    assertThat(describe.name().names).containsExactly("orders");
    assertThat(toSql(describe)).isEqualTo("DESCRIBE TABLE `orders`");

    var desc = (SqlDescribeTable) parse("desc db.Orders");
    assertThat(desc.name().names).containsExactly("db", "Orders");
    assertThat(toSql(desc)).isEqualTo("DESCRIBE TABLE `db`.`Orders`");

    assertThat(parse("DESCRIBE TABLE orders")).isInstanceOf(SqlDescribeTable.class);
    assertThat(((SqlDescribeTable) parse("DESC `my orders`;")).name().getSimple())
        .isEqualTo("my orders");
  }

  @Test
  void stopJob() throws SqlParseException {
    var stop = (SqlStopJob) parse("STOP JOB '3f9c0a'");
    assertThat(stop.jobId()).isEqualTo("3f9c0a");
    assertThat(toSql(stop)).isEqualTo("STOP JOB '3f9c0a'");
    assertThat(stop.withSavepoint()).isFalse();

    var withSavepoint = (SqlStopJob) parse("stop job '3f9c0a' with savepoint with drain");
    assertThat(withSavepoint.withSavepoint()).isTrue();
    assertThat(withSavepoint.withDrain()).isTrue();
    assertThat(toSql(withSavepoint)).isEqualTo("STOP JOB '3f9c0a' WITH SAVEPOINT WITH DRAIN");
    assertThat(((SqlStopJob) parse("STOP JOB 'j' WITH SAVEPOINT")).withDrain()).isFalse();
  }

  @Test
  void alterJobSetsOptions() throws SqlParseException {
    var alter = (SqlAlterJob) parse("ALTER JOB '3f9c0a' SET ('parallelism' = '4')");
    assertThat(alter.jobId()).isEqualTo("3f9c0a");
    assertThat(alter.options()).containsExactly(entry("parallelism", "4"));
    assertThat(alter.jobOptions().get(0).keyLiteral().getParserPosition().getColumnNum()).isEqualTo(25);
    assertThat(toSql(alter)).isEqualTo("ALTER JOB '3f9c0a' SET ('parallelism' = '4')");

    // the session rejects an empty list and unknown keys, naming them
    assertThat(((SqlAlterJob) parse("alter job 'j' set ()")).options()).isEmpty();
    assertThat(((SqlAlterJob) parse("ALTER JOB 'j' SET ('a' = '1', 'b' = '2')")).options())
        .containsExactly(entry("a", "1"), entry("b", "2"));
  }

  @Test
  void alterTableAndViewStillParseBesideAlterJob() throws SqlParseException {
    assertThat(parse("ALTER TABLE job SET ('k' = 'v')").getKind()).isEqualTo(SqlKind.ALTER_TABLE);
    assertThat(parse("ALTER SESSION SET x = 1")).isInstanceOf(SqlSetOption.class);
  }

  @Test
  void savepoint() throws SqlParseException {
    var savepoint = (SqlSavepoint) parse("SAVEPOINT '3f9c0a'");
    assertThat(savepoint.jobId()).isEqualTo("3f9c0a");
    assertThat(toSql(savepoint)).isEqualTo("SAVEPOINT '3f9c0a'");
  }

  @Test
  void describeJobAndATableCalledJob() throws SqlParseException {
    var describe = (SqlDescribeJob) parse("DESCRIBE JOB '3f9c0a';");
    assertThat(describe.jobId()).isEqualTo("3f9c0a");
    assertThat(toSql(describe)).isEqualTo("DESCRIBE JOB '3f9c0a'");
    assertThat(parse("DESC JOB 'x'")).isInstanceOf(SqlDescribeJob.class);
    assertThat(((SqlDescribeTable) parse("DESCRIBE job")).name().getSimple()).isEqualTo("job");
  }

  @Test
  void setAndListOptions() throws SqlParseException {
    var set = (SqlSet) parse("SET 'parallelism.default' = '2'");
    assertThat(set.key()).isEqualTo("parallelism.default");
    assertThat(set.value()).isEqualTo("2");
    assertThat(toSql(set)).isEqualTo("SET 'parallelism.default' = '2'");

    var list = (SqlSet) parse("set");
    assertThat(list.key()).isNull();
    assertThat(list.value()).isNull();
    assertThat(toSql(list)).isEqualTo("SET");

    // Calcite's own unquoted form still parses, to Calcite's node.
    assertThat(parse("SET x = 1")).isInstanceOf(SqlSetOption.class);
  }

  @Test
  void resetOneOrAllOptions() throws SqlParseException {
    var one = (SqlReset) parse("RESET 'parallelism.default'");
    assertThat(one.key()).isEqualTo("parallelism.default");
    assertThat(toSql(one)).isEqualTo("RESET 'parallelism.default'");

    var all = (SqlReset) parse("reset;");
    assertThat(all.key()).isNull();
    assertThat(toSql(all)).isEqualTo("RESET");
  }

  @Test
  void queriesAndInsertsStayCalcites() throws SqlParseException {
    var select = parse("SELECT id, UPPER(customer) AS c, amount * 1.2 AS gross FROM orders "
        + "WHERE amount > 100");
    assertThat(select).isInstanceOf(SqlSelect.class);
    assertThat(toSql(select)).isEqualTo("SELECT `id`, UPPER(`customer`) AS `c`, "
        + "`amount` * 1.2 AS `gross`\nFROM `orders`\nWHERE `amount` > 100");

    var insert = (SqlInsert) parse(
        "INSERT INTO big_orders (id, amount) SELECT id, amount FROM orders WHERE amount > 400");
    assertThat(insert.getTargetColumnList()).hasSize(2);
    assertThat(toSql(insert)).isEqualTo("INSERT INTO `big_orders` (`id`, `amount`)\n"
        + "SELECT `id`, `amount`\nFROM `orders`\nWHERE `amount` > 400");

    assertThat(toSql(parse("WITH x AS (SELECT 1 AS a) SELECT a FROM x UNION ALL VALUES (2)")))
        .isEqualTo("WITH `x` AS (SELECT 1 AS `a`) SELECT `a`\nFROM `x`\nUNION ALL\n(VALUES ROW(2))");
    assertThat(parse("INSERT INTO t SELECT a FROM s").getKind()).isEqualTo(SqlKind.INSERT);
  }

  @Test
  void keywordsAnyCaseIdentifiersKeepCase() throws SqlParseException {
    var node = (SqlSelect) parse("sElEcT MyCol, `select`, `Odd Name` FrOm MyTable");

    assertThat(toSql(node))
        .isEqualTo("SELECT `MyCol`, `select`, `Odd Name`\nFROM `MyTable`");
  }

  @Test
  void backtickIdentifiersInDdl() throws SqlParseException {
    var create = (SqlCreateTable) parse("CREATE TABLE `my table` (`from` INT, `Weird-Name` STRING)");

    assertThat(create.name().getSimple()).isEqualTo("my table");
    assertThat(create.columns()).extracting(c -> c.name().getSimple())
        .containsExactly("from", "Weird-Name");
  }

  @Test
  void unparsedStatementsParseBackToTheSameText() throws SqlParseException {
    for (var sql : List.of(
        "CREATE TABLE IF NOT EXISTS `a`.`b` (`x` STRING NOT NULL COMMENT 'c', "
            + "`y` TIMESTAMP_LTZ(3)) COMMENT 't' WITH ('k' = 'v')",
        "DROP TABLE IF EXISTS `t`", "SHOW TABLES", "SHOW JOBS", "DESCRIBE TABLE `t`",
        "STOP JOB 'j'", "ALTER JOB 'j' SET ('parallelism' = '2')", "SET", "SET 'k' = 'v'", "RESET", "RESET 'k'")) {
      SqlNode once = parse(sql);
      assertThat(toSql(once)).isEqualTo(sql);
      assertThat(toSql(parse(toSql(once)))).isEqualTo(sql);
    }
  }

  @Test
  void scriptOfStatements() throws SqlParseException {
    var statements = RunnelSqlParser.parseScript(
        "CREATE TABLE t (a INT) WITH ('connector' = 'datagen');\nSHOW TABLES;\n\nSELECT a FROM t;");

    assertThat(statements).hasSize(3);
    assertThat(statements.get(2).getParserPosition().getLineNum()).isEqualTo(4);
  }

  private static SqlTypeName typeName(SqlDataTypeSpec spec) {
    return SqlTypeName.valueOf(spec.getTypeNameSpec().getTypeName().getSimple());
  }

  private static int precision(SqlDataTypeSpec spec) {
    return ((SqlBasicTypeNameSpec) spec.getTypeNameSpec()).getPrecision();
  }
}
