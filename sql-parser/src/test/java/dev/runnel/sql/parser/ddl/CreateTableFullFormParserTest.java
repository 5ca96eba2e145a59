package dev.runnel.sql.parser.ddl;

import static dev.runnel.sql.parser.RunnelSqlParser.parse;
import static dev.runnel.sql.parser.RunnelSqlParser.toSql;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.entry;

import dev.runnel.sql.parser.RunnelSqlParser;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParseException;
import org.junit.jupiter.api.Test;

/** Flink's full CREATE TABLE: column kinds, WATERMARK, PRIMARY KEY, PARTITIONED BY, LIKE, AS. */
class CreateTableFullFormParserTest {

  @Test
  void everyColumnKindWatermarkAndPrimaryKey() throws SqlParseException {
    var create = (SqlCreateTable) parse("""
        CREATE TABLE orders (
          id BIGINT,
          price DECIMAL(10, 2),
          qty INT COMMENT 'pieces',
          total AS price * qty COMMENT 'computed',
          ts TIMESTAMP(3),
          part INT METADATA FROM 'partition' VIRTUAL,
          `offset` BIGINT METADATA,
          WATERMARK FOR ts AS ts - INTERVAL '5' SECOND,
          CONSTRAINT pk PRIMARY KEY (id) NOT ENFORCED
        ) COMMENT 'orders' PARTITIONED BY (qty) WITH ('connector' = 'datagen')""");

    var columns = create.columns();
    assertThat(columns).extracting(c -> c.name().getSimple())
        .containsExactly("id", "price", "qty", "total", "ts", "part", "offset");
    assertThat(columns).extracting(SqlTableColumn::kind).containsExactly(
        SqlTableColumn.Kind.PHYSICAL, SqlTableColumn.Kind.PHYSICAL, SqlTableColumn.Kind.PHYSICAL,
        SqlTableColumn.Kind.COMPUTED, SqlTableColumn.Kind.PHYSICAL, SqlTableColumn.Kind.METADATA,
        SqlTableColumn.Kind.METADATA);
    var total = columns.get(3);
    assertThat(total.type()).isNull();
    assertThat(total.expression().toString()).isEqualTo("`price` * `qty`");
    assertThat(total.comment()).isEqualTo("computed");
    assertThat(columns.get(5).metadataKey()).isEqualTo("partition");
    assertThat(columns.get(5).isVirtual()).isTrue();
    assertThat(columns.get(6).metadataKey()).isNull();
    assertThat(columns.get(6).isVirtual()).isFalse();

    assertThat(create.watermarks()).hasSize(1);
    var watermark = create.watermarks().get(0);
    assertThat(watermark.eventTimeColumn().getSimple()).isEqualTo("ts");
    assertThat(watermark.getParserPosition().getLineNum()).isEqualTo(9);
    assertThat(watermark.getParserPosition().getColumnNum()).isEqualTo(3);
    assertThat(create.primaryKeys()).singleElement().satisfies(pk -> {
      assertThat(pk.constraintName().getSimple()).isEqualTo("pk");
      assertThat(pk.columnNames()).containsExactly("id");
      assertThat(pk.getParserPosition().getLineNum()).isEqualTo(10);
    });
    assertThat(create.partitionKeys()).containsExactly("qty");
    assertThat(create.options()).containsExactly(entry("connector", "datagen"));
    assertThat(create.like()).isNull();
    assertThat(create.isCreateTableAs()).isFalse();

    var unparsed = toSql(create);
    assertThat(unparsed).isEqualTo("CREATE TABLE `orders` (`id` BIGINT, "
        + "`price` DECIMAL(10, 2), `qty` INTEGER COMMENT 'pieces', "
        + "`total` AS `price` * `qty` COMMENT 'computed', `ts` TIMESTAMP(3), "
        + "`part` INTEGER METADATA FROM 'partition' VIRTUAL, `offset` BIGINT METADATA, "
        + "WATERMARK FOR `ts` AS `ts` - INTERVAL '5' SECOND, "
        + "CONSTRAINT `pk` PRIMARY KEY (`id`) NOT ENFORCED) COMMENT 'orders' "
        + "PARTITIONED BY (`qty`) WITH ('connector' = 'datagen')");
    assertThat(toSql(parse(unparsed))).isEqualTo(unparsed);
  }

  @Test
  void columnLevelPrimaryKeyAndNotNull() throws SqlParseException {
    var create = (SqlCreateTable) parse(
        "CREATE TABLE t (id INT NOT NULL PRIMARY KEY NOT ENFORCED COMMENT 'key', v STRING)");

    assertThat(create.columns().get(0).nullable()).isFalse();
    assertThat(create.columns().get(0).comment()).isEqualTo("key");
    assertThat(create.primaryKeys()).singleElement()
        .satisfies(pk -> assertThat(pk.columnNames()).containsExactly("id"));
    assertThat(toSql(create)).isEqualTo("CREATE TABLE `t` (`id` INTEGER NOT NULL COMMENT 'key', "
        + "`v` STRING, PRIMARY KEY (`id`) NOT ENFORCED)");
  }

