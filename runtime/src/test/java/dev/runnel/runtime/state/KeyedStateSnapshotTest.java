package dev.runnel.runtime.state;

import static dev.runnel.runtime.state.StateBackendTestSupport.key;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.runnel.runtime.checkpoint.IncrementalKeyedStateHandle;
import dev.runnel.runtime.checkpoint.KeyGroupsStateHandle;
import dev.runnel.runtime.checkpoint.KeyedStateHandle;
import dev.runnel.runtime.checkpoint.SnapshotTask;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.state.SnapshotTestSupport.Mode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Snapshots and restores on every backend and snapshot kind: what a restored backend holds is
 * what the snapshot's synchronous part saw, also when the key groups move to another number of
 * subtasks, and savepoints restore on the other backend.
 */
class KeyedStateSnapshotTest {
    private static final Duration TTL = Duration.ofMillis(100);

    @TempDir
    Path checkpoints;
    @TempDir
    Path localDir;
    private SnapshotTestSupport support;

    static List<Mode> modes() {
        return SnapshotTestSupport.modes();
    }

    @BeforeEach
    void setUp() {
        support = new SnapshotTestSupport(checkpoints, localDir);
    }

    @AfterEach
    void tearDown() {
        support.close();
    }

    /** The states of {@link #fill} and {@link #check}, declared on one backend. */
    private static final class States {
        final KeyedStateBackend backend;
        final ValueState<Long, String> value;
        final ListState<VoidNamespace, Long> list;
        final MapState<VoidNamespace, String, Long> map;
        final ValueState<VoidNamespace, Long> ttlValue;
        final ListState<VoidNamespace, Long> ttlList;
        final MapState<VoidNamespace, String, Long> ttlMap;
        final TimerService<Long> timers;
        final List<String> fired = new ArrayList<>();

        States(KeyedStateBackend b) {
            backend = b;
            value = b.valueState(new StateDescriptor<>("value", Serializers.LONG, null, Serializers.STRING, Duration.ZERO));
            list = b.listState(StateDescriptor.of("list", Serializers.LONG, Duration.ZERO));
            map = b.mapState(StateDescriptor.map("map", Serializers.STRING, Serializers.LONG, Duration.ZERO));
            ttlValue = b.valueState(StateDescriptor.of("ttl-value", Serializers.LONG, TTL));
            ttlList = b.listState(StateDescriptor.of("ttl-list", Serializers.LONG, TTL));
            ttlMap = b.mapState(StateDescriptor.map("ttl-map", Serializers.STRING, Serializers.LONG, TTL));
            timers = b.timerService("timers", Serializers.LONG, new Triggerable<>() {
                @Override
                public void onEventTime(Timer<Long> timer) {
                    fired.add("e" + timer.timestamp() + "/" + timer.key().getField(0) + "/" + timer.namespace());
                }

                @Override
                public void onProcessingTime(Timer<Long> timer) {
                    fired.add("p" + timer.timestamp() + "/" + timer.key().getField(0) + "/" + timer.namespace());
                }
            });
        }

        void fill(long k) {
            backend.setCurrentKey(key(k));
            value.setCurrentNamespace(1L);
            value.update("a" + k);
            value.setCurrentNamespace(2L);
            value.update("b" + k);
            list.add(k);
            list.add(k + 1);
            map.put("x", k);
            map.put("y", -k);
            ttlValue.update(k);
            ttlList.add(k);
            ttlMap.put("t", k);
            timers.registerEventTimeTimer(7L, 100 + k);
            timers.registerProcessingTimeTimer(8L, 2_000 + k);
        }

        void check(long k) {
            backend.setCurrentKey(key(k));
            value.setCurrentNamespace(1L);
            assertThat(value.value()).isEqualTo("a" + k);
            value.setCurrentNamespace(2L);
            assertThat(value.value()).isEqualTo("b" + k);
            value.setCurrentNamespace(3L);
            assertThat(value.value()).isNull();
            assertThat(list.get()).containsExactly(k, k + 1);
            assertThat(map.get("x")).isEqualTo(k);
            assertThat(map.get("y")).isEqualTo(-k);
            assertThat(map.entries()).hasSize(2);
        }
    }

