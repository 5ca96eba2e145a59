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
import dev.runnel.runtime.testing.Rescaling;
import dev.runnel.runtime.testing.RestoresAfterEveryBatch;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code COUNT(*), SUM(v), MAX(v) OVER (PARTITION BY k ORDER BY ts …)} over rows {@code (k, v, ts)}. */
@RestoresAfterEveryBatch
class OverAggregateOperatorTest {
    private static final DataType BIGINT = DataType.of(TypeRoot.BIGINT);
    private static final RowType INPUT = RowType.of(
            new RowType.Field("k", DataType.of(TypeRoot.VARCHAR)),
            new RowType.Field("v", BIGINT),
            new RowType.Field("ts", DataType.of(TypeRoot.TIMESTAMP, 3)));
    private static final RowType OUTPUT = RowType.of(
            new RowType.Field("k", DataType.of(TypeRoot.VARCHAR)),
            new RowType.Field("v", BIGINT),
            new RowType.Field("ts", DataType.of(TypeRoot.TIMESTAMP, 3)),
            new RowType.Field("cnt", BIGINT),
            new RowType.Field("total", BIGINT),
            new RowType.Field("biggest", BIGINT));

    private static OperatorHarness over(boolean rows, long preceding, String backend) throws Exception {
        return harness(rows, preceding, backend).open();
    }

    private static OperatorHarness harness(boolean rows, long preceding, String backend) {
        return OperatorHarness.of(factory(rows, preceding)).withInputType(INPUT).withStateBackend(backend);
    }

    /** COUNT(*), SUM(v), MAX(v) partitioned by k (field 0), ordered by ts. */
    private static OverAggregateOperatorFactory factory(boolean rows, long preceding) {
        AggregatesHandle aggregates = new AggregatesHandle(List.of(
                new AggregateCall(AggregateKind.COUNT_STAR, new int[0], List.of(), BIGINT, false, -1, "cnt"),
                new AggregateCall(AggregateKind.SUM, new int[] {1}, List.of(BIGINT), BIGINT, false, -1, "total"),
                new AggregateCall(AggregateKind.MAX, new int[] {1}, List.of(BIGINT), BIGINT, false, -1, "biggest")),
                false);
        return new OverAggregateOperatorFactory("OverAggregate", new int[] {0},
                List.of(INPUT.type(0), INPUT.type(1), INPUT.type(2)), 2, rows, preceding, aggregates);
    }

