package dev.runnel.runtime.connector.filesystem;

import static dev.runnel.runtime.connector.ConnectorTestSupport.readAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.connector.ConnectorFactories;
import dev.runnel.runtime.connector.ConnectorFactory;
import dev.runnel.runtime.connector.ConnectorTestSupport.FakeContext;
import dev.runnel.runtime.connector.RecordException;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.testing.CollectingOutput;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.RowType.Field;
import dev.runnel.runtime.types.TypeRoot;
import dev.runnel.runtime.types.Values;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The filesystem connector on tables {@code PARTITIONED BY (dt, hr)}. */
class FileSystemPartitionTest {
    private static final RowType EVENTS = RowType.of(new Field("id", DataType.of(TypeRoot.BIGINT)),
            new Field("dt", DataType.of(TypeRoot.DATE)), new Field("name", DataType.of(TypeRoot.VARCHAR, 100)),
            new Field("hr", DataType.of(TypeRoot.INTEGER)));

    @TempDir
    Path dir;

    private TableContext events(String... extra) {
        Map<String, String> options = new HashMap<>(Map.of("connector", "filesystem", "path", dir.toString(),
                "format", "json"));
        for (int i = 0; i < extra.length; i += 2) {
            options.put(extra[i], extra[i + 1]);
        }
        return new TableContext("default.events", EVENTS, options, List.of("dt", "hr"));
    }

    private static ConnectorFactory factory(TableContext table) {
        return ConnectorFactories.factoryFor(table);
    }

    private static Row event(long id, String dt, String name, Integer hr) {
        return Row.of(id, dt == null ? null : Values.parseDate(dt), name, hr);
    }

    /** Runs {@code parallelism} sink subtasks one after the other, subtask i writing {@code rows.get(i)}. */
    private static void write(OperatorFactory sink, List<List<Row>> rows) throws Exception {
        for (int subtask = 0; subtask < rows.size(); subtask++) {
            try (Operator op = sink.create()) {
                op.open(new FakeContext(subtask, rows.size(), new CollectingOutput()));
                op.processBatch(RowBatch.of(rows.get(subtask).toArray(Row[]::new)), 0);
                op.endInput(0);
                op.finish();
            }
        }
    }

