package dev.runnel.planner.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.planner.catalog.PrimaryKey;
import dev.runnel.planner.catalog.TableColumn;
import dev.runnel.planner.catalog.WatermarkSpec;
import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** CREATE TABLE in Flink's full form: catalog contents, DESCRIBE, SHOW CREATE TABLE, LIKE and errors. */
class CreateTableDdlTest {
    private EmbeddedCluster cluster;
    private Session session;

    @BeforeEach
    void start() {
        cluster = EmbeddedCluster.start(new Configuration());
        session = new Session(cluster, new Configuration());
    }

    @AfterEach
    void stop() {
        session.close();
        cluster.close();
    }

    private static final String ORDERS = """
            CREATE TABLE orders (
              id BIGINT COMMENT 'order id',
              price DECIMAL(10, 2),
              qty INT,
              total AS price * qty COMMENT 'price times quantity',
              ts TIMESTAMP(3),
              WATERMARK FOR ts AS ts - INTERVAL '5' SECOND,
              PRIMARY KEY (id) NOT ENFORCED
            ) COMMENT 'all orders' WITH ('connector' = 'datagen', 'rows-per-second' = '5')""";

    private CatalogTable table(String name) {
        return session.catalog().table(name).orElseThrow();
    }

    private List<Row> rows(String sql) {
        return ((StatementResult.Table) session.execute(sql)).rows();
    }

    private AbstractThrowableAssert<?, ? extends Throwable> assertFails(String sql, String position) {
        return assertThatThrownBy(() -> session.execute(sql))
                .isInstanceOf(SqlExecutionException.class)
                .satisfies(e -> assertThat(((SqlExecutionException) e).line() + ":" + ((SqlExecutionException) e).column())
                        .as(e.getMessage()).isEqualTo(position));
    }

    /** Checks that a failed statement left the catalog as it was. */
    private AbstractThrowableAssert<?, ? extends Throwable> assertFailsChangingNothing(String sql, String position) {
        List<String> before = session.catalog().tableNames();
        var result = assertFails(sql, position);
        assertThat(session.catalog().tableNames()).isEqualTo(before);
        return result;
    }

    @Test
    void catalogHoldsEveryPart() {
        session.execute(ORDERS);

        CatalogTable orders = table("orders");
        assertThat(orders.columns()).containsExactly(
                new TableColumn.Physical("id", DataType.of(TypeRoot.BIGINT).notNull(), "order id"),
                new TableColumn.Physical("price", DataType.decimal(10, 2), null),
                new TableColumn.Physical("qty", DataType.of(TypeRoot.INTEGER), null),
                new TableColumn.Computed("total", DataType.decimal(21, 2), "`price` * `qty`", "price times quantity"),
                new TableColumn.Physical("ts", DataType.of(TypeRoot.TIMESTAMP, 3), null));
        assertThat(orders.schema().names()).containsExactly("id", "price", "qty", "ts");
        assertThat(orders.watermark()).isEqualTo(new WatermarkSpec("ts", "`ts` - INTERVAL '5' SECOND"));
        assertThat(orders.primaryKey()).isEqualTo(new PrimaryKey("PK_id", List.of("id")));
        assertThat(orders.comment()).isEqualTo("all orders");
        assertThat(orders.partitionKeys()).isEmpty();
    }

    @Test
    void describeShowsKeyComputedExpressionAndWatermark() {
        session.execute(ORDERS);

        assertThat(rows("DESCRIBE orders")).containsExactly(
                Row.of("id", "BIGINT", false, "PRI(id)", "", ""),
                Row.of("price", "DECIMAL(10, 2)", true, "", "", ""),
                Row.of("qty", "INT", true, "", "", ""),
                Row.of("total", "DECIMAL(21, 2)", true, "", "AS `price` * `qty`", ""),
                Row.of("ts", "TIMESTAMP(3) *ROWTIME*", true, "", "", "`ts` - INTERVAL '5' SECOND"));
    }

