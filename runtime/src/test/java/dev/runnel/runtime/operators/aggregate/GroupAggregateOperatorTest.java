package dev.runnel.runtime.operators.aggregate;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.aggregate.functions.AggregateCall;
import dev.runnel.runtime.operators.aggregate.functions.AggregateKind;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.state.StateOptions;
import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.testing.OperatorSnapshot;
import dev.runnel.runtime.testing.Rescaling;
import dev.runnel.runtime.testing.RestoresAfterEveryBatch;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.runnel.runtime.testing.TestRows.rows;
import static org.assertj.core.api.Assertions.assertThat;

/** Input rows are {@code (key STRING, value BIGINT)}; results {@code key, COUNT(*), SUM(value), MAX(value)}. */
@RestoresAfterEveryBatch
class GroupAggregateOperatorTest {
    static final DataType BIGINT = DataType.of(TypeRoot.BIGINT);
    static final DataType STRING = DataType.of(TypeRoot.VARCHAR);
    static final AggregateCall COUNT = AggregateCall.of(AggregateKind.COUNT_STAR, new int[0], List.of(),
            BIGINT.notNull(), "cnt");
    static final AggregateCall SUM = AggregateCall.of(AggregateKind.SUM, new int[] {1}, List.of(BIGINT), BIGINT,
            "total");
    static final AggregateCall MAX = AggregateCall.of(AggregateKind.MAX, new int[] {1}, List.of(BIGINT), BIGINT,
            "biggest");

    /** Groups by field 0, the key. */
    private static GroupAggregateOperatorFactory factory(boolean retracting, MiniBatchSettings miniBatch,
                                                         AggregateCall... calls) {
        return new GroupAggregateOperatorFactory("GroupAggregate", new int[] {0}, List.of(STRING),
                new AggregatesHandle(List.of(calls), retracting), miniBatch);
    }

    private static OperatorHarness harness(String backend, boolean retracting, MiniBatchSettings miniBatch,
                                           AggregateCall... calls) {
        OperatorHarness harness = OperatorHarness.of(factory(retracting, miniBatch, calls)).withStateBackend(backend);
        // A mini-batch flushes at every barrier, so a restore after each batch would flush each one;
        // the mini-batch tests are about when it flushes.
        return miniBatch == null ? harness : harness.withoutRestores();
    }

