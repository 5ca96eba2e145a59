package dev.runnel.runtime.bench;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.state.KeyedStateBackend;
import dev.runnel.runtime.state.KeyedStateBackends;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.StateOptions;
import dev.runnel.runtime.state.ValueState;
import dev.runnel.runtime.state.VoidNamespace;
import dev.runnel.runtime.testing.ManualProcessingTimeService;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Keyed {@link ValueState} (BIGINT key, BIGINT value) on both backends: {@code get} sets a
 * random key of {@code keys} existing ones and reads its value, {@code put} sets a random key
 * and writes a new value, as an aggregation does per input row. The state is filled with every
 * key before measuring, so gets always hit. Operations are state accesses.
 */
@State(Scope.Thread)
public class KeyedStateBenchmark extends ShortRuns {
    /** Random key indexes are drawn in advance; a power of two so that the next one is a mask away. */
    private static final int PICKS = 1 << 16;

    @Param({KeyedStateBackends.HASHMAP, KeyedStateBackends.ROCKSDB})
    public String backend;

    @Param({"100000", "1000000"})
    public int keys;

    private Path localDir;
    private KeyedStateBackend stateBackend;
    private ValueState<VoidNamespace, Long> state;
    private Row[] keyRows;
    private int[] picks;
    private int next;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        localDir = Files.createTempDirectory("runnel-jmh-state");
        Configuration config = new Configuration();
        config.set(StateOptions.STATE_BACKEND, backend);
        config.set(StateOptions.ROCKSDB_LOCAL_DIR, localDir.toString());
        stateBackend = KeyedStateBackends.create(new KeyedStateBackends.Parameters("jmh", "keyed-state", 0, 1, 128,
                config, Serializers.row(List.of(DataType.of(TypeRoot.BIGINT))), new ManualProcessingTimeService(0)));
        state = stateBackend.valueState(StateDescriptor.of("value", Serializers.LONG, Duration.ZERO));
        // One key row per key: the backend may keep the row it was given as the current key.
        keyRows = new Row[keys];
        for (int k = 0; k < keys; k++) {
            keyRows[k] = Row.of((long) k);
            stateBackend.setCurrentKey(keyRows[k]);
            state.update((long) k);
        }
        SplittableRandom random = new SplittableRandom(42);
        picks = new int[PICKS];
        for (int i = 0; i < PICKS; i++) {
            picks[i] = random.nextInt(keys);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        stateBackend.close();
        try (var files = Files.walk(localDir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private Row nextKey() {
        next = (next + 1) & (PICKS - 1);
        return keyRows[picks[next]];
    }

    @Benchmark
    public Long get() {
        stateBackend.setCurrentKey(nextKey());
        return state.value();
    }

    @Benchmark
    public void put() {
        stateBackend.setCurrentKey(nextKey());
        state.update((long) next);
    }
}