    @Test
    void showCreateTablePrintsTheWholeStatement() {
        session.execute(ORDERS);

        assertThat(rows("SHOW CREATE TABLE orders")).containsExactly(Row.of("""
                CREATE TABLE `default_catalog`.`default_database`.`orders` (
                  `id` BIGINT NOT NULL COMMENT 'order id',
                  `price` DECIMAL(10, 2),
                  `qty` INT,
                  `total` AS `price` * `qty` COMMENT 'price times quantity',
                  `ts` TIMESTAMP(3),
                  WATERMARK FOR `ts` AS `ts` - INTERVAL '5' SECOND,
                  CONSTRAINT `PK_id` PRIMARY KEY (`id`) NOT ENFORCED
                )
                COMMENT 'all orders'
                WITH (
                  'connector' = 'datagen',
                  'rows-per-second' = '5'
                )"""));
    }

    @Test
    void showCreateTableOutputCreatesTheSameTable() {
        session.execute(ORDERS);
        String text = (String) rows("SHOW CREATE TABLE orders").get(0).getField(0);
        session.execute("DROP TABLE orders");

        session.execute(text);

        assertThat(rows("SHOW CREATE TABLE orders").get(0).getField(0)).isEqualTo(text);
    }

    @Test
    void namedPrimaryKeyAndPartitionsOnASinkThatHonoursThem() {
        session.execute("""
                CREATE TABLE sink (
                  a INT, b STRING, c STRING,
                  CONSTRAINT my_pk PRIMARY KEY (a, b) NOT ENFORCED
                ) PARTITIONED BY (c) WITH ('connector' = 'blackhole')""");

        assertThat(table("sink").primaryKey()).isEqualTo(new PrimaryKey("my_pk", List.of("a", "b")));
        assertThat(table("sink").partitionKeys()).containsExactly("c");
        assertThat(rows("DESCRIBE sink")).extracting(r -> r.getField(0) + " " + r.getField(2) + " " + r.getField(3))
                .containsExactly("a false PRI(a, b)", "b false PRI(a, b)", "c true ");
        assertThat((String) rows("SHOW CREATE TABLE sink").get(0).getField(0)).isEqualTo("""
                CREATE TABLE `default_catalog`.`default_database`.`sink` (
                  `a` INT NOT NULL,
                  `b` STRING NOT NULL,
                  `c` STRING,
                  CONSTRAINT `my_pk` PRIMARY KEY (`a`, `b`) NOT ENFORCED
                )
                PARTITIONED BY (`c`)
                WITH (
                  'connector' = 'blackhole'
                )""");
    }

    @Test
    void queriesOnATableWithAWatermarkRun() {
        session.execute(ORDERS);

        assertThat(session.execute("SELECT id, ts FROM orders")).isInstanceOf(QueryResult.class);
    }

    @Test
    void theScanReadsOnlyStoredColumnsAndACalcComputesTheOthers() {
        session.execute(ORDERS);

        String plan = session.explain("SELECT total FROM orders");

        // The watermark is generated in the source; the query's calc computes the computed column.
        assertThat(plan).isEqualTo("""
                CalcPhysicalRel(select=[*(price, qty) AS total])
                  WatermarkAssignerPhysicalRel(rowtime=[ts], watermark=[-(ts, 5000:INTERVAL SECOND)])
                    TableSourceScanPhysicalRel(table=[default_catalog.default_database.orders], connector=[datagen], \
                fields=[id, price, qty, ts])
                """);
    }

    // ------------------------------------------------------------------ LIKE

    @Test
    void likeByDefaultIncludesAllAndOverwritesOptions() {
        session.execute(ORDERS);

        session.execute("CREATE TABLE orders2 (note STRING) WITH ('rows-per-second' = '7', 'number-of-rows' = '3')"
                + " LIKE orders");

        CatalogTable copy = table("orders2");
        assertThat(copy.columns()).extracting(TableColumn::name).containsExactly("id", "price", "qty", "total", "ts", "note");
        assertThat(copy.options()).containsExactly(Map.entry("connector", "datagen"),
                Map.entry("number-of-rows", "3"), Map.entry("rows-per-second", "7"));
        assertThat(copy.watermark()).isEqualTo(table("orders").watermark());
        assertThat(copy.primaryKey()).isEqualTo(table("orders").primaryKey());
        assertThat(copy.comment()).isNull();
    }

