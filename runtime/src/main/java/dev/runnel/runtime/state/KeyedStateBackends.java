package dev.runnel.runtime.state;

import dev.runnel.runtime.checkpoint.KeyedStateHandle;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.state.heap.HeapKeyedStateBackend;
import dev.runnel.runtime.state.rocksdb.RocksDbKeyedStateBackend;
import java.util.List;
import java.util.Locale;

/** Creates the keyed state backend that the job's configuration selects ({@code state.backend.type}). */
public final class KeyedStateBackends {
    public static final String HASHMAP = "hashmap";
    public static final String ROCKSDB = "rocksdb";

    private KeyedStateBackends() {
    }

    /**
     * What a backend needs to know of the operator subtask it serves.
     *
     * @param jobName and {@code operatorName}: for the local directory's name and errors
     * @param restoredState the snapshots to start from: every handle whose key-group range
     *                      intersects this subtask's (the backend keeps only its own key groups);
     *                      empty for a fresh start
     * @param managedMemory the managed memory of the slot the subtask runs in, or {@code null}
     *                      outside a TaskManager (the backend then has a slot's worth to itself)
     */
    public record Parameters(String jobName, String operatorName, int subtaskIndex, int parallelism,
                             int maxParallelism, Configuration configuration, TypeSerializer<Row> keySerializer,
                             ProcessingTimeService processingTimeService, List<KeyedStateHandle> restoredState,
                             ManagedMemory.Slot managedMemory) {

        public Parameters {
            restoredState = restoredState == null ? List.of() : List.copyOf(restoredState);
        }

        /** Parameters of a backend outside a TaskManager. */
        public Parameters(String jobName, String operatorName, int subtaskIndex, int parallelism, int maxParallelism,
                          Configuration configuration, TypeSerializer<Row> keySerializer,
                          ProcessingTimeService processingTimeService, List<KeyedStateHandle> restoredState) {
            this(jobName, operatorName, subtaskIndex, parallelism, maxParallelism, configuration, keySerializer,
                    processingTimeService, restoredState, null);
        }

        /** Parameters of a backend that starts empty. */
        public Parameters(String jobName, String operatorName, int subtaskIndex, int parallelism, int maxParallelism,
                          Configuration configuration, TypeSerializer<Row> keySerializer,
                          ProcessingTimeService processingTimeService) {
            this(jobName, operatorName, subtaskIndex, parallelism, maxParallelism, configuration, keySerializer,
                    processingTimeService, List.of(), null);
        }
    }

    /** The backend named by {@link StateOptions#STATE_BACKEND} in the parameters' configuration. */
    public static KeyedStateBackend create(Parameters parameters) {
        String type = parameters.configuration().get(StateOptions.STATE_BACKEND).trim().toLowerCase(Locale.ROOT);
        return switch (type) {
            case HASHMAP -> new HeapKeyedStateBackend(parameters);
            case ROCKSDB -> new RocksDbKeyedStateBackend(parameters);
            default -> throw ConfigException.invalidValue(StateOptions.STATE_BACKEND.key(), "Invalid value \'" + type
                    + "' for option '" + StateOptions.STATE_BACKEND.key() + "': expected 'rocksdb' or 'hashmap'", null);
        };
    }
}
