package dev.runnel.runtime.connector.filesystem;

import static dev.runnel.runtime.connector.ConnectorTestSupport.readAll;
import static dev.runnel.runtime.connector.ConnectorTestSupport.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.connector.ConnectorFactories;
import dev.runnel.runtime.connector.ConnectorTestSupport.FakeContext;
import dev.runnel.runtime.connector.RecordException;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.testing.CollectingOutput;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.RowType.Field;
import dev.runnel.runtime.types.TypeRoot;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The raw format in files: each line is one value, as Flink's filesystem connector reads and writes it. */
class FileSystemRawFormatTest {
    @TempDir
    Path dir;

    private static TableContext lines(Path path, DataType type, String... extra) {
        Map<String, String> options = new HashMap<>(Map.of("connector", "filesystem", "path", path.toString(),
                "format", "raw"));
        for (int i = 0; i < extra.length; i += 2) {
            options.put(extra[i], extra[i + 1]);
        }
        return table(RowType.of(new Field("line", type)), options);
    }

    private static List<Row> read(TableContext table) throws Exception {
        ConnectorFactories.factoryFor(table).validate(table);
        return readAll(ConnectorFactories.factoryFor(table).createSource(table), 1).get(0);
    }

    @Test
    void everyLineIsOneValueBlankOnesToo() throws Exception {
        Path file = dir.resolve("log.txt");
        Files.writeString(file, "GET /index.html\n\n   \r\nPOST /a, \"b\"\n");
        assertThat(read(lines(file, DataType.of(TypeRoot.VARCHAR)))).containsExactly(Row.of("GET /index.html"),
                Row.of(""), Row.of("   "), Row.of("POST /a, \"b\""));
        Files.write(file, "caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        assertThat(read(lines(file, DataType.of(TypeRoot.VARCHAR), "raw.charset", "ISO-8859-1")))
                .containsExactly(Row.of("café"));
        assertThat(read(lines(file, DataType.of(TypeRoot.VARBINARY)))).singleElement()
                .satisfies(row -> assertThat((byte[]) row.getField(0)).containsExactly('c', 'a', 'f', 0xe9));
    }

    @Test
    void theSinkWritesOneValuePerLineAndRefusesNull() throws Exception {
        Path out = dir.resolve("out");
        TableContext table = lines(out, DataType.of(TypeRoot.VARCHAR));
        try (Operator op = ConnectorFactories.factoryFor(table).createSink(table).create()) {
            op.open(new FakeContext(0, 1, new CollectingOutput()));
            op.processBatch(RowBatch.of(Row.of("one"), Row.of(""), Row.of("three")), 0);
            assertThatThrownBy(() -> op.processBatch(RowBatch.of(Row.of((Object) null)), 0))
                    .isInstanceOf(RecordException.class)
                    .hasMessage("Cannot write row +I[null] to table default.t: format 'raw' writes it as a record"
                            + " without value, which a line of a file cannot hold");
            op.endInput(0);
            op.finish();
        }
        List<Path> parts;
        try (Stream<Path> files = Files.list(out)) {
            parts = files.toList();
        }
        assertThat(parts).hasSize(1);
        assertThat(Files.readString(parts.get(0))).isEqualTo("one\n\nthree\n");
        assertThat(read(lines(out, DataType.of(TypeRoot.VARCHAR))))
                .containsExactly(Row.of("one"), Row.of(""), Row.of("three"));
    }

    @Test
    void numbersAndCharsetsWithoutSingleByteLineBreaksAreRefusedAtCreateTable() {
        TableContext numbers = lines(dir, DataType.of(TypeRoot.BIGINT));
        assertThatThrownBy(() -> ConnectorFactories.factoryFor(numbers).validate(numbers))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("Column 'line' of type BIGINT cannot be read from or written to files with the"
                        + " 'raw' format");
        TableContext utf16 = lines(dir, DataType.of(TypeRoot.VARCHAR), "raw.charset", "UTF-16LE");
        assertThatThrownBy(() -> ConnectorFactories.factoryFor(utf16).validate(utf16))
                .isInstanceOf(ConfigException.class).hasMessageContaining("'raw.charset' = 'UTF-16LE'");
    }
}