  @Test
  void likeWithOptionsAndWithoutColumns() throws SqlParseException {
    var create = (SqlCreateTable) parse("""
        CREATE TABLE t2 WITH ('path' = '/tmp/x')
        LIKE db.t1 (EXCLUDING ALL INCLUDING GENERATED OVERWRITING options)""");

    assertThat(create.columns()).isEmpty();
    var like = create.like();
    assertThat(like.source().names).containsExactly("db", "t1");
    assertThat(like.options()).extracting(Object::toString)
        .containsExactly("EXCLUDING ALL", "INCLUDING GENERATED", "OVERWRITING OPTIONS");
    assertThat(like.options().get(1).pos().getLineNum()).isEqualTo(2);
    assertThat(like.options().get(1).pos().getColumnNum()).isEqualTo(27);
    var unparsed = toSql(create);
    assertThat(unparsed).isEqualTo("CREATE TABLE `t2` WITH ('path' = '/tmp/x') "
        + "LIKE `db`.`t1` (EXCLUDING ALL INCLUDING GENERATED OVERWRITING OPTIONS)");
    assertThat(toSql(parse(unparsed))).isEqualTo(unparsed);

    var plain = (SqlCreateTable) parse("CREATE TABLE t2 (extra INT) LIKE t1");
    assertThat(plain.like().options()).isEmpty();
    assertThat(plain.columns()).hasSize(1);
  }

  @Test
  void createTableAsSelect() throws SqlParseException {
    var create = (SqlCreateTable) parse(
        "CREATE TABLE IF NOT EXISTS t WITH ('connector' = 'blackhole') AS SELECT a, b FROM s");

    assertThat(create.isCreateTableAs()).isTrue();
    assertThat(create.ifNotExists()).isTrue();
    assertThat(create.columns()).isEmpty();
    assertThat(create.query()).isInstanceOf(SqlSelect.class);
    var unparsed = toSql(create);
    assertThat(unparsed).isEqualTo("CREATE TABLE IF NOT EXISTS `t` "
        + "WITH ('connector' = 'blackhole') AS\nSELECT `a`, `b`\nFROM `s`");
    assertThat(toSql(parse(unparsed))).isEqualTo(unparsed);

    var withColumns = (SqlCreateTable) parse(
        "CREATE TABLE t (a BIGINT, c AS a + 1) WITH ('connector' = 'blackhole') AS SELECT a FROM s");
    assertThat(withColumns.columns()).hasSize(2);
    assertThat(withColumns.isCreateTableAs()).isTrue();
  }

  @Test
  void newWordsRemainIdentifiers() throws SqlParseException {
    var create = (SqlCreateTable) parse("CREATE TABLE t (watermark INT, metadata INT, "
        + "virtual INT, enforced INT, partitioned INT, partitions INT, watermarks INT, "
        + "overwriting INT, WATERMARK FOR watermark AS watermark)");

    assertThat(create.columns()).hasSize(8);
    assertThat(create.watermarks()).hasSize(1);
  }

  @Test
  void primaryKeyWithoutNotEnforcedIsAnError() {
    var e = parseError("CREATE TABLE t (id INT,\n  PRIMARY KEY (id))");
    assertThat(e.getPos().getLineNum()).isEqualTo(2);
    assertThat(e.getPos().getColumnNum()).isEqualTo(19);
    assertThat(e.getMessage()).startsWith("Runnel doesn't support ENFORCED mode for PRIMARY KEY "
        + "constraint. ENFORCED/NOT ENFORCED controls if the constraint checks are performed on "
        + "the incoming/outgoing data. Runnel does not own the data therefore the only supported "
        + "mode is the NOT ENFORCED mode at line 2, column 19");

    var enforced = parseError("CREATE TABLE t (id INT PRIMARY KEY ENFORCED)");
    assertThat(enforced.getPos().getColumnNum()).isEqualTo(36);
  }

  @Test
  void unknownLikeOptionIsAnError() {
    var e = parseError("CREATE TABLE t2 LIKE t1 (INCLUDING COLUMNS)");
    assertThat(e.getPos().getColumnNum()).isEqualTo(36);
    assertThat(e.getMessage()).startsWith("Encountered \"COLUMNS\" at line 1, column 36.");

    var noStrategy = parseError("CREATE TABLE t2 LIKE t1 (ALL)");
    assertThat(noStrategy.getPos().getColumnNum()).isEqualTo(26);
  }

  @Test
  void watermarkNeedsAnExpression() {
    var e = parseError("CREATE TABLE t (ts TIMESTAMP(3), WATERMARK FOR ts)");
    assertThat(e.getPos().getColumnNum()).isEqualTo(50);
  }

  @Test
  void showCreateTable() throws SqlParseException {
    var show = (dev.runnel.sql.parser.dql.SqlShowCreateTable) parse("show create table db.orders");
    assertThat(show.name().names).containsExactly("db", "orders");
    assertThat(toSql(show)).isEqualTo("SHOW CREATE TABLE `db`.`orders`");
    assertThat(parse("SHOW TABLES")).isInstanceOf(dev.runnel.sql.parser.dql.SqlShowTables.class);
    assertThat(parseError("SHOW CREATE orders").getPos().getColumnNum()).isEqualTo(13);
  }

  private static SqlParseException parseError(String sql) {
    var e = catchThrowableOfType(SqlParseException.class, () -> RunnelSqlParser.parse(sql));
    assertThat(e).as("parse error for: %s", sql).isNotNull();
    return e;
  }
}
