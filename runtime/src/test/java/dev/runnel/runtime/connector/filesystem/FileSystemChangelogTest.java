package dev.runnel.runtime.connector.filesystem;

import static dev.runnel.runtime.connector.ConnectorTestSupport.readAll;
import static dev.runnel.runtime.connector.ConnectorTestSupport.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.connector.ConnectorFactories;
import dev.runnel.runtime.connector.ConnectorFactory;
import dev.runnel.runtime.connector.ConnectorTestSupport.FakeContext;
import dev.runnel.runtime.connector.RecordException;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.RowType.Field;
import dev.runnel.runtime.types.TypeRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The filesystem connector with a changelog format ({@code debezium-json}), and the changelog each connector declares. */
class FileSystemChangelogTest {
    private static final RowType USERS = RowType.of(new Field("id", DataType.of(TypeRoot.BIGINT)),
            new Field("name", DataType.of(TypeRoot.VARCHAR)));

    @TempDir
    Path dir;

    private static TableContext users(Path path, String format, String... extra) {
        Map<String, String> options = new HashMap<>(Map.of("connector", "filesystem", "path",
                path.toString(), "format", format));
        for (int i = 0; i < extra.length; i += 2) {
            options.put(extra[i], extra[i + 1]);
        }
        return table(USERS, options);
    }

    private static List<Row> read(TableContext table) throws Exception {
        List<Row> all = new ArrayList<>();
        readAll(ConnectorFactories.factoryFor(table).createSource(table), 1).forEach(all::addAll);
        return all;
    }

    @Test
    void aDebeziumFileIsReadAsAChangelog() throws Exception {
        Path file = dir.resolve("users.json");
        Files.writeString(file, """
                {"before":null,"after":{"id":1,"name":"alice"},"op":"c"}
                {"before":{"id":1,"name":"alice"},"after":{"id":1,"name":"alicia"},"op":"u"}

                {"before":{"id":1,"name":"alicia"},"after":null,"op":"d"}
                """);
        assertThat(read(users(file, "debezium-json"))).containsExactly(Row.of(1L, "alice"),
                Row.ofKind(RowKind.UPDATE_BEFORE, 1L, "alice"), Row.ofKind(RowKind.UPDATE_AFTER, 1L, "alicia"),
                Row.ofKind(RowKind.DELETE, 1L, "alicia"));
    }

    @Test
    void aBadEventNamesFileLineAndField() throws IOException {
        Path file = dir.resolve("bad.json");
        Files.writeString(file, "{\"after\":{\"id\":1},\"op\":\"c\"}\n{\"before\":{\"id\":1},\"after\":{\"id\":\"one\"},"
                + "\"op\":\"u\"}\n");
        assertThatThrownBy(() -> read(users(file, "debezium-json"))).isInstanceOf(RecordException.class)
                .hasMessage("Cannot read line 2 of file " + file + " of table default.t: field 'after.id': cannot read "
                        + "'one' as BIGINT (For input string: \"one\")");
    }

    @Test
    void ignoreParseErrorsSkipsBadEvents() throws Exception {
        Path file = dir.resolve("bad.json");
        Files.writeString(file, "{\"after\":{\"id\":1},\"op\":\"c\"}\n{\"op\":\"t\"}\n{\"before\":{\"id\":1},\"op\":\"d\"}\n");
        assertThat(read(users(file, "debezium-json", "debezium-json.ignore-parse-errors", "true")))
                .containsExactly(Row.of(1L, null), Row.ofKind(RowKind.DELETE, 1L, null));
    }

    @Test
    void theSinkWritesTheChangelogAsFlinkDoes() throws Exception {
        Path out = dir.resolve("out");
        TableContext table = users(out, "debezium-json");
        try (Operator op = ConnectorFactories.factoryFor(table).createSink(table).create()) {
            op.open(new FakeContext());
            op.processBatch(RowBatch.of(Row.of(1L, "alice"), Row.ofKind(RowKind.UPDATE_BEFORE, 1L, "alice"),
                    Row.ofKind(RowKind.UPDATE_AFTER, 1L, "alicia"), Row.ofKind(RowKind.DELETE, 1L, "alicia")), 0);
            op.finish();
        }
        List<String> lines = new ArrayList<>();
        try (Stream<Path> files = Files.list(out)) {
            for (Path part : files.sorted().toList()) {
                lines.addAll(Files.readAllLines(part));
            }
        }
        assertThat(lines).containsExactly(
                "{\"before\":null,\"after\":{\"id\":1,\"name\":\"alice\"},\"op\":\"c\"}",
                "{\"before\":{\"id\":1,\"name\":\"alice\"},\"after\":null,\"op\":\"d\"}",
                "{\"before\":null,\"after\":{\"id\":1,\"name\":\"alicia\"},\"op\":\"c\"}",
                "{\"before\":{\"id\":1,\"name\":\"alicia\"},\"after\":null,\"op\":\"d\"}");
        // and reads back as Flink reads it: the update as a delete and an insert
        assertThat(read(users(out, "debezium-json"))).containsExactly(Row.of(1L, "alice"),
                Row.ofKind(RowKind.DELETE, 1L, "alice"), Row.of(1L, "alicia"), Row.ofKind(RowKind.DELETE, 1L, "alicia"));
    }

    @Test
    void aSinkThatCannotWriteItsOptionsFailsWhenPlanned() {
        TableContext table = users(dir, "debezium-json", "debezium-json.schema-include", "true");
        ConnectorFactory factory = ConnectorFactories.factoryFor(table);
        assertThatThrownBy(() -> factory.createSink(table)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("'debezium-json.schema-include' = 'true' is not supported yet");
        factory.createSource(table);
    }

    @Test
    void eachConnectorDeclaresItsChangelog() {
        EnumSet<RowKind> all = EnumSet.allOf(RowKind.class);
        for (String format : List.of("json", "csv")) {
            TableContext table = users(dir, format);
            ConnectorFactory factory = ConnectorFactories.factoryFor(table);
            assertThat(factory.sourceChangelogMode(table)).as(format).containsExactly(RowKind.INSERT);
            assertThat(factory.sinkChangelogMode(table)).as(format).containsExactly(RowKind.INSERT);
        }
        TableContext debezium = users(dir, "debezium-json");
        assertThat(ConnectorFactories.factoryFor(debezium).sourceChangelogMode(debezium)).isEqualTo(all);
        assertThat(ConnectorFactories.factoryFor(debezium).sinkChangelogMode(debezium)).isEqualTo(all);
        for (String connector : List.of("print", "blackhole")) {
            TableContext table = table(USERS, Map.of("connector", connector));
            assertThat(ConnectorFactories.factoryFor(table).sinkChangelogMode(table)).as(connector).isEqualTo(all);
        }
        TableContext datagen = table(USERS, Map.of("connector", "datagen"));
        assertThat(ConnectorFactories.factoryFor(datagen).sourceChangelogMode(datagen)).containsExactly(RowKind.INSERT);
    }
}
