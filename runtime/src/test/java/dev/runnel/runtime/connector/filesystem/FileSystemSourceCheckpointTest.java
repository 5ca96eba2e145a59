package dev.runnel.runtime.connector.filesystem;

import static dev.runnel.runtime.testing.SourceReaderHarness.readAll;
import static dev.runnel.runtime.testing.SourceReaderHarness.readWithRestore;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.connector.ConnectorFactories;
import dev.runnel.runtime.connector.RecordException;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.testing.OperatorSnapshot;
import dev.runnel.runtime.testing.SourceReaderHarness;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.RowType.Field;
import dev.runnel.runtime.types.TypeRoot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The filesystem source checkpoints each file's byte offset and resumes there, also at another parallelism. */
class FileSystemSourceCheckpointTest {
    private static final RowType EVENTS = RowType.of(new Field("id", DataType.of(TypeRoot.BIGINT)),
            new Field("name", DataType.of(TypeRoot.VARCHAR)), new Field("dt", DataType.of(TypeRoot.VARCHAR)));

    @TempDir
    Path dir;

    /** Five partitions of 1,500 to 2,500 lines each (CRLF and LF endings, blank lines, non-ASCII names). */
    private SourceFactory partitionedTable() throws Exception {
        long id = 0;
        for (int p = 0; p < 5; p++) {
            Path partition = Files.createDirectories(dir.resolve("dt=2024-01-0" + (p + 1)));
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < 1500 + p * 250; i++) {
                text.append("{\"id\":").append(id).append(",\"name\":\"n\u00e4me-").append(id++).append("\"}")
                        .append(i % 3 == 0 ? "\r\n" : "\n").append(i % 100 == 0 ? "\n" : "");
            }
            Files.writeString(partition.resolve("part-" + p + ".json"), text);
        }
        TableContext table = new TableContext("default.events", EVENTS,
                Map.of("connector", "filesystem", "path", dir.toString(), "format", "json"), List.of("dt"));
        return ConnectorFactories.factoryFor(table).createSource(table);
    }

    @ParameterizedTest(name = "{0} readers, restored into {1}")
    @CsvSource({"1, 1", "2, 2", "2, 1", "2, 4", "3, 2"})
    void aRestoredReadYieldsTheRowsOfAnUninterruptedOneExactlyOnce(int parallelism, int newParallelism)
            throws Exception {
        SourceFactory source = partitionedTable();
        List<Row> uninterrupted = readAll(source, 1);
        assertThat(uninterrupted).hasSize(10_000).doesNotHaveDuplicates();
        assertThat(uninterrupted).contains(Row.of(9_999L, "n\u00e4me-9999", "2024-01-05"));
        // 1,500 rows: into the middle of the second file of subtask 0
        List<Row> restored = readWithRestore(source, parallelism, 1_500, newParallelism);
        assertThat(restored).containsExactlyInAnyOrderElementsOf(uninterrupted);
    }

    @Test
    void aFileDeletedBeforeTheRestoreIsNamedWithItsOffset() throws Exception {
        SourceFactory source = partitionedTable();
        SourceReaderHarness reader = SourceReaderHarness.of(source, 0, 1).open().pollUntil(10);
        OperatorSnapshot snapshot = reader.snapshot(1);
        reader.close();
        Files.delete(dir.resolve("dt=2024-01-01").resolve("part-0.json"));
        SourceReaderHarness restored = SourceReaderHarness.of(source, 0, 1).withRestoredState(snapshot).open();
        assertThatThrownBy(restored::readToEnd).isInstanceOf(RecordException.class)
                .hasMessageContaining("part-0.json of table default.events no longer exists")
                .hasMessageContaining("up to byte ");
        restored.close();
    }
}