    @Test
    void aRestoredOperatorDropsTheRowsThatWereLateBeforeTheCheckpoint() throws Exception {
        OperatorSnapshot checkpoint;
        try (var h = over(true, 1, "hashmap")) {
            h.processWatermark(2_000 + 1_704_067_200_000L);
            checkpoint = h.snapshot(1);
        }
        try (var h = harness(true, 1, "hashmap").withRestoredState(checkpoint).open()) {
            h.processRows("a 100 '2024-01-01 00:00:02'", "a 5 '2024-01-01 00:00:04'");
            h.processWatermark(Long.MAX_VALUE);
            assertThat(h.takeOutput()).isEqualTo(rows(OUTPUT, "+I a 5 '2024-01-01 00:00:04' 1 5 5"));
            assertThat(h.counter("numLateRecordsDropped")).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void rowsFrameEmitsInTimeOrderOnceTheWatermarkPassesAndDropsLateRows(String backend) throws Exception {
        try (var h = over(true, 1, backend)) {
            h.processRows("a 1 '2024-01-01 00:00:03'", "a 2 '2024-01-01 00:00:01'", "a 4 '2024-01-01 00:00:02'");
            assertThat(h.output()).isEmpty();

            h.processWatermark(2_000 + 1_704_067_200_000L);
            assertThat(h.takeOutput()).isEqualTo(rows(OUTPUT,
                    "+I a 2 '2024-01-01 00:00:01' 1 2 2", "+I a 4 '2024-01-01 00:00:02' 2 6 4"));

            h.processRows("a 100 '2024-01-01 00:00:02'", "a 5 '2024-01-01 00:00:04'");
            h.processWatermark(Long.MAX_VALUE);
            assertThat(h.takeOutput()).isEqualTo(rows(OUTPUT,
                    "+I a 1 '2024-01-01 00:00:03' 2 5 4", "+I a 5 '2024-01-01 00:00:04' 2 6 5"));
            assertThat(h.counter("numLateRecordsDropped")).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void rangeFrameCoversTheIntervalAndThePeersOfTheRow(String backend) throws Exception {
        try (var h = over(false, 2_000, backend)) {
            h.processRows("a 1 '2024-01-01 00:00:01'", "a 2 '2024-01-01 00:00:02'", "b 7 '2024-01-01 00:00:02'",
                    "a 3 '2024-01-01 00:00:02'", "a 5 '2024-01-01 00:00:04'", "a 9 '2024-01-01 00:00:07'");
            h.processWatermark(Long.MAX_VALUE);

            assertThat(h.output()).containsExactlyInAnyOrderElementsOf(rows(OUTPUT,
                    "+I a 1 '2024-01-01 00:00:01' 1 1 1",
                    "+I a 2 '2024-01-01 00:00:02' 3 6 3", "+I a 3 '2024-01-01 00:00:02' 3 6 3",
                    "+I b 7 '2024-01-01 00:00:02' 1 7 7",
                    "+I a 5 '2024-01-01 00:00:04' 3 10 5",
                    "+I a 9 '2024-01-01 00:00:07' 1 9 9"));
            assertThat(h.output().stream().filter(r -> r.getField(0).equals("a")).map(r -> (Long) r.getField(1)))
                    .containsExactly(1L, 2L, 3L, 5L, 9L);
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void unboundedFrameAccumulatesEverythingSoFar(boolean rowsFrame) throws Exception {
        try (var h = over(rowsFrame, OverAggregateOperatorFactory.UNBOUNDED, "hashmap")) {
            h.processRows("a 1 '2024-01-01 00:00:01'", "a 2 '2024-01-01 00:00:02'", "a 3 '2024-01-01 00:00:02'");
            h.processWatermark(1_704_067_201_000L);
            h.processRows("a 5 '2024-01-01 00:00:04'", "a 0 '2024-01-01 00:00:01'");
            h.processWatermark(Long.MAX_VALUE);

            assertThat(h.output()).isEqualTo(rows(OUTPUT,
                    "+I a 1 '2024-01-01 00:00:01' 1 1 1",
                    rowsFrame ? "+I a 2 '2024-01-01 00:00:02' 2 3 2" : "+I a 2 '2024-01-01 00:00:02' 3 6 3",
                    "+I a 3 '2024-01-01 00:00:02' 3 6 3",
                    "+I a 5 '2024-01-01 00:00:04' 4 11 5"));
            assertThat(h.counter("numLateRecordsDropped")).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {OverAggregateOperatorFactory.UNBOUNDED, 1})
    void countsDistinctValuesOfTheFrame(long preceding) throws Exception {
        AggregatesHandle aggregates = new AggregatesHandle(List.of(
                new AggregateCall(AggregateKind.COUNT, new int[] {1}, List.of(BIGINT), BIGINT, true, -1, "n")), false);
        var factory = new OverAggregateOperatorFactory("OverAggregate", new int[] {0},
                List.of(INPUT.type(0), INPUT.type(1), INPUT.type(2)), 2, true, preceding, aggregates);
        RowType output = RowType.of(INPUT.field(0), INPUT.field(1), INPUT.field(2), new RowType.Field("n", BIGINT));
        try (var h = OperatorHarness.of(factory).withInputType(INPUT).withStateBackend("rocksdb").open()) {
            h.processRows("a 1 '2024-01-01 00:00:01'", "a 1 '2024-01-01 00:00:02'", "a 2 '2024-01-01 00:00:03'");
            h.processWatermark(Long.MAX_VALUE);

            assertThat(h.output()).isEqualTo(rows(output, "+I a 1 '2024-01-01 00:00:01' 1",
                    "+I a 1 '2024-01-01 00:00:02' 1", "+I a 2 '2024-01-01 00:00:03' 2"));
        }
    }

    @Test
    void rejectsUpdates() throws Exception {
        try (var h = over(true, 1, "hashmap")) {
            assertThatThrownBy(() -> h.processRows(List.of(Row.ofKind(RowKind.UPDATE_BEFORE, "a", 1L, 1L))))
                    .hasMessageContaining("takes only inserts");
        }
    }

    /**
     * Each partition's frame, held rows and timers split by key groups, and the watermark
     * restored: rows held at the checkpoint are emitted on their new subtasks over frames that
     * reach back before it, and rows late at the checkpoint's watermark are still dropped.
     */
    @Test
    void rescalesOntoOneTwoAndThreeSubtasks() throws Exception {
        List<Row> afterCheckpoint = Rescaling.of(factory(true, 1)).keyedBy(0).withInputType(0, INPUT)
                .before(Rescaling.rows("a 1 '2024-01-01 00:00:01'", "b 2 '2024-01-01 00:00:01'",
                        "c 3 '2024-01-01 00:00:02'", "d 4 '2024-01-01 00:00:02'", "a 5 '2024-01-01 00:00:03'",
                        "e 6 '2024-01-01 00:00:03'", "f 7 '2024-01-01 00:00:04'", "g 8 '2024-01-01 00:00:04'"),
                        Rescaling.watermark(2_000 + 1_704_067_200_000L))
                .after(Rescaling.rows("a 100 '2024-01-01 00:00:02'", "b 100 '2024-01-01 00:00:01'",
                        "b 9 '2024-01-01 00:00:05'", "c 10 '2024-01-01 00:00:06'", "e 11 '2024-01-01 00:00:05'",
                        "h 12 '2024-01-01 00:00:05'", "g 13 '2024-01-01 00:00:04'"),
                        Rescaling.watermark(Long.MAX_VALUE))
                .outputKeyedBy(0)
                .verify();

        assertThat(afterCheckpoint).containsExactlyInAnyOrderElementsOf(rows(OUTPUT,
                "+I a 5 '2024-01-01 00:00:03' 2 6 5", "+I e 6 '2024-01-01 00:00:03' 1 6 6",
                "+I f 7 '2024-01-01 00:00:04' 1 7 7", "+I g 8 '2024-01-01 00:00:04' 1 8 8",
                "+I g 13 '2024-01-01 00:00:04' 2 21 13", "+I b 9 '2024-01-01 00:00:05' 2 11 9",
                "+I e 11 '2024-01-01 00:00:05' 2 17 11", "+I h 12 '2024-01-01 00:00:05' 1 12 12",
                "+I c 10 '2024-01-01 00:00:06' 2 13 10"));
    }
}