    @Test
    void likeExcludingAllIncludingGenerated() {
        session.execute(ORDERS);

        session.execute("CREATE TABLE slim WITH ('connector' = 'blackhole') LIKE orders (EXCLUDING ALL INCLUDING GENERATED)");

        CatalogTable slim = table("slim");
        assertThat(slim.columns()).extracting(TableColumn::name).containsExactly("id", "price", "qty", "total", "ts");
        assertThat(slim.options()).containsExactly(Map.entry("connector", "blackhole"));
        assertThat(slim.watermark()).isNull();
        assertThat(slim.primaryKey()).isNull();
    }

    @Test
    void likeOverwritingGeneratedAndWatermarks() {
        session.execute(ORDERS);

        session.execute("""
                CREATE TABLE changed (
                  total AS price * qty * 2,
                  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND
                ) LIKE orders (OVERWRITING GENERATED OVERWRITING WATERMARKS EXCLUDING CONSTRAINTS)""");

        CatalogTable changed = table("changed");
        assertThat(changed.columns()).extracting(TableColumn::name).containsExactly("id", "price", "qty", "total", "ts");
        assertThat(((TableColumn.Computed) changed.column("total")).expression()).isEqualTo("`price` * `qty` * 2");
        assertThat(changed.watermark().expression()).isEqualTo("`ts` - INTERVAL '1' SECOND");
        assertThat(changed.primaryKey()).isNull();
        assertThat(changed.column("id").type().nullable()).as("the key's NOT NULL stays with the column").isFalse();
    }

    @Test
    void likeIncludesPartitionsAndMayRepeatThem() {
        session.execute("CREATE TABLE base (a INT, b STRING) PARTITIONED BY (b) WITH ('connector' = 'blackhole')");

        session.execute("CREATE TABLE same PARTITIONED BY (b) LIKE base");
        session.execute("CREATE TABLE inherited LIKE base");
        session.execute("CREATE TABLE other PARTITIONED BY (a) LIKE base (EXCLUDING PARTITIONS)");

        assertThat(table("same").partitionKeys()).containsExactly("b");
        assertThat(table("inherited").partitionKeys()).containsExactly("b");
        assertThat(table("other").partitionKeys()).containsExactly("a");
        assertFailsChangingNothing("CREATE TABLE clash PARTITIONED BY (a) LIKE base", "1:36")
                .hasMessage("The base table already has partitions defined. You might want to specify EXCLUDING PARTITIONS.");
    }

    @Test
    void likeIncludingOptionsRejectsARepeatedKey() {
        session.execute(ORDERS);

        assertFailsChangingNothing("CREATE TABLE o2 WITH ('rows-per-second' = '1') LIKE orders (INCLUDING OPTIONS)", "1:23")
                .hasMessage("There already exists an option ['rows-per-second' -> '5'] in the base table. You might "
                        + "want to specify EXCLUDING OPTIONS or OVERWRITING OPTIONS.");
    }

    @Test
    void likeErrors() {
        session.execute(ORDERS);

        assertFailsChangingNothing("CREATE TABLE o2 LIKE nope", "1:22")
                .hasMessage("Source table 'default_catalog.default_database.nope' of the LIKE clause not found in the catalog");
        assertFailsChangingNothing("CREATE TABLE o2 (id INT) LIKE orders", "1:18")
                .hasMessage("A column named 'id' already exists in the base table.");
        assertFailsChangingNothing("CREATE TABLE o2 (total AS qty) LIKE orders", "1:18")
                .hasMessageStartingWith("A generated column named 'total' already exists in the base table.");
        assertFailsChangingNothing("CREATE TABLE o2 (WATERMARK FOR ts AS ts) LIKE orders", "1:18")
                .hasMessageStartingWith("There already exists a watermark spec for column 'ts' in the base table.");
        assertFailsChangingNothing("CREATE TABLE o2 (PRIMARY KEY (qty) NOT ENFORCED) LIKE orders", "1:18")
                .hasMessage("The base table already has a primary key. You might want to specify EXCLUDING CONSTRAINTS.");
        assertFailsChangingNothing("CREATE TABLE o2 LIKE orders (OVERWRITING CONSTRAINTS)", "1:30")
                .hasMessage("Illegal merging strategy 'OVERWRITING' for 'CONSTRAINTS' option.");
        assertFailsChangingNothing("CREATE TABLE o2 LIKE orders (INCLUDING OPTIONS\n EXCLUDING OPTIONS)", "2:2")
                .hasMessage("Each like option feature can be declared only once.");
    }