    private List<String> tree() throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            // hidden files (the commit's staging lists) are left out
            return walk.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString())
                    .filter(p -> !p.startsWith(".")).map(p -> p
                    .replaceAll("part-[0-9a-f-]{36}-", "part-")).sorted().toList();
        }
    }

    private static List<Row> flatten(List<List<Row>> perSubtask) {
        List<Row> all = new ArrayList<>();
        perSubtask.forEach(all::addAll);
        return all;
    }

    @Test
    void rowsGoToPartitionDirectoriesWithoutTheirPartitionColumns() throws Exception {
        TableContext table = events();
        write(factory(table).createSink(table), List.of(List.of(event(1, "2024-01-01", "a", 10),
                event(2, "2024-01-01", "b", 11), event(3, "2024-01-02", "c", 10), event(4, "2024-01-01", "d", 10))));
        assertThat(tree()).containsExactly("dt=2024-01-01/hr=10/part-0-0", "dt=2024-01-01/hr=11/part-0-1",
                "dt=2024-01-02/hr=10/part-0-2");
        assertThat(Files.readAllLines(firstPart(dir.resolve("dt=2024-01-01/hr=10"))))
                .containsExactly("{\"id\":1,\"name\":\"a\"}", "{\"id\":4,\"name\":\"d\"}");
        assertThat(flatten(readAll(factory(table).createSource(table), 2))).containsExactlyInAnyOrder(
                event(1, "2024-01-01", "a", 10), event(2, "2024-01-01", "b", 11), event(3, "2024-01-02", "c", 10),
                event(4, "2024-01-01", "d", 10));
        assertThat(factory(table).partitions(table)).containsExactly(Map.of("dt", "2024-01-01", "hr", "10"),
                Map.of("dt", "2024-01-01", "hr", "11"), Map.of("dt", "2024-01-02", "hr", "10"));
    }

    private static Path firstPart(Path partition) throws IOException {
        try (Stream<Path> files = Files.list(partition)) {
            return files.filter(p -> p.getFileName().toString().startsWith("part-")).findFirst().orElseThrow();
        }
    }

    @Test
    void nullValuesGoToTheDefaultPartitionAndReadBackAsNull() throws Exception {
        TableContext table = events();
        write(factory(table).createSink(table), List.of(List.of(event(1, null, "a", 10), event(2, "2024-01-01", "b",
                null))));
        assertThat(tree()).containsExactly("dt=2024-01-01/hr=__DEFAULT_PARTITION__/part-0-1",
                "dt=__DEFAULT_PARTITION__/hr=10/part-0-0");
        assertThat(flatten(readAll(factory(table).createSource(table), 1)))
                .containsExactlyInAnyOrder(event(1, null, "a", 10), event(2, "2024-01-01", "b", null));

        Path other = dir.resolve("other");
        TableContext named = new TableContext("default.events", EVENTS, Map.of("connector", "filesystem", "path",
                other.toString(), "format", "json", "partition.default-name", "none"), List.of("dt", "hr"));
        Files.createDirectories(other.resolve("dt=none/hr=none"));
        Files.writeString(other.resolve("dt=none/hr=none/data.json"), "{\"id\":3,\"name\":\"c\"}\n");
        assertThat(flatten(readAll(factory(named).createSource(named), 1))).containsExactly(event(3, null, "c", null));
    }

    @Test
    void stringPartitionValuesAreEscapedInDirectoryNames() throws Exception {
        RowType schema = RowType.of(new Field("id", DataType.of(TypeRoot.BIGINT)),
                new Field("p", DataType.of(TypeRoot.VARCHAR, 20)));
        TableContext table = new TableContext("default.t", schema, Map.of("connector", "filesystem",
                "path", dir.toString(), "format", "csv"), List.of("p"));
        write(factory(table).createSink(table), List.of(List.of(Row.of(1L, "a/b=c%"), Row.of(2L, ""))));
        assertThat(tree()).containsExactly("p=__DEFAULT_PARTITION__/part-0-1", "p=a%2Fb%3Dc%25/part-0-0");
        // an empty string is written like NULL, as in Flink, and reads back as NULL
        assertThat(flatten(readAll(factory(table).createSource(table), 1)))
                .containsExactlyInAnyOrder(Row.of(1L, "a/b=c%"), Row.of(2L, null));
        assertThat(factory(table).partitions(table)).containsExactly(Map.of("p", "__DEFAULT_PARTITION__"),
                Map.of("p", "a/b=c%"));
    }

    @Test
    void theSourceSkipsFilesOutsidePartitionDirectories() throws Exception {
        Files.createDirectories(dir.resolve("dt=2024-01-01/hr=7"));
        Files.createDirectories(dir.resolve("dt=2024-01-01/other=7"));
        Files.createDirectories(dir.resolve("hr=7/dt=2024-01-01"));
        Files.writeString(dir.resolve("dt=2024-01-01/hr=7/a.json"), "{\"id\":1,\"name\":\"x\"}\n");
        Files.writeString(dir.resolve("dt=2024-01-01/other=7/a.json"), "{\"id\":2,\"name\":\"x\"}\n");
        Files.writeString(dir.resolve("hr=7/dt=2024-01-01/a.json"), "{\"id\":3,\"name\":\"x\"}\n");
        Files.writeString(dir.resolve("dt=2024-01-01/b.json"), "{\"id\":4,\"name\":\"x\"}\n");
        Files.writeString(dir.resolve("root.json"), "{\"id\":5,\"name\":\"x\"}\n");
        TableContext table = events();
        assertThat(flatten(readAll(factory(table).createSource(table), 1)))
                .containsExactly(event(1, "2024-01-01", "x", 7));
    }

    @Test
    void aPartitionValueOfTheWrongTypeNamesTheFileAndDirectory() throws Exception {
        Files.createDirectories(dir.resolve("dt=2024-01-01/hr=ten"));
        Path file = dir.resolve("dt=2024-01-01/hr=ten/a.json");
        Files.writeString(file, "{\"id\":1,\"name\":\"x\"}\n");
        TableContext table = events();
        assertThatThrownBy(() -> readAll(factory(table).createSource(table), 1)).isInstanceOf(RecordException.class)
                .hasMessageStartingWith("Cannot read file " + file + " of table default.events: Partition directory "
                        + "'hr=ten' has a value that is not a INT");
    }

    @Test
    void theSuccessFilePolicyCommitsEveryPartitionWhenTheLastSubtaskFinishes() throws Exception {
        TableContext table = events("sink.partition-commit.policy.kind", "success-file");
        OperatorFactory sink = factory(table).createSink(table);
        Operator first = sink.create();
        first.open(new FakeContext(0, 2, new CollectingOutput()));
        first.processBatch(RowBatch.of(event(1, "2024-01-01", "a", 10)), 0);
        first.endInput(0);
        first.finish();
        first.close();
        // the other subtask is still running: nothing is committed yet
        assertThat(tree()).containsExactly("dt=2024-01-01/hr=10/part-0-0");
        write2(sink, 1, event(2, "2024-01-02", "b", 10), event(3, "2024-01-01", "c", 10));
        assertThat(tree()).containsExactly("dt=2024-01-01/hr=10/_SUCCESS", "dt=2024-01-01/hr=10/part-0-0",
                "dt=2024-01-01/hr=10/part-1-1", "dt=2024-01-02/hr=10/_SUCCESS", "dt=2024-01-02/hr=10/part-1-0");
        assertThat(flatten(readAll(factory(table).createSource(table), 1))).hasSize(3);
    }

    private static void write2(OperatorFactory sink, int subtask, Row... rows) throws Exception {
        try (Operator op = sink.create()) {
            op.open(new FakeContext(subtask, 2, new CollectingOutput()));
            op.processBatch(RowBatch.of(rows), 0);
            op.endInput(0);
            op.finish();
        }
    }

    @Test
    void aCancelledSinkKeepsItsFilesButCommitsNoPartition() throws Exception {
        TableContext table = events("sink.partition-commit.policy.kind", "success-file",
                "sink.partition-commit.success-file.name", "_DONE");
        Operator op = factory(table).createSink(table).create();
        op.open(new FakeContext());
        op.processBatch(RowBatch.of(event(1, "2024-01-01", "a", 10)), 0);
        op.close();
        assertThat(tree()).containsExactly("dt=2024-01-01/hr=10/part-0-0");

        write(factory(table).createSink(table), List.of(List.of(event(2, "2024-01-01", "b", 10))));
        assertThat(tree()).contains("dt=2024-01-01/hr=10/_DONE");
    }

    @Test
    void partitionOptionsAreCheckedWithTheKeyNamed() {
        assertThatThrownBy(() -> factory(events("sink.partition-commit.policy.kind", "success-file,metastore")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("option 'sink.partition-commit.policy.kind' of table default.events: the "
                        + "'metastore' policy needs a table in a Hive catalog");
        assertThatThrownBy(() -> factory(events("sink.partition-commit.policy.kind", "succes-file")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("expected a comma-separated list of "
                        + "success-file, metastore, custom");
        assertThatThrownBy(() -> factory(events("sink.partition-commit.trigger", "event-time")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("'sink.partition-commit.trigger'")
                .hasMessageContaining("process-time, partition-time");
        assertThatThrownBy(() -> factory(events("sink.partition-commit.delay", "soon")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("'sink.partition-commit.delay'");
        assertThatThrownBy(() -> factory(events("partition.default-name", "a/b")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("'partition.default-name'");
        assertThatThrownBy(() -> factory(events("partition.time-extractor.kind", "custom")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("not supported yet");
        assertThatThrownBy(() -> factory(events("sink.partition-commit.policy", "success-file")))
                .isInstanceOf(ConfigException.class).hasMessageContaining("sink.partition-commit.policy.kind");
        TableContext table = events("sink.partition-commit.trigger", "partition-time",
                "partition.time-extractor.timestamp-pattern", "$dt $hr:00:00", "sink.partition-commit.delay", "1 h",
                "sink.shuffle-by-partition.enable", "true");
        assertThat(factory(table).identifier()).isEqualTo("filesystem");
    }

    @Test
    void theFactoryAndOperatorsSerialize() throws Exception {
        TableContext table = events("sink.partition-commit.policy.kind", "success-file");
        OperatorFactory sink = factory(table).createSink(table);
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
            out.writeObject(sink);
            out.writeObject(factory(table).createSource(table));
        }
        assertThat(bytes.size()).isPositive();
        assertThat(sink.name()).contains("partitions=[dt, hr]");
    }
}