    @ParameterizedTest
    @MethodSource("modes")
    void aRestoredBackendHasTheValuesListsMapsTimersAndTtlsOfTheSnapshot(Mode mode) throws Exception {
        support.configure(mode);
        States before = new States(support.open(mode.backend(), 0, 1, List.of()));
        for (long k = 0; k < 50; k++) {
            before.fill(k);
        }
        support.clock.setCurrentTime(1_050);
        for (long k = 0; k < 10; k++) {
            before.backend.setCurrentKey(key(k));
            before.ttlValue.update(k * 10);   // written later: outlives the others
            before.ttlMap.put("t", k * 10);
        }
        KeyedStateHandle handle = SnapshotTestSupport.snapshot(before.backend, support.checkpoint(1, mode.incremental()));
        assertThat(handle).isInstanceOf(mode.incremental() ? IncrementalKeyedStateHandle.class : KeyGroupsStateHandle.class);
        before.backend.close();
        // As the coordinator keeps it: in the checkpoint's _metadata, as JSON.
        ObjectMapper json = new ObjectMapper();
        KeyedStateHandle fromMetadata = json.readValue(json.writeValueAsString(handle), KeyedStateHandle.class);

        States after = new States(support.open(mode.backend(), 0, 1, List.of(fromMetadata)));
        for (long k = 0; k < 50; k++) {
            after.check(k);
            assertThat(after.ttlValue.value()).isEqualTo(k < 10 ? k * 10 : k);
            assertThat(after.ttlList.get()).containsExactly(k);
        }
        support.clock.setCurrentTime(1_120);
        for (long k = 0; k < 50; k++) {
            after.backend.setCurrentKey(key(k));
            assertThat(after.ttlValue.value()).isEqualTo(k < 10 ? k * 10 : null);
            assertThat(after.ttlMap.get("t")).isEqualTo(k < 10 ? k * 10 : null);
            assertThat(after.ttlList.get()).isEmpty();
        }

        after.backend.advanceWatermark(124);
        assertThat(after.fired).containsExactlyElementsOf(
                LongStream.range(0, 25).mapToObj(k -> "e" + (100 + k) + "/" + k + "/7").toList());
        after.fired.clear();
        support.clock.setCurrentTime(2_100);
        assertThat(after.fired).containsExactlyElementsOf(
                LongStream.range(0, 50).mapToObj(k -> "p" + (2_000 + k) + "/" + k + "/8").toList());
    }

