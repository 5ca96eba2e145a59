package dev.runnel.runtime.operators.window;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.testing.OperatorSnapshot;
import dev.runnel.runtime.testing.RestoresAfterEveryBatch;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A window aggregate in two phases (a local phase per input subtask, partial rows shuffled to a
 * global phase) emits what the one-phase aggregate emits, watermark by watermark. Input rows are
 * item, price, slice_start, slice_end; output rows item, window_start, window_end, window_time,
 * SUM(price), COUNT(*).
 *
 * <p>The global and one-phase operators restore after every batch; the local phases keep nothing
 * past a barrier and run without restores, which would flush them at every batch.
 */
@RestoresAfterEveryBatch
class TwoPhaseWindowAggregateTest {
    private static final List<DataType> KEY_TYPES = List.of(DataType.of(TypeRoot.VARCHAR, Integer.MAX_VALUE));

    private static WindowAggregateOperatorFactory oneStep(WindowAssigner windows) {
        return new WindowAggregateOperatorFactory("WindowAggregate", new int[] {0}, KEY_TYPES, 2, 3,
                WindowAggregateOperatorTest.ITEM_AND_WINDOW, WindowAggregateOperatorTest.SUM_AND_COUNT, false,
                WindowTime.LOCAL, null, new SliceAssigner(windows));
    }

    private static LocalWindowAggregateOperatorFactory local(WindowAssigner windows) {
        return new LocalWindowAggregateOperatorFactory("LocalWindowAggregate", new int[] {0}, KEY_TYPES, 3,
                WindowAggregateOperatorTest.SUM_AND_COUNT, new SliceAssigner(windows), WindowTime.LOCAL);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"tumble", "hop", "cumulate"})
    void twoPhasesEmitWhatOnePhaseEmits(String kind) throws Exception {
        WindowAssigner windows = switch (kind) {
            case "tumble" -> new WindowAssigner.Tumbling(10, 0);
            case "hop" -> new WindowAssigner.Hopping(20, 5, 0);
            default -> new WindowAssigner.Cumulative(30, 10, 0);
        };
        long slice = new SliceAssigner(windows).sliceSize();
        Random random = new Random(kind.hashCode());
        try (var one = OperatorHarness.of(oneStep(windows)).withStateBackend("rocksdb").open();
             var local0 = OperatorHarness.of(local(windows)).withoutRestores().open();
             var local1 = OperatorHarness.of(local(windows)).withoutRestores().open();
             var global = OperatorHarness.of(local(windows).global("GlobalWindowAggregate", oneStep(windows)))
                     .withStateBackend("rocksdb").open()) {
            long watermark = 0;
            int emitted = 0;
            for (int step = 0; step < 200; step++) {
                for (OperatorHarness local : List.of(local0, local1)) {
                    List<Row> rows = new ArrayList<>();
                    for (int i = random.nextInt(8); i > 0; i--) {
                        // Around the watermark, some rows behind it (late for some or all of their windows).
                        long time = Math.max(0, watermark - 25 + random.nextInt(40));
                        long end = (time / slice + 1) * slice;
                        rows.add(Row.of("k" + random.nextInt(4), random.nextInt(100), end - slice, end));
                    }
                    local.processBatch(RowBatch.of(rows));
                    one.processBatch(RowBatch.of(rows));
                }
                watermark += random.nextInt(6);
                for (OperatorHarness local : List.of(local0, local1)) {
                    local.processWatermark(watermark);
                    global.processBatch(RowBatch.of(local.takeOutput()));
                }
                global.processWatermark(watermark);
                one.processWatermark(watermark);
                List<Row> expected = one.takeOutput();
                emitted += expected.size();
                assertThat(global.takeOutput()).as("at watermark %d", watermark)
                        .containsExactlyInAnyOrderElementsOf(expected);
            }
            assertThat(emitted).isGreaterThan(100);
            assertThat(global.counter("numLateRecordsDropped")).isPositive();
        }
    }

    @Test
    void theLocalPhaseKeepsNothingPastACheckpointBarrier(@TempDir Path checkpoints) throws Exception {
        WindowAssigner windows = new WindowAssigner.Tumbling(10, 0);
        OperatorSnapshot checkpoint;
        try (var local = OperatorHarness.of(local(windows)).withoutRestores().open();
             var global = OperatorHarness.of(local(windows).global("GlobalWindowAggregate", oneStep(windows)))
                     .withStateBackend("rocksdb").withCheckpointDirectory(checkpoints).open()) {
            local.processBatch(RowBatch.of(Row.of("a", 3, 0L, 10L), Row.of("a", 4, 0L, 10L), Row.of("b", 1, 0L, 10L)));
            local.processWatermark(5); // fires nothing: the local phase keeps its slices
            assertThat(local.takeOutput()).isEmpty();

            local.snapshot(1);
            List<Row> partials = local.takeOutput();
            // One partial row per key and slice: key, slice end, then the accumulators.
            assertThat(partials).extracting(r -> r.getField(0) + "@" + r.getField(1)).containsExactlyInAnyOrder("a@10", "b@10");
            global.processBatch(RowBatch.of(partials));
            checkpoint = global.snapshot(1);
        }
        try (var local = OperatorHarness.of(local(windows)).withoutRestores().open();
             var global = OperatorHarness.of(local(windows).global("GlobalWindowAggregate", oneStep(windows)))
                .withStateBackend("rocksdb").withRestoredState(checkpoint).open()) {
            local.processBatch(RowBatch.of(Row.of("a", 10, 0L, 10L)));
            local.endInput();
            global.processBatch(RowBatch.of(local.takeOutput()));
            global.processWatermark(Long.MAX_VALUE);
            assertThat(global.output()).containsExactlyInAnyOrder(Row.of("a", 0L, 10L, 9L, 17, 3L),
                    Row.of("b", 0L, 10L, 9L, 1, 1L));
        }
    }
}
