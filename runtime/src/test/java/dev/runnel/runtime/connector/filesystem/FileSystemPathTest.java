package dev.runnel.runtime.connector.filesystem;

import static dev.runnel.runtime.connector.ConnectorTestSupport.readAll;
import static dev.runnel.runtime.connector.ConnectorTestSupport.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.connector.ConnectorFactories;
import dev.runnel.runtime.connector.ConnectorFactory;
import dev.runnel.runtime.connector.ConnectorTestSupport.FakeContext;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.testing.CollectingOutput;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.RowType.Field;
import dev.runnel.runtime.types.TypeRoot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The filesystem connector's {@code path} through {@code fs.FileLocation}: every form of a
 * local location writes and reads the same files, a plugged-in file system of local files
 * ({@code gatedfile}) works as well, and a location the connector cannot use is refused
 * naming the option.
 */
class FileSystemPathTest {
    private static final RowType SCHEMA = RowType.of(new Field("id", DataType.of(TypeRoot.BIGINT)),
            new Field("name", DataType.of(TypeRoot.VARCHAR)));

    @TempDir
    Path dir;

    private static TableContext csv(String path) {
        return table(SCHEMA, Map.of("connector", "filesystem", "path", path, "format", "csv"));
    }

    private static List<Row> read(String path) throws Exception {
        TableContext table = csv(path);
        List<Row> rows = new ArrayList<>();
        readAll(ConnectorFactories.factoryFor(table).createSource(table), 2).forEach(rows::addAll);
        return rows;
    }

    @Test
    void everyFormOfALocalLocationWritesAndReadsTheSameFiles() throws Exception {
        Path out = dir.resolve("out dir");
        TableContext sink = csv("file://" + out);
        try (Operator op = ConnectorFactories.factoryFor(sink).createSink(sink).create()) {
            op.open(new FakeContext(0, 1, new CollectingOutput()));
            op.processBatch(RowBatch.of(Row.of(1L, "a"), Row.of(2L, "b")), 0);
            op.endInput(0);
            op.finish();
        }

        try (Stream<Path> files = Files.list(out)) {
            assertThat(files.map(p -> p.getFileName().toString())).singleElement().asString().startsWith("part-");
        }
        for (String form : List.of("file://" + out, "file:" + out, "file://localhost" + out + "/", out.toString(),
                "gatedfile://" + out)) {
            assertThat(read(form)).as(form).containsExactlyInAnyOrder(Row.of(1L, "a"), Row.of(2L, "b"));
        }
        assertThat(ConnectorFactories.factoryFor(csv("file:" + out)).createSource(csv("file:" + out)).name())
                .isEqualTo("TableSourceScan(table=[default.t], connector=[filesystem], path=[" + out + "], format=[csv])");
    }

    @Test
    void aRelativePathIsResolvedOnceAndEverythingElseKeptAsWritten() {
        ConnectorFactory factory = ConnectorFactories.factoryFor(csv("out/t"));
        assertThat(factory.resolveOptions(csv("out/../t"))).containsEntry("path",
                Path.of("t").toAbsolutePath().toString()).containsEntry("format", "csv");
        assertThat(factory.resolveOptions(csv("file:///tmp/../t"))).containsEntry("path", "file:///tmp/../t");
    }

    @Test
    void aLocationTheConnectorCannotUseIsRefusedNamingTheOption() {
        assertThatThrownBy(() -> ConnectorFactories.factoryFor(csv("s3://bucket/t")))
                .isInstanceOfSatisfying(ConfigException.class, e -> assertThat(e.key()).isEqualTo("path"))
                .hasMessageStartingWith("Unsupported file system scheme 's3' in option 'path': 's3://bucket/t'.");
        assertThatThrownBy(() -> ConnectorFactories.factoryFor(csv("remote://bucket/t")))
                .isInstanceOfSatisfying(ConfigException.class, e -> assertThat(e.key()).isEqualTo("path"))
                .hasMessage("Option 'path' of table default.t names 'remote://bucket/t', but the filesystem connector"
                        + " reads and writes local files only, and files of 'remote:' are not: use a scheme of local"
                        + " files (file, gatedfile) or a plain path");
    }
}
