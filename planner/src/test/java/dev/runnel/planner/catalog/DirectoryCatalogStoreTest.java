package dev.runnel.planner.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The persisted, shared catalog store: durability, restart, races and corrupt files. */
class DirectoryCatalogStoreTest {
    @TempDir
    Path dir;

    private static final ObjectIdentifier ORDERS = new ObjectIdentifier("default_catalog", "shop", "orders");

    /** A table with every kind of column, a watermark, a key, partitions, options and comments. */
    static CatalogTable orders() {
        List<TableColumn> columns = List.of(
                new TableColumn.Physical("id", DataType.of(TypeRoot.BIGINT).notNull(), "the order"),
                new TableColumn.Physical("price", DataType.decimal(10, 2), null),
                new TableColumn.Physical("ts", DataType.of(TypeRoot.TIMESTAMP, 3), null),
                new TableColumn.Physical("tags", DataType.map(DataType.of(TypeRoot.VARCHAR, DataType.MAX_LENGTH),
                        DataType.array(DataType.of(TypeRoot.INTEGER).notNull())), null),
                new TableColumn.Computed("doubled", DataType.decimal(11, 2), "`price` * 2", "twice"),
                new TableColumn.Metadata("offset", DataType.of(TypeRoot.BIGINT), "offset", true, null),
                new TableColumn.Metadata("partition", DataType.of(TypeRoot.INTEGER), null, false, null));
        Map<String, String> options = new LinkedHashMap<>();
        options.put("connector", "kafka");
        options.put("topic", "orders");
        return CatalogTable.of("orders", columns, options, "all the orders",
                new WatermarkSpec("ts", "`ts` - INTERVAL '5' SECOND"), new PrimaryKey("PK_id", List.of("id")),
                List.of("price")).withIdentifier(ORDERS);
    }

    static CatalogView view() {
        RowType schema = new RowType(List.of(new RowType.Field("id", DataType.of(TypeRoot.BIGINT).notNull())));
        return new CatalogView(new ObjectIdentifier("default_catalog", "shop", "ids"), schema,
                "SELECT `orders`.`id` FROM `default_catalog`.`shop`.`orders` AS `orders`",
                "SELECT `id` FROM `orders`", "just ids", false);
    }

    private static CatalogContents everything() {
        Map<String, String> props = new LinkedHashMap<>();
        props.put("owner", "ana");
        props.put("area", "sales");
        return CatalogContents.initial()
                .createCatalog("lake", new CatalogDescription("generic_in_memory", "the lake", Map.of("k", "v"), "raw"),
                        false)
                .createDatabase("default_catalog", "shop", new CatalogDatabase("the shop", props), false)
                .createTable(orders(), false)
                .createView(view(), false)
                .createFunction(new CatalogFunction(new ObjectIdentifier("default_catalog", "shop", "Shout"),
                        "com.example.Shout", List.of("file:/tmp/shout.jar")), false);
    }

    @Test
    void aNewDirectoryHoldsTheDefaultCatalogAndNoFileUntilTheFirstChange() {
        try (DirectoryCatalogStore store = DirectoryCatalogStore.open(dir.resolve("cat"))) {
            assertThat(store.contents()).isEqualTo(CatalogContents.initial());
            assertThat(dir.resolve("cat").resolve(DirectoryCatalogStore.FILE_NAME)).doesNotExist();
        }
    }

    @Test
    void everyObjectSurvivesARestartExactly() {
        CatalogContents written = everything();
        try (DirectoryCatalogStore store = DirectoryCatalogStore.open(dir)) {
            store.update(c -> written);
        }
        try (DirectoryCatalogStore store = DirectoryCatalogStore.open(dir)) {
            CatalogContents read = store.contents();
            assertThat(read).isEqualTo(written);
            assertThat(read.table(ORDERS)).contains(orders());
            assertThat(read.view(view().identifier())).contains(view());
            assertThat(read.databaseDescription("default_catalog", "shop").orElseThrow().properties().keySet())
                    .containsExactly("owner", "area");
            assertThat(read.function(new ObjectIdentifier("default_catalog", "shop", "shout")).orElseThrow().jars())
                    .containsExactly("file:/tmp/shout.jar");
            assertThat(read.catalogDescription("lake").orElseThrow().defaultDatabase()).isEqualTo("raw");
        }
    }

