package dev.runnel.runtime.operators.over;

import static dev.runnel.runtime.testing.TestRows.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.aggregate.functions.AggregateCall;
import dev.runnel.runtime.operators.aggregate.functions.AggregateKind;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.testing.OperatorSnapshot;
import dev.runnel.runtime.testing.RestoresAfterEveryBatch;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code COUNT(*), SUM(v), MAX(v) OVER (PARTITION BY k ORDER BY proctime …)} over rows {@code (k, v)}: a
 * row's time is the harness clock when it arrives, which the tests move explicitly. Output rows are
 * {@code k v cnt total biggest}.
 */
@RestoresAfterEveryBatch
class ProcTimeOverAggregateOperatorTest {
    private static final DataType BIGINT = DataType.of(TypeRoot.BIGINT);

    @TempDir
    Path checkpoints;

    private static OperatorHarness harness(boolean rows, long preceding, String backend) {
        AggregatesHandle aggregates = new AggregatesHandle(List.of(
                new AggregateCall(AggregateKind.COUNT_STAR, new int[0], List.of(), BIGINT, false, -1, "cnt"),
                new AggregateCall(AggregateKind.SUM, new int[] {1}, List.of(BIGINT), BIGINT, false, -1, "total"),
                new AggregateCall(AggregateKind.MAX, new int[] {1}, List.of(BIGINT), BIGINT, false, -1, "biggest")),
                false);
        var factory = new OverAggregateOperatorFactory("OverAggregate", new int[] {0},
                List.of(DataType.of(TypeRoot.VARCHAR), BIGINT), OverAggregateOperatorFactory.PROCESSING_TIME, rows,
                preceding, aggregates);
        return OperatorHarness.of(factory).withStateBackend(backend);
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void unboundedFramesEmitEachRowAtOnceWithEverythingItsKeySawSoFar(boolean rowsFrame) throws Exception {
        // Flink's ProcTimeUnboundedPrecedingFunction: ROWS and RANGE alike, rows of one millisecond are not peers.
        try (var h = harness(rowsFrame, OverAggregateOperatorFactory.UNBOUNDED, "hashmap").open()) {
            h.processRows("+I a 1", "+I b 7", "+I a 4");
            h.setProcessingTime(5).processRows("+I a 2");
            assertThat(h.output()).isEqualTo(rows("+I a 1 1 1 1", "+I b 7 1 7 7", "+I a 4 2 5 4", "+I a 2 3 7 4"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void unboundedAccumulatorsSurviveARestore(String backend) throws Exception {
        OperatorSnapshot checkpoint;
        try (var h = harness(true, OverAggregateOperatorFactory.UNBOUNDED, backend).withCheckpointDirectory(checkpoints)
                .open()) {
            h.processRows("+I a 1", "+I a 4");
            checkpoint = h.snapshot(1);
            h.processRows("+I a 100");
        }
        try (var h = harness(true, OverAggregateOperatorFactory.UNBOUNDED, backend).withRestoredState(checkpoint)
                .open()) {
            h.processRows("+I a 2");
            assertThat(h.output()).isEqualTo(rows("+I a 2 3 7 4"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void rowsFrameAggregatesTheLastRowsOfTheKeyAndSurvivesARestore(String backend) throws Exception {
        OperatorSnapshot checkpoint;
        try (var h = harness(true, 1, backend).withCheckpointDirectory(checkpoints).open()) {
            h.processRows("+I a 5", "+I b 1", "+I a 3");
            assertThat(h.takeOutput()).isEqualTo(rows("+I a 5 1 5 5", "+I b 1 1 1 1", "+I a 3 2 8 5"));
            checkpoint = h.snapshot(1);
        }
        try (var h = harness(true, 1, backend).withRestoredState(checkpoint).open()) {
            h.processRows("+I a 9", "+I a 1", "+I b 2");
            assertThat(h.output()).isEqualTo(rows("+I a 9 2 12 9", "+I a 1 2 10 9", "+I b 2 2 3 2"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void rangeFrameEmitsAMillisecondsPeersOnceItPassedWithTheRowsOfTheInterval(String backend) throws Exception {
        try (var h = harness(false, 2_000, backend).open()) {
            h.setProcessingTime(1_000).processRows("+I a 1", "+I b 7");
            h.processRows("+I a 2");
            assertThat(h.output()).isEmpty();

            h.setProcessingTime(1_001);
            assertThat(h.takeOutput()).containsExactlyInAnyOrderElementsOf(
                    rows("+I a 1 2 3 2", "+I a 2 2 3 2", "+I b 7 1 7 7"));

            // 3000 - 2000 = 1000: the frame starts at the first rows, which are still in it.
            h.setProcessingTime(3_000).processRows("+I a 4");
            h.setProcessingTime(3_001);
            assertThat(h.takeOutput()).isEqualTo(rows("+I a 4 3 7 4"));

            // Now they are not: 3001 - 2000 > 1000.
            h.setProcessingTime(3_001).processRows("+I a 8");
            h.setProcessingTime(3_002);
            assertThat(h.takeOutput()).isEqualTo(rows("+I a 8 2 12 8"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void rangeFrameRowsWaitingForTheirMillisecondSurviveARestore(String backend) throws Exception {
        OperatorSnapshot checkpoint;
        try (var h = harness(false, 2_000, backend).withCheckpointDirectory(checkpoints).open()) {
            h.setProcessingTime(1_000).processRows("+I a 1");
            h.setProcessingTime(1_500).processRows("+I a 2");
            checkpoint = h.snapshot(1);
            assertThat(h.takeOutput()).isEqualTo(rows("+I a 1 1 1 1"));
        }
        String other = backend.equals("hashmap") ? "rocksdb" : "hashmap";
        try (var h = harness(false, 2_000, other).withRestoredState(checkpoint)) {
            h.processingTimeService().setCurrentTime(1_500);
            h.open();
            h.processRows("+I a 4");
            h.setProcessingTime(1_501);
            // The restored timer emits both peers of 1500 with the row of 1000 in their frame.
            assertThat(h.takeOutput()).isEqualTo(rows("+I a 2 3 7 4", "+I a 4 3 7 4"));
        }
    }

    @Test
    void rangeFrameDropsRowsNoLaterFrameIncludesWhenNoRowFollows() throws Exception {
        try (var h = harness(false, 100, "rocksdb").open()) {
            h.setProcessingTime(10).processRows("+I a 1");
            h.setProcessingTime(11);
            h.setProcessingTime(112);
            assertThat(h.processingTimeService().pendingCallbacks()).isZero();
            h.processRows("+I a 2");
            h.setProcessingTime(113);
            assertThat(h.output()).isEqualTo(rows("+I a 1 1 1 1", "+I a 2 1 2 2"));
        }
    }

    @Test
    void endOfInputEmitsTheRangeRowsStillWaitingForTheirMillisecond() throws Exception {
        try (var h = harness(false, 2_000, "hashmap").open()) {
            h.setProcessingTime(1_000).processRows("+I a 1");
            h.setProcessingTime(1_001).processRows("+I a 2", "+I b 3");
            h.endInput();
            assertThat(h.output()).containsExactlyInAnyOrderElementsOf(
                    rows("+I a 1 1 1 1", "+I a 2 2 3 2", "+I b 3 1 3 3"));
            // The timers that would have emitted them find nothing left to emit.
            h.setProcessingTime(5_000);
            assertThat(h.output()).hasSize(3);
        }
    }

    @Test
    void rejectsUpdates() throws Exception {
        try (var h = harness(true, 1, "hashmap").open()) {
            assertThatThrownBy(() -> h.processRows(List.of(Row.ofKind(RowKind.DELETE, "a", 1L))))
                    .hasMessageContaining("takes only inserts");
        }
    }
}
