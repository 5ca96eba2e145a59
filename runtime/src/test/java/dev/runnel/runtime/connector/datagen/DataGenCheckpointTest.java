package dev.runnel.runtime.connector.datagen;

import static dev.runnel.runtime.connector.ConnectorTestSupport.table;
import static dev.runnel.runtime.testing.SourceReaderHarness.readWithRestore;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.connector.ConnectorFactories;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.source.GeneratorSplit;
import dev.runnel.runtime.source.PacedGeneratorReader;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.testing.OperatorSnapshot;
import dev.runnel.runtime.testing.SourceReaderHarness;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.RowType.Field;
import dev.runnel.runtime.types.TypeRoot;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Datagen readers checkpoint their split positions and resume after them, also at another parallelism. */
class DataGenCheckpointTest {
    private static final RowType SCHEMA = RowType.of(new Field("id", DataType.of(TypeRoot.BIGINT)),
            new Field("code", DataType.of(TypeRoot.VARCHAR)), new Field("noise", DataType.of(TypeRoot.INTEGER)));

    private static SourceFactory source(Map<String, String> options) {
        Map<String, String> all = new HashMap<>(options);
        all.put("connector", "datagen");
        all.put("rows-per-second", "100000000");
        TableContext table = table(SCHEMA, all);
        return ConnectorFactories.factoryFor(table).createSource(table);
    }

    private static SourceFactory sequences() {
        return source(Map.of("fields.id.kind", "sequence", "fields.id.start", "1", "fields.id.end", "5000",
                "fields.code.kind", "sequence", "fields.code.start", "101", "fields.code.end", "5100"));
    }

    @ParameterizedTest(name = "{0} readers, restored into {1}")
    @CsvSource({"1, 1", "2, 2", "2, 1", "2, 4", "3, 2"})
    void sequencesContinueAfterTheCheckpointedValueWithoutGapsOrRepeats(int parallelism, int newParallelism)
            throws Exception {
        List<Row> rows = readWithRestore(sequences(), parallelism, 1200, newParallelism);
        assertThat(rows.stream().map(r -> (Long) r.getField(0)).toList())
                .containsExactlyInAnyOrderElementsOf(LongStream.rangeClosed(1, 5000).boxed().toList());
        assertThat(rows).allSatisfy(r -> assertThat(r.getField(1)).isEqualTo(Long.toString((Long) r.getField(0) + 100)));
    }

    @ParameterizedTest(name = "{0} readers, restored into {1}")
    @CsvSource({"2, 1", "2, 4"})
    void randomRowsCountTheRowsEmitted(int parallelism, int newParallelism) throws Exception {
        SourceFactory source = source(Map.of("number-of-rows", "7001"));
        assertThat(readWithRestore(source, parallelism, 1500, newParallelism)).hasSize(7001);
    }

    @Test
    void theSnapshotHoldsOneVersionedEntryPerSplitWithItsPosition() throws Exception {
        SourceReaderHarness reader = SourceReaderHarness.of(sequences(), 1, 2).open().pollUntil(1);
        long read = reader.rows().size();
        OperatorSnapshot snapshot = reader.snapshot(7);
        List<byte[]> entries = snapshot.splitLists().get(PacedGeneratorReader.SPLITS_STATE);
        assertThat(entries).hasSize(1);
        assertThat(GeneratorSplit.fromBytes(entries.get(0))).isEqualTo(new GeneratorSplit(1, 2, read, 2500));
        assertThat(reader.rows().get(0).getField(0)).isEqualTo(2501L);
        reader.close();
    }

    @Test
    void aRestoredReaderWithoutSplitsEndsAtOnceAndOneWithSeveralReadsThemAll() throws Exception {
        SourceFactory source = sequences();
        List<OperatorSnapshot> snapshots = List.of(SourceReaderHarness.of(source, 0, 2).open().snapshot(1),
                SourceReaderHarness.of(source, 1, 2).open().snapshot(1));
        List<OperatorSnapshot> four = OperatorSnapshot.redistribute(snapshots, 4);
        try (SourceReaderHarness idle = SourceReaderHarness.of(source, 3, 4).withRestoredState(four.get(3)).open()) {
            assertThat(idle.pollUntil(1).ended()).isTrue();
            assertThat(idle.rows()).isEmpty();
        }
        List<OperatorSnapshot> one = OperatorSnapshot.redistribute(snapshots, 1);
        try (SourceReaderHarness all = SourceReaderHarness.of(source, 0, 1).withRestoredState(one.get(0)).open()) {
            assertThat(all.readToEnd().rows()).hasSize(5000);
        }
    }

    @Test
    void bytesOfAnUnknownVersionAreRefused() {
        byte[] bytes = new GeneratorSplit(0, 1, 0, 1).toBytes();
        bytes[0] = 9;
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> GeneratorSplit.fromBytes(bytes))
                .hasMessageContaining("version 9");
    }
}