    @Test
    void theFileIsVersionedReadableJson() throws IOException {
        try (DirectoryCatalogStore store = DirectoryCatalogStore.open(dir)) {
            store.update(c -> everything());
        }
        String json = Files.readString(dir.resolve(DirectoryCatalogStore.FILE_NAME));
        assertThat(json).startsWith("{\n  \"format\" : \"runnel-catalog\",\n  \"version\" : 1,")
                .contains("\"type\" : \"MAP<STRING, ARRAY<INT NOT NULL>>\"")
                .contains("\"expression\" : \"`ts` - INTERVAL '5' SECOND\"");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder(DirectoryCatalogStore.FILE_NAME, DirectoryCatalogStore.LOCK_FILE);
        }
    }

    @Test
    void aChangeIsOnDiskWhenUpdateReturnsAndAFailedOneChangesNothing() {
        try (DirectoryCatalogStore store = DirectoryCatalogStore.open(dir)) {
            assertThat(store.update(c -> c.createDatabase("default_catalog", "shop", CatalogDatabase.empty(), false)))
                    .isTrue();
            assertThat(store.update(c -> c.createDatabase("default_catalog", "shop", CatalogDatabase.empty(), true)))
                    .isFalse();
            CatalogContents before = store.contents();
            assertThatThrownBy(() -> store.update(c -> c.createDatabase("nowhere", "x", CatalogDatabase.empty(), false)))
                    .isInstanceOf(CatalogException.class).hasMessage("Catalog nowhere does not exist.");
            assertThat(store.contents()).isSameAs(before);
            // what a crash right now would leave
            assertThat(readWithoutLock()).isEqualTo(before);
        }
    }

    private CatalogContents readWithoutLock() {
        try {
            return CatalogContentsJson.read(Files.readString(dir.resolve(DirectoryCatalogStore.FILE_NAME)));
        } catch (IOException | CatalogContentsJson.FormatException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void ofManyRacingCreatesOfOneTableExactlyOneWins() throws Exception {
        try (DirectoryCatalogStore store = DirectoryCatalogStore.open(dir)) {
            store.update(c -> c.createDatabase("default_catalog", "shop", CatalogDatabase.empty(), false));
            int threads = 8;
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            CountDownLatch start = new CountDownLatch(1);
            List<Future<String>> outcomes = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                outcomes.add(pool.submit(() -> {
                    start.await();
                    try {
                        store.update(c -> c.createTable(orders(), false));
                        return "created";
                    } catch (CatalogException e) {
                        return e.getMessage();
                    }
                }));
            }
            start.countDown();
            List<String> results = new ArrayList<>();
            for (Future<String> f : outcomes) {
                results.add(f.get(30, TimeUnit.SECONDS));
            }
            pool.shutdown();
            assertThat(results).filteredOn("created"::equals).hasSize(1);
            assertThat(results).filteredOn(r -> !r.equals("created"))
                    .hasSize(threads - 1)
                    .allMatch(r -> r.equals("Table default_catalog.shop.orders already exists"));
        }
    }

    @Test
    void aSecondOpenStoreOverTheSameDirectoryIsRefused() {
        try (DirectoryCatalogStore store = DirectoryCatalogStore.open(dir)) {
            assertThatThrownBy(() -> DirectoryCatalogStore.open(dir))
                    .isInstanceOf(CatalogException.class)
                    .hasMessageContaining("The catalog directory " + dir.toAbsolutePath() + " is in use by another"
                            + " catalog store");
        }
        DirectoryCatalogStore.open(dir).close();
    }

    @Test
    void leftoversOfAnInterruptedWriteAreIgnoredAndRemoved() throws IOException {
        try (DirectoryCatalogStore store = DirectoryCatalogStore.open(dir)) {
            store.update(c -> everything());
        }
        Path leftover = dir.resolve("catalog.json.123.tmp");
        Files.writeString(leftover, "{ half a docu");
        try (DirectoryCatalogStore store = DirectoryCatalogStore.open(dir)) {
            assertThat(store.contents()).isEqualTo(everything());
        }
        assertThat(leftover).doesNotExist();
    }

    private void assertCorrupt(String json, String what) throws IOException {
        Files.writeString(dir.resolve(DirectoryCatalogStore.FILE_NAME), json);
        assertThatThrownBy(() -> DirectoryCatalogStore.open(dir))
                .isInstanceOf(CatalogException.class)
                .hasMessage("The catalog file " + dir.toAbsolutePath().resolve(DirectoryCatalogStore.FILE_NAME)
                        + " is not a valid Runnel catalog: " + what);
    }

    @Test
    void aCorruptFileIsNamedWithWhereAndWhatIsWrong() throws IOException {
        assertCorrupt("{ \"format\": \"runnel-catalog\", ", "not valid JSON: Unexpected end-of-input within/between"
                + " Object entries at line 1, column 31");
        assertCorrupt("[]", "not a JSON object");
        assertCorrupt("{\"format\": \"flink\", \"version\": 1}", "format: expected \"runnel-catalog\", found \"flink\"");
        assertCorrupt("{\"format\": \"runnel-catalog\", \"version\": 7, \"catalogs\": {}}",
                "version: 7 is not a version this Runnel reads (1 to 1); was it written by a newer Runnel?");
        String json = CatalogContentsJson.write(everything());
        assertCorrupt(json.replace("\"DECIMAL(10, 2)\"", "\"DECIMAL(10, two)\""),
                "catalogs.default_catalog.databases.shop.tables.orders.columns[1].type: 'DECIMAL(10, two)' is not a"
                        + " data type: " + dataTypeError("DECIMAL(10, two)"));
        assertCorrupt(json.replace("\"kind\" : \"computed\"", "\"kind\" : \"derived\""),
                "catalogs.default_catalog.databases.shop.tables.orders.columns[4]: kind: expected physical, computed"
                        + " or metadata, found \"derived\"");
        assertCorrupt(json.replace("\"className\" : \"com.example.Shout\",", ""),
                "catalogs.default_catalog.databases.shop.functions.shout: missing field \"className\"");
    }

    private static String dataTypeError(String text) {
        try {
            dev.runnel.runtime.types.DataTypeParser.parse(text);
            throw new AssertionError(text + " parses");
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }
}
