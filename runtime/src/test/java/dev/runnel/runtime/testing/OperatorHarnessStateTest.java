package dev.runnel.runtime.testing;

import static dev.runnel.runtime.testing.TestRows.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.state.KeyedStateBackend;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.StateOptions;
import dev.runnel.runtime.state.Timer;
import dev.runnel.runtime.state.TimerService;
import dev.runnel.runtime.state.Triggerable;
import dev.runnel.runtime.state.ValueState;
import dev.runnel.runtime.state.VoidNamespace;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.Watermark;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The harness gives keyed operators a real backend and a manual processing-time clock. */
class OperatorHarnessStateTest {

    /** Counts rows per key (field 0); 10 ms of processing time after a key's first row it emits "key count". */
    private static final class CountPerKey extends AbstractOperator implements Triggerable<VoidNamespace> {
        KeyedStateBackend backend;
        ValueState<VoidNamespace, Long> count;
        TimerService<VoidNamespace> timers;

        @Override
        public void open(OperatorContext context) throws Exception {
            super.open(context);
            backend = context.keyedStateBackend(Serializers.row(List.of(DataType.of(TypeRoot.BIGINT))));
            count = backend.valueState(StateDescriptor.of("count", Serializers.LONG, Duration.ZERO));
            timers = backend.timerService("report", VoidNamespace.SERIALIZER, this);
        }

        @Override
        public void processBatch(RowBatch batch, int input) {
            for (Row row : batch) {
                backend.setCurrentKey(Row.of(row.getField(0)));
                Long before = count.value();
                count.update(before == null ? 1 : before + 1);
                if (before == null) {
                    timers.registerProcessingTimeTimer(VoidNamespace.INSTANCE, timers.currentProcessingTime() + 10);
                }
            }
        }

        @Override
        public void processWatermark(Watermark watermark) throws Exception {
            backend.advanceWatermark(watermark.timestamp());
            super.processWatermark(watermark);
        }

        @Override
        public void onEventTime(Timer<VoidNamespace> timer) {
        }

        @Override
        public void onProcessingTime(Timer<VoidNamespace> timer) {
            output.collect(Row.of(timer.key().getField(0), count.value()));
        }
    }

    @Test
    void keyedOperatorsGetAHeapBackendByDefault() throws Exception {
        try (var h = OperatorHarness.of(new CountPerKey()).open()) {
            assertThat(h.stateBackend().getClass().getSimpleName()).isEqualTo("HeapKeyedStateBackend");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void keyedOperatorsGetARealBackendAndAManualClock(String backend) throws Exception {
        CountPerKey op = new CountPerKey();
        try (var h = OperatorHarness.of(op).withStateBackend(backend).open()) {
            h.processRows("+I 1", "+I 2", "+I 1");
            h.setProcessingTime(5).processRows("+I 1", "+I 3");
            assertThat(h.output()).isEmpty();
            h.setProcessingTime(10);
            assertThat(h.takeOutput()).containsExactlyElementsOf(rows("+I 1 3", "+I 2 1"));
            h.setProcessingTime(100);
            assertThat(h.takeOutput()).containsExactlyElementsOf(rows("+I 3 1"));
        }
        assertThatThrownBy(() -> op.count.value()).hasMessageContaining("closed");
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap->hashmap", "rocksdb->rocksdb", "hashmap->rocksdb", "rocksdb->hashmap"})
    void snapshotsCarryKeyedStateAndTimersToARestoredOperator(String backends, @TempDir Path checkpoints)
            throws Exception {
        String[] types = backends.split("->");
        OperatorSnapshot checkpoint;
        try (var h = OperatorHarness.of(new CountPerKey()).withStateBackend(types[0])
                .withCheckpointDirectory(checkpoints).open()) {
            h.processRows("+I 1", "+I 2", "+I 1");
            checkpoint = h.snapshot(1);
            // Not in the checkpoint: the restored operator never sees it.
            h.processRows("+I 1");
        }
        try (var h = OperatorHarness.of(new CountPerKey()).withStateBackend(types[1]).withRestoredState(checkpoint)
                .open()) {
            h.processRows("+I 2");
            h.setProcessingTime(10);
            assertThat(h.takeOutput()).containsExactlyInAnyOrderElementsOf(rows("+I 1 2", "+I 2 2"));
        }
    }

    @Test
    void snapshotsWithoutACheckpointDirectoryHoldNoKeyedState() throws Exception {
        try (var h = OperatorHarness.of(new CountPerKey()).open()) {
            h.processRows("+I 1");
            assertThat(h.snapshot(1).keyedState()).isEmpty();
        }
    }

    @Test
    void theConfigurationOrWithStateBackendChoosesTheBackend() throws Exception {
        Configuration config = new Configuration();
        config.set(StateOptions.STATE_BACKEND, "no-such-backend");
        try (var h = OperatorHarness.of(new CountPerKey()).withConfiguration(config)) {
            assertThatThrownBy(h::open).hasMessageContaining("state.backend.type");
        }
        try (var h = OperatorHarness.of(new CountPerKey()).withConfiguration(config).withStateBackend("hashmap").open()) {
            h.processRows("+I 1");
            assertThat(h.stateBackend().currentKey()).isEqualTo(Row.of(1L));
        }
    }
}