    // ------------------------------------------------------------------ errors

    @Test
    void computedColumnErrorsPointIntoTheExpression() {
        assertFailsChangingNothing("CREATE TABLE t (a INT,\n  b AS a + nope) WITH ('connector' = 'blackhole')", "2:12")
                .hasMessageContaining("Column 'nope' not found");
        assertFailsChangingNothing("CREATE TABLE t (a INT, b AS a + 1, c AS b + 1) WITH ('connector' = 'blackhole')", "1:41")
                .hasMessageContaining("Column 'b' not found");
        assertFailsChangingNothing("CREATE TABLE t (a INT, b AS UNKNOWN_FN(a)) WITH ('connector' = 'blackhole')", "1:29")
                .hasMessageContaining("UNKNOWN_FN");
    }

    @Test
    void watermarkErrors() {
        assertFailsChangingNothing("CREATE TABLE t (ts TIMESTAMP(3),\n  WATERMARK FOR nope AS ts) WITH ('connector' = 'blackhole')",
                "2:17")
                .hasMessage("The rowtime attribute field 'nope' is not defined in the table schema. Available fields: ['ts']");
        assertFailsChangingNothing("CREATE TABLE t (id BIGINT, WATERMARK FOR id AS id) WITH ('connector' = 'blackhole')", "1:42")
                .hasMessageStartingWith("Invalid data type of time field for watermark definition. The field must be of "
                        + "type TIMESTAMP(p) or TIMESTAMP_LTZ(p), the supported precision 'p' is from 0 to 3, but the "
                        + "time field type is BIGINT");
        assertFailsChangingNothing("CREATE TABLE t (ts TIMESTAMP(9), WATERMARK FOR ts AS ts) WITH ('connector' = 'blackhole')",
                "1:48").hasMessageEndingWith("but the time field type is TIMESTAMP(9)");
        assertFailsChangingNothing(
                "CREATE TABLE t (ts TIMESTAMP(3), n INT, WATERMARK FOR ts AS n) WITH ('connector' = 'blackhole')", "1:61")
                .hasMessageEndingWith("but the watermark expression type is INT");
        assertFailsChangingNothing("CREATE TABLE t (ts TIMESTAMP(3), WATERMARK FOR ts AS ts,\n WATERMARK FOR ts AS ts) "
                + "WITH ('connector' = 'blackhole')", "2:2")
                .hasMessage("Multiple watermark definitions are not supported");
    }

    @Test
    void watermarkOnALocalZonedTimestampAndOnAComputedColumn() {
        session.execute("CREATE TABLE t (ms BIGINT, ltz TIMESTAMP_LTZ(3), ts AS CAST(ltz AS TIMESTAMP(3)),"
                + " WATERMARK FOR ts AS ts) WITH ('connector' = 'blackhole')");
        session.execute("CREATE TABLE u (ltz TIMESTAMP_LTZ(3), WATERMARK FOR ltz AS ltz - INTERVAL '1' MINUTE)"
                + " WITH ('connector' = 'blackhole')");

        assertThat(table("t").watermark().rowtimeColumn()).isEqualTo("ts");
        assertThat(rows("DESCRIBE u").get(0).getField(1)).isEqualTo("TIMESTAMP_LTZ(3) *ROWTIME*");
    }

    @Test
    void primaryKeyErrors() {
        assertFailsChangingNothing("CREATE TABLE t (a INT, PRIMARY KEY (b) NOT ENFORCED) WITH ('connector' = 'blackhole')",
                "1:37").hasMessage("Invalid primary key 'PK_b'. Column 'b' does not exist.");
        assertFailsChangingNothing("CREATE TABLE t (a INT, c AS a, PRIMARY KEY (c) NOT ENFORCED) WITH ('connector' = 'blackhole')",
                "1:45").hasMessage("Invalid primary key 'PK_c'. Column 'c' is not a physical column.");
        assertFailsChangingNothing("CREATE TABLE t (a INT PRIMARY KEY NOT ENFORCED,\n PRIMARY KEY (a) NOT ENFORCED) "
                + "WITH ('connector' = 'blackhole')", "2:2").hasMessage("Duplicate primary key definition");
        assertFailsChangingNothing("CREATE TABLE t (a INT, PRIMARY KEY (a)) WITH ('connector' = 'blackhole')", "1:39")
                .hasMessageStartingWith("Runnel doesn't support ENFORCED mode for PRIMARY KEY constraint.");
    }