    private static OperatorHarness harness(String backend, boolean retracting, AggregateCall... calls) {
        return harness(backend, retracting, null, calls);
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void insertOnlyInputEmitsInsertThenUpdates(String backend) throws Exception {
        try (var h = harness(backend, false, COUNT, SUM, MAX).open()) {
            h.processRows("+I a 1", "+I b 2", "+I a 3");

            assertThat(h.output()).containsExactlyElementsOf(rows(
                    "+I a 1 1 1", "+I b 1 2 2", "-U a 1 1 1", "+U a 2 4 3"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void retractingInputTakesRowsBackAndDeletesAnEmptiedGroup(String backend) throws Exception {
        try (var h = harness(backend, true, COUNT, SUM, MAX).open()) {
            h.processRows("+I a 5", "+I a 7", "-U a 7", "+U a 2");
            assertThat(h.takeOutput()).containsExactlyElementsOf(rows(
                    "+I a 1 5 5", "-U a 1 5 5", "+U a 2 12 7", "-U a 2 12 7", "+U a 1 5 5", "-U a 1 5 5",
                    "+U a 2 7 5"));

            h.processRows("-D a 5", "-D a 2");
            assertThat(h.takeOutput()).containsExactlyElementsOf(rows("-U a 2 7 5", "+U a 1 2 2", "-D a 1 2 2"));

            // The group starts afresh.
            h.processRows("+I a 9");
            assertThat(h.takeOutput()).containsExactlyElementsOf(rows("+I a 1 9 9"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void retractionOfAnUnknownGroupIsIgnored(String backend) throws Exception {
        try (var h = harness(backend, true, COUNT, SUM).open()) {
            h.processRows("-D x 1", "-U x 2");

            assertThat(h.output()).isEmpty();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void unchangedResultEmitsNothing(String backend) throws Exception {
        try (var h = harness(backend, false, MAX).open()) {
            h.processRows("+I a 5", "+I a 3", "+I a 5", "+I a 6");

            assertThat(h.output()).containsExactlyElementsOf(rows("+I a 5", "-U a 5", "+U a 6"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void aggregateOverAnAggregateSeesRetractionsOfTheInnerResult(String backend) throws Exception {
        // Outer: COUNT(*) GROUP BY cnt over the inner (key, cnt) changelog, keyed by field 1.
        var outer = new GroupAggregateOperatorFactory("outer", new int[] {1}, List.of(BIGINT),
                new AggregatesHandle(List.of(COUNT), true), null);
        try (var h = OperatorHarness.of(outer).withStateBackend(backend).open()) {
            h.processRows("+I a 1", "+I b 1", "-U a 1", "+U a 2");

            assertThat(h.output()).containsExactlyElementsOf(rows(
                    "+I 1 1", "-U 1 1", "+U 1 2", "-U 1 2", "+U 1 1", "+I 2 1"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void globalAggregateHasOneGroup(String backend) throws Exception {
        var global = new GroupAggregateOperatorFactory("global", new int[0], List.of(),
                new AggregatesHandle(List.of(COUNT, SUM), true), null);
        try (var h = OperatorHarness.of(global).withStateBackend(backend).open()) {
            h.processRows("+I a 1", "+I b 2", "-D a 1");

            assertThat(h.output()).containsExactlyElementsOf(rows(
                    "+I 1 1", "-U 1 1", "+U 2 3", "-U 2 3", "+U 1 2"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void withStateTtlUnchangedResultsAreEmittedAndIdleGroupsExpire(String backend) throws Exception {
        Configuration config = new Configuration(Map.of(StateOptions.STATE_TTL.key(), "10 s"));
        try (var h = harness(backend, false, MAX).withConfiguration(config).open()) {
            h.processRows("+I a 5", "+I a 3");
            assertThat(h.takeOutput()).containsExactlyElementsOf(rows("+I a 5", "-U a 5", "+U a 5"));

            h.setProcessingTime(Duration.ofSeconds(11).toMillis());
            h.processRows("+I a 1");
            assertThat(h.takeOutput()).containsExactlyElementsOf(rows("+I a 1"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void miniBatchFoldsRowsPerKeyUntilTheLatencyPassed(String backend) throws Exception {
        var settings = new MiniBatchSettings(Duration.ofSeconds(1), 1000);
        try (var h = harness(backend, true, settings, COUNT, SUM).open()) {
            h.processRows("+I a 1", "+I a 2", "+I b 5", "+I c 1", "-D c 1");
            assertThat(h.output()).isEmpty();

            h.setProcessingTime(1000);
            // c appeared and vanished within the batch: nothing to say about it.
            assertThat(h.takeOutput()).containsExactlyElementsOf(rows("+I a 2 3", "+I b 1 5"));

            h.processRows("+I a 4", "-D a 1");
            h.setProcessingTime(1500);
            assertThat(h.output()).isEmpty();
            h.setProcessingTime(2000);
            assertThat(h.takeOutput()).containsExactlyElementsOf(rows("-U a 2 3", "+U a 2 6"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void miniBatchFlushesOnSizeWatermarkAndEndOfInput(String backend) throws Exception {
        var settings = new MiniBatchSettings(Duration.ofHours(1), 3);
        try (var h = harness(backend, false, settings, COUNT).open()) {
            h.processRows("+I a 1", "+I a 2");
            assertThat(h.output()).isEmpty();
            h.processRows("+I b 1");
            assertThat(h.takeOutput()).containsExactlyElementsOf(rows("+I a 2", "+I b 1"));

            h.processRows("+I a 3").processWatermark(100);
            assertThat(h.watermarks()).containsExactly(100L);
            assertThat(h.takeOutput()).containsExactlyElementsOf(rows("-U a 2", "+U a 3"));

            h.processRows("+I b 2").endInput();
            assertThat(h.takeOutput()).containsExactlyElementsOf(rows("-U b 1", "+U b 2"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void miniBatchFlushesBeforeACheckpointBarrierSoThatNoRowIsOnlyInMemory(String backend) throws Exception {
        var settings = new MiniBatchSettings(Duration.ofHours(1), 1000);
        try (var h = harness(backend, false, settings, COUNT).open()) {
            h.processRows("+I a 1", "+I a 2", "+I b 1");
            assertThat(h.output()).isEmpty();
            h.snapshot(1);
            assertThat(h.takeOutput()).containsExactlyElementsOf(rows("+I a 2", "+I b 1"));
            h.snapshot(2);
            assertThat(h.output()).isEmpty();
            h.setProcessingTime(3_600_000);
            assertThat(h.output()).as("the flush cancelled the latency timer").isEmpty();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void countDistinctAndMinWithRetractionKeepTheirViewsInState(String backend) throws Exception {
        var distinct = new AggregateCall(AggregateKind.COUNT, new int[] {1}, List.of(BIGINT), BIGINT.notNull(), true,
                -1, "d");
        var min = AggregateCall.of(AggregateKind.MIN, new int[] {1}, List.of(BIGINT), BIGINT, "lowest");
        try (var h = harness(backend, true, distinct, min).open()) {
            h.processRows("+I a 3", "+I a 1", "+I a 3", "-D a 1", "-D a 3", "-D a 3");

            assertThat(h.output()).containsExactlyElementsOf(rows(
                    "+I a 1 3", "-U a 1 3", "+U a 2 1", "-U a 2 1", "+U a 1 3", "-D a 1 3"));
        }
    }

    /** The groups of a batch stay in memory until it ends: what they read and write must reach state. */
    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void interleavedGroupsOfABatchReachStateForLaterBatchesAndCheckpoints(String backend,
                                                                          @TempDir Path checkpoints) throws Exception {
        var distinct = new AggregateCall(AggregateKind.COUNT, new int[] {1}, List.of(BIGINT), BIGINT.notNull(), true,
                -1, "d");
        var min = AggregateCall.of(AggregateKind.MIN, new int[] {1}, List.of(BIGINT), BIGINT, "lowest");
        OperatorSnapshot checkpoint;
        try (var h = harness(backend, true, distinct, min).withCheckpointDirectory(checkpoints).open()) {
            h.processRows("+I a 3", "+I b 3", "+I a 3", "+I a 4", "-D b 3", "+I b 5");
            assertThat(h.takeOutput()).containsExactlyElementsOf(rows(
                    "+I a 1 3", "+I b 1 3", "-U a 1 3", "+U a 2 3", "-D b 1 3", "+I b 1 5"));

            // a holds 3 twice: the first retraction changes nothing, the second takes 3 away.
            h.processRows("-D a 3", "-D a 3");
            assertThat(h.takeOutput()).containsExactlyElementsOf(rows("-U a 2 3", "+U a 1 4"));
            checkpoint = h.snapshot(1);
        }
        try (var h = harness(backend, true, distinct, min).withRestoredState(checkpoint).open()) {
            h.processRows("+I a 4", "+I b 5", "+I b 1");

            assertThat(h.output()).containsExactlyElementsOf(rows("-U b 1 5", "+U b 2 1"));
        }
    }

    /** Equal BYTES values are different arrays: the batch's view cache must still see them as one key. */
    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void minWithRetractionOverBytesCountsEqualArraysOfOneBatchAsOneValue(String backend) throws Exception {
        DataType bytes = DataType.of(TypeRoot.VARBINARY);
        var min = AggregateCall.of(AggregateKind.MIN, new int[] {1}, List.of(bytes), bytes, "lowest");
        try (var h = harness(backend, true, min).open()) {
            h.processRows(List.of(Row.of("a", new byte[] {2}), Row.of("a", new byte[] {2}), Row.of("a", new byte[] {5})));
            assertThat(h.takeOutput()).hasSize(1);

            // One of the two 2s goes: the minimum stays 2, nothing changes.
            h.processRows(List.of(Row.ofKind(RowKind.DELETE, "a", new byte[] {2})));
            assertThat(h.takeOutput()).isEmpty();
            h.processRows(List.of(Row.ofKind(RowKind.DELETE, "a", new byte[] {2})));
            List<Row> changes = h.takeOutput();
            assertThat(changes).hasSize(2);
            assertThat((byte[]) changes.get(1).getField(1)).containsExactly(5);
        }
    }

    /**
     * Each group's accumulators are keyed state: split by key groups among new subtasks, every
     * group goes on from its own, retractions of rows counted before the checkpoint included.
     */
    @Test
    void rescalesOntoOneTwoAndThreeSubtasks() throws Exception {
        List<Row> afterCheckpoint = Rescaling.of(factory(true, null, COUNT, SUM, MAX)).keyedBy(0)
                .before(Rescaling.rows("+I a 1", "+I b 2", "+I c 3", "+I d 4", "+I e 5", "+I f 6", "+I g 7",
                        "+I h 8", "+I a 10"))
                .after(Rescaling.rows("+I a 2", "-D b 2", "-D a 10", "+I c 9", "+I i 1", "-U d 4", "+U d 40",
                        "+I e 1", "+I f 2", "+I g 3", "+I h 4"))
                .outputKeyedBy(0)
                .verify();

        assertThat(afterCheckpoint).contains(rows("-U a 2 11 10", "+U a 3 13 10", "-U a 3 13 10", "+U a 2 3 2",
                "-D b 1 2 2", "+I i 1 1 1").toArray(Row[]::new));
    }
}
