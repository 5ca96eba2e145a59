package dev.runnel.runtime.state;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import java.io.File;
import java.time.Duration;
import java.util.List;

/** The job options of keyed state and event time; keys as in Flink. */
public final class StateOptions {
    private StateOptions() {
    }

    public static final ConfigOption<String> STATE_BACKEND = ConfigOption.of("state.backend.type", String.class,
            "rocksdb", "Where operators keep keyed state: 'rocksdb' (local disk, the default) or 'hashmap' (the heap).");

    public static final ConfigOption<String> ROCKSDB_LOCAL_DIR = ConfigOption.of("state.backend.rocksdb.localdir",
            String.class, System.getProperty("java.io.tmpdir") + File.separator + "runnel-rocksdb",
            "The directory under which each stateful operator subtask on RocksDB gets a fresh directory, deleted when the task ends.");

    public static final ConfigOption<Duration> STATE_TTL = ConfigOption.of("table.exec.state.ttl", Duration.class,
            Duration.ZERO, "How long state of a key that is not updated is kept; 0 keeps it forever.");

    public static final ConfigOption<Duration> SOURCE_IDLE_TIMEOUT = ConfigOption.of(
            "table.exec.source.idle-timeout", Duration.class, Duration.ZERO,
            "After how long without rows a source split is marked idle, so it no longer holds back the watermark; 0 never.");

    /** Flink's key: how many keys and windows a window aggregate accumulates in memory before it writes state. */
    public static final ConfigOption<Integer> WINDOW_AGG_BUFFER_SIZE_LIMIT = ConfigOption.of(
            "table.exec.window-agg.buffer-size-limit", Integer.class, 100_000,
            "The number of keys and windows an event-time window aggregate accumulates in memory before it folds "
                    + "them into state (it also does before each watermark and checkpoint).");

    /**
     * {@code table.exec.window-agg.buffer-size-limit}, checked.
     *
     * @throws ConfigException naming the key when it is below 1
     */
    public static int windowAggBufferSizeLimit(Configuration configuration) {
        int limit = configuration.get(WINDOW_AGG_BUFFER_SIZE_LIMIT);
        if (limit < 1) {
            throw ConfigException.invalidValue(WINDOW_AGG_BUFFER_SIZE_LIMIT.key(), "Option '"
                    + WINDOW_AGG_BUFFER_SIZE_LIMIT.key() + "' must be at least 1, was " + limit);
        }
        return limit;
    }

    public static List<ConfigOption<?>> all() {
        return List.of(STATE_BACKEND, ROCKSDB_LOCAL_DIR, STATE_TTL, SOURCE_IDLE_TIMEOUT, WINDOW_AGG_BUFFER_SIZE_LIMIT);
    }
}
