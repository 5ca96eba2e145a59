package dev.runnel.runtime.state;

import dev.runnel.runtime.checkpoint.KeyedStateHandle;
import dev.runnel.runtime.cluster.RuntimeOptions;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.state.backend.AbstractKeyedStateBackend;
import dev.runnel.runtime.testing.ManualProcessingTimeService;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.List;

/** Builds backends of either type for tests, over a manual clock. */
final class StateBackendTestSupport {
    static final TypeSerializer<Row> LONG_KEY = Serializers.row(List.of(DataType.of(TypeRoot.BIGINT)));

    private StateBackendTestSupport() {
    }

    /** The backend types every contract test runs on. */
    static List<String> types() {
        return List.of(KeyedStateBackends.HASHMAP, KeyedStateBackends.ROCKSDB);
    }

    static KeyedStateBackend create(String type, ManualProcessingTimeService clock) {
        return create(type, clock, LONG_KEY, 0, 1, new Configuration());
    }

    static KeyedStateBackend create(String type, ManualProcessingTimeService clock, TypeSerializer<Row> keySerializer,
                                    int subtask, int parallelism, Configuration configuration) {
        return create(type, clock, keySerializer, subtask, parallelism, configuration, List.of());
    }

    /** A backend restored from {@code restoredState} (every handle intersecting its key groups is passed on). */
    static KeyedStateBackend create(String type, ManualProcessingTimeService clock, TypeSerializer<Row> keySerializer,
                                    int subtask, int parallelism, Configuration configuration,
                                    List<KeyedStateHandle> restoredState) {
        Configuration config = configuration.copy();
        config.set(StateOptions.STATE_BACKEND, type);
        int maxParallelism = config.get(RuntimeOptions.MAX_PARALLELISM);
        int start = AbstractKeyedStateBackend.keyGroupRangeStart(subtask, parallelism, maxParallelism);
        int end = AbstractKeyedStateBackend.keyGroupRangeStart(subtask + 1, parallelism, maxParallelism);
        List<KeyedStateHandle> intersecting = restoredState.stream().filter(h -> h.intersects(start, end)).toList();
        return KeyedStateBackends.create(new KeyedStateBackends.Parameters("test-job", "test-op", subtask, parallelism,
                maxParallelism, config, keySerializer, clock, intersecting));
    }

    static Row key(long id) {
        return Row.of(id);
    }
}