    @ParameterizedTest
    @MethodSource("modes")
    void stateChangedAfterTheSynchronousPartIsNotInTheSnapshot(Mode mode) throws Exception {
        support.configure(mode);
        States before = new States(support.open(mode.backend(), 0, 1, List.of()));
        for (long k = 0; k < 20; k++) {
            before.fill(k);
        }
        SnapshotTask task = before.backend.snapshot(support.checkpoint(1, mode.incremental()));
        for (long k = 0; k < 20; k++) {
            before.backend.setCurrentKey(key(k));
            before.value.setCurrentNamespace(1L);
            before.value.update("changed");
            before.list.add(99L);
            before.map.remove("x");
            before.timers.registerEventTimeTimer(7L, 5);
        }
        before.backend.setCurrentKey(key(3));
        before.list.clear();
        before.fill(20);
        KeyedStateHandle handle = task.write();

        States after = new States(support.open(mode.backend(), 0, 1, List.of(handle)));
        for (long k = 0; k < 20; k++) {
            after.check(k);
        }
        after.backend.setCurrentKey(key(20));
        assertThat(after.list.get()).isEmpty();
        after.value.setCurrentNamespace(1L);
        assertThat(after.value.value()).isNull();
        after.backend.advanceWatermark(99);
        assertThat(after.fired).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("modes")
    void snapshotsOfTwoSubtasksRestoreIntoOneAndIntoFourWithEveryKeyInExactlyOnePlace(Mode mode) throws Exception {
        support.configure(mode);
        int keys = 1_000;
        List<KeyedStateHandle> handles = new ArrayList<>();
        for (int subtask = 0; subtask < 2; subtask++) {
            States s = new States(support.open(mode.backend(), subtask, 2, List.of()));
            for (long k = 0; k < keys; k++) {
                if (SnapshotTestSupport.subtaskOf(k, 2) == subtask) {
                    s.fill(k);
                }
            }
            handles.add(SnapshotTestSupport.snapshot(s.backend, support.checkpoint(1, mode.incremental())));
            s.backend.close();
        }
        for (int parallelism : new int[] {1, 4}) {
            Map<Long, Integer> owner = new HashMap<>();
            List<String> fired = new ArrayList<>();
            for (int subtask = 0; subtask < parallelism; subtask++) {
                States s = new States(support.open(mode.backend(), subtask, parallelism, handles));
                int current = subtask;
                s.backend.forEachKey(s.list, VoidNamespace.INSTANCE, (Row key) -> {
                    long k = (Long) key.getField(0);
                    assertThat(owner.put(k, current)).as("key %d restored twice", k).isNull();
                    assertThat(SnapshotTestSupport.subtaskOf(k, parallelism)).isEqualTo(current);
                    s.check(k);
                });
                s.backend.advanceWatermark(Long.MAX_VALUE);
                fired.addAll(s.fired);
                s.backend.close();
            }
            assertThat(owner).as("parallelism %d", parallelism).hasSize(keys);
            assertThat(fired).as("parallelism %d", parallelism).hasSize(keys)
                    .containsExactlyInAnyOrderElementsOf(LongStream.range(0, keys).mapToObj(k -> "e" + (100 + k) + "/" + k + "/7")
                            .toList());
        }
    }

    @Test
    void aHeapSnapshotWhoseCheckpointWasAbortedOrSubsumedBeforeItRanRefusesToRunAndTheNextOneHoldsEverything()
            throws Exception {
        States before = new States(support.open(KeyedStateBackends.HASHMAP, 0, 1, List.of()));
        for (long k = 0; k < 20; k++) {
            before.fill(k);
        }
        SnapshotTask aborted = before.backend.snapshot(support.checkpoint(1, false));
        SnapshotTask subsumed = before.backend.snapshot(support.checkpoint(2, false));
        before.backend.notifyCheckpointAborted(1);
        before.backend.notifyCheckpointComplete(3);
        assertThatThrownBy(aborted::write).hasMessageContaining("Checkpoint 1 of operator").hasMessageContaining("aborted");
        assertThatThrownBy(subsumed::write).hasMessageContaining("Checkpoint 2 of operator");
        before.fill(20);
        KeyedStateHandle handle = SnapshotTestSupport.snapshot(before.backend, support.checkpoint(4, false));

        States after = new States(support.open(KeyedStateBackends.HASHMAP, 0, 1, List.of(handle)));
        for (long k = 0; k <= 20; k++) {
            after.check(k);
        }
    }

    @Test
    void aSavepointOfEitherBackendRestoresOnTheOther() throws Exception {
        String[][] pairs = {{KeyedStateBackends.HASHMAP, KeyedStateBackends.ROCKSDB},
                {KeyedStateBackends.ROCKSDB, KeyedStateBackends.HASHMAP}};
        for (String[] pair : pairs) {
            States before = new States(support.open(pair[0], 0, 2, List.of()));
            List<Long> own = LongStream.range(0, 200).filter(k -> SnapshotTestSupport.subtaskOf(k, 2) == 0).boxed().toList();
            own.forEach(before::fill);
            KeyedStateHandle savepoint = SnapshotTestSupport.snapshot(before.backend, support.savepoint("savepoint-" + pair[0]));
            assertThat(savepoint).isInstanceOf(KeyGroupsStateHandle.class);
            assertThat(savepoint.sharedStateFiles()).isEmpty();

            States after = new States(support.open(pair[1], 0, 1, List.of(savepoint)));
            own.forEach(after::check);
            after.backend.advanceWatermark(Long.MAX_VALUE);
            assertThat(after.fired).as(pair[0] + " -> " + pair[1]).hasSize(own.size());
        }
    }

    @ParameterizedTest
    @MethodSource("modes")
    void aStateDeclaredAsAnotherKindOrWithoutItsTtlIsRefusedOnRestore(Mode mode) throws Exception {
        support.configure(mode);
        States before = new States(support.open(mode.backend(), 0, 1, List.of()));
        before.fill(1);
        KeyedStateHandle handle = SnapshotTestSupport.snapshot(before.backend, support.checkpoint(1, mode.incremental()));
        KeyedStateBackend after = support.open(mode.backend(), 0, 1, List.of(handle));
        assertThatThrownBy(() -> after.mapState(StateDescriptor.map("list", Serializers.LONG, Serializers.LONG, Duration.ZERO)))
                .hasMessageContaining("State 'list'").hasMessageContaining("restored as list state");
        assertThatThrownBy(() -> after.valueState(StateDescriptor.of("ttl-value", Serializers.LONG, Duration.ZERO)))
                .hasMessageContaining("State 'ttl-value'").hasMessageContaining("with a TTL");
    }

    @ParameterizedTest
    @MethodSource("modes")
    void restoredStateThatTheOperatorDoesNotDeclareIsCarriedIntoTheNextSnapshot(Mode mode) throws Exception {
        support.configure(mode);
        States before = new States(support.open(mode.backend(), 0, 1, List.of()));
        for (long k = 0; k < 10; k++) {
            before.fill(k);
        }
        KeyedStateHandle first = SnapshotTestSupport.snapshot(before.backend, support.checkpoint(1, mode.incremental()));
        KeyedStateBackend partial = support.open(mode.backend(), 0, 1, List.of(first));
        ValueState<VoidNamespace, Long> ttlValue = partial.valueState(StateDescriptor.of("ttl-value", Serializers.LONG, TTL));
        partial.setCurrentKey(key(3));
        ttlValue.update(33L);
        KeyedStateHandle second = SnapshotTestSupport.snapshot(partial, support.checkpoint(2, mode.incremental()));
        partial.notifyCheckpointComplete(2);
        partial.close();

        States after = new States(support.open(mode.backend(), 0, 1, List.of(second)));
        for (long k = 0; k < 10; k++) {
            after.check(k);
            assertThat(after.ttlValue.value()).isEqualTo(k == 3 ? 33L : k);
        }
        after.backend.advanceWatermark(Long.MAX_VALUE);
        assertThat(after.fired).hasSize(10);
    }

    @Test
    void anIncrementalRocksDbCheckpointIsRefusedByTheHeapBackendWithAClearError() throws Exception {
        States before = new States(support.open(KeyedStateBackends.ROCKSDB, 0, 1, List.of()));
        before.fill(1);
        KeyedStateHandle handle = SnapshotTestSupport.snapshot(before.backend, support.checkpoint(1, true));
        assertThatThrownBy(() -> support.open(KeyedStateBackends.HASHMAP, 0, 1, List.of(handle)))
                .hasMessageContaining("incremental RocksDB checkpoint").hasMessageContaining("not supported yet");
    }

    @ParameterizedTest
    @MethodSource("modes")
    void anEmptyBackendSnapshotsToNothingOrToAHandleThatRestoresEmpty(Mode mode) throws Exception {
        support.configure(mode);
        KeyedStateBackend b = support.open(mode.backend(), 0, 1, List.of());
        KeyedStateHandle handle = SnapshotTestSupport.snapshot(b, support.checkpoint(1, mode.incremental()));
        List<KeyedStateHandle> restored = handle == null ? List.of() : List.of(handle);
        States after = new States(support.open(mode.backend(), 0, 1, restored));
        after.backend.setCurrentKey(key(1));
        assertThat(after.list.get()).isEmpty();
    }
}
