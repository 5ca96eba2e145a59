package dev.runnel.runtime.operators.sort;

import static dev.runnel.runtime.testing.TestRows.rows;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.operators.rank.SortKeyComparator;
import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.testing.OperatorSnapshot;
import dev.runnel.runtime.testing.RestoresAfterEveryBatch;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code ORDER BY ts [, id DESC]} over rows {@code (id, ts)}, on event time and on processing time. */
@RestoresAfterEveryBatch
class TemporalSortOperatorTest {
    private static final long T0 = 1_704_067_200_000L; // 2024-01-01 00:00:00
    private static final RowType INPUT = RowType.of(
            new RowType.Field("id", DataType.of(TypeRoot.BIGINT)),
            new RowType.Field("ts", DataType.of(TypeRoot.TIMESTAMP, 3)));
    private static final SortKeyComparator NONE = new SortKeyComparator(new int[0], new boolean[0], new boolean[0]);
    private static final SortKeyComparator ID_DESC = new SortKeyComparator(new int[] {0}, new boolean[] {false},
            new boolean[] {false});

    @TempDir
    Path checkpoints;

    private OperatorHarness harness(int rowtimeField, SortKeyComparator secondary, String backend) {
        var factory = new TemporalSortOperatorFactory("TemporalSort", List.of(INPUT.type(0), INPUT.type(1)), rowtimeField, secondary);
        return OperatorHarness.of(factory).withInputType(INPUT).withStateBackend(backend)
                .withCheckpointDirectory(checkpoints);
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void emitsEachTimesRowsOnceTheWatermarkPassesItInArrivalOrderAndDropsLateRows(String backend) throws Exception {
        try (var h = harness(1, NONE, backend).open()) {
            h.processRows("1 '2024-01-01 00:00:05'", "2 '2024-01-01 00:00:01'", "3 '2024-01-01 00:00:03'",
                    "4 '2024-01-01 00:00:03'");
            assertThat(h.output()).isEmpty();

            h.processWatermark(T0 + 3_000);
            assertThat(h.takeOutput()).isEqualTo(rows(INPUT,
                    "+I 2 '2024-01-01 00:00:01'", "+I 3 '2024-01-01 00:00:03'", "+I 4 '2024-01-01 00:00:03'"));

            // 00:00:03 was emitted: a row of that time or earlier is late; one after it still sorts in.
            h.processRows("5 '2024-01-01 00:00:03'", "6 '2024-01-01 00:00:04'", "7 '2024-01-01 00:00:02'");
            h.processWatermark(Long.MAX_VALUE);
            assertThat(h.takeOutput()).isEqualTo(rows(INPUT, "+I 6 '2024-01-01 00:00:04'", "+I 1 '2024-01-01 00:00:05'"));
            assertThat(h.counter("numLateRecordsDropped")).isEqualTo(2);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void sortsTheRowsOfOneTimeBySecondaryKeys(String backend) throws Exception {
        try (var h = harness(1, ID_DESC, backend).open()) {
            h.processRows("3 '2024-01-01 00:00:03'", "9 '2024-01-01 00:00:09'", "4 '2024-01-01 00:00:03'",
                    "1 '2024-01-01 00:00:03'");
            h.processWatermark(Long.MAX_VALUE);
            assertThat(h.output()).isEqualTo(rows(INPUT, "+I 4 '2024-01-01 00:00:03'", "+I 3 '2024-01-01 00:00:03'",
                    "+I 1 '2024-01-01 00:00:03'", "+I 9 '2024-01-01 00:00:09'"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void aRestoredOperatorEmitsTheBufferedRowsAndKnowsWhatIsLate(String backend) throws Exception {
        OperatorSnapshot checkpoint;
        try (var h = harness(1, NONE, backend).open()) {
            h.processRows("1 '2024-01-01 00:00:01'", "2 '2024-01-01 00:00:05'");
            h.processWatermark(T0 + 2_000);
            assertThat(h.takeOutput()).isEqualTo(rows(INPUT, "+I 1 '2024-01-01 00:00:01'"));
            checkpoint = h.snapshot(1);
            h.processRows("3 '2024-01-01 00:00:04'");
        }
        try (var h = harness(1, NONE, backend).withRestoredState(checkpoint).open()) {
            h.processRows("4 '2024-01-01 00:00:01'", "5 '2024-01-01 00:00:03'");
            h.processWatermark(Long.MAX_VALUE);
            assertThat(h.output()).isEqualTo(rows(INPUT, "+I 5 '2024-01-01 00:00:03'", "+I 2 '2024-01-01 00:00:05'"));
            assertThat(h.counter("numLateRecordsDropped")).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void processingTimeEmitsWhatArrivedOnTheNextMillisecondInSecondaryOrder(String backend) throws Exception {
        try (var h = harness(-1, ID_DESC, backend).open()) {
            h.setProcessingTime(10);
            h.processRows("1 '2024-01-01 00:00:09'", "3 '2024-01-01 00:00:01'", "2 '2024-01-01 00:00:05'");
            assertThat(h.output()).isEmpty();
            h.setProcessingTime(11);
            assertThat(h.takeOutput()).isEqualTo(rows(INPUT, "+I 3 '2024-01-01 00:00:01'", "+I 2 '2024-01-01 00:00:05'",
                    "+I 1 '2024-01-01 00:00:09'"));
            h.processRows("5 '2024-01-01 00:00:09'", "4 '2024-01-01 00:00:01'");
            OperatorSnapshot checkpoint = h.snapshot(1);
            try (var restored = harness(-1, ID_DESC, backend).withRestoredState(checkpoint).open()) {
                restored.endInput();
                assertThat(restored.output()).isEqualTo(rows(INPUT, "+I 5 '2024-01-01 00:00:09'",
                        "+I 4 '2024-01-01 00:00:01'"));
            }
        }
    }
}