    @Test
    void partitionErrors() {
        assertFailsChangingNothing("CREATE TABLE t (a INT) PARTITIONED BY (b) WITH ('connector' = 'blackhole')", "1:40")
                .hasMessage("Partition column 'b' not defined in the table schema. Available columns: ['a']");
        assertFailsChangingNothing("CREATE TABLE t (a INT) PARTITIONED BY (a) WITH ('connector' = 'datagen')", "1:40")
                .hasMessage("Connector 'datagen' does not support PARTITIONED BY yet "
                        + "(table default_catalog.default_database.t)");
        assertFailsChangingNothing("CREATE TABLE t (a INT, b INT) PARTITIONED BY (a) WITH ('connector' = 'filesystem',"
                + "\n 'path' = '/tmp/x', 'format' = 'csv', 'sink.partition-commit.policy.kind' = 'metastore')", "2:77")
                .hasMessage("Invalid value 'metastore' for option 'sink.partition-commit.policy.kind' of table "
                        + "default_catalog.default_database.t: the 'metastore' policy needs a table in a Hive catalog; "
                        + "a filesystem table can use 'success-file'");
        session.execute("CREATE TABLE fs (a INT, b INT) PARTITIONED BY (a) WITH ('connector' = 'filesystem',"
                + " 'path' = '/tmp/x', 'format' = 'csv', 'sink.partition-commit.policy.kind' = 'success-file')");
        assertThat(table("fs").partitionKeys()).containsExactly("a");
    }

    @Test
    void metadataColumnsNeedAConnectorThatHasTheKey() {
        assertFailsChangingNothing("CREATE TABLE t (id BIGINT,\n  ts TIMESTAMP_LTZ(3) METADATA FROM 'timestamp') "
                + "WITH ('connector' = 'datagen')", "2:37")
                .hasMessage("Connector 'datagen' has no metadata key 'timestamp'; it has none");
        assertFailsChangingNothing("CREATE TABLE t (id BIGINT, `offset` BIGINT METADATA VIRTUAL) WITH ('connector' = 'print')",
                "1:28").hasMessage("Connector 'print' has no metadata key 'offset'; it has none");
    }

    @Test
    void connectorOptionErrorsStillPointAtTheOption() {
        assertFailsChangingNothing("CREATE TABLE t (a INT, b AS a + 1) WITH ('connector' = 'datagen',\n 'rows-per-secnd' = '1')",
                "2:2").hasMessageContaining("Did you mean 'rows-per-second'?");
    }

    @Test
    void duplicateColumnsAndExistingTables() {
        session.execute(ORDERS);

        assertFailsChangingNothing("CREATE TABLE t (a INT, a AS 1) WITH ('connector' = 'blackhole')", "1:24")
                .hasMessage("Duplicate column name 'a' in table 't'");
        assertFailsChangingNothing("CREATE TABLE orders (a INT) WITH ('connector' = 'blackhole')", "1:14")
                .hasMessageContaining("already exists");
        assertThat(((StatementResult.Message) session.execute(
                "CREATE TABLE IF NOT EXISTS orders (a INT) WITH ('connector' = 'blackhole')")).text())
                .isEqualTo("Table already exists.");
        assertThat(((StatementResult.Message) session.execute(
                "CREATE TABLE IF NOT EXISTS orders WITH ('connector' = 'blackhole') AS SELECT 1 AS x")).text())
                .isEqualTo("Table already exists.");
        assertFailsChangingNothing("CREATE TABLE bare WITH ('connector' = 'blackhole')", "1:14")
                .hasMessage("Table 'bare' has no columns: declare them, or use LIKE or AS query");
        assertFails("SHOW CREATE TABLE nope", "1:19")
                .hasMessage("Table with identifier 'default_catalog.default_database.nope' does not exist");
    }
}
