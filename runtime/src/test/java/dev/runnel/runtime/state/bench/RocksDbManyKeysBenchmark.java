package dev.runnel.runtime.state.bench;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.state.KeyedStateBackend;
import dev.runnel.runtime.state.KeyedStateBackends;
import dev.runnel.runtime.state.ProcessingTimeService;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.StateOptions;
import dev.runnel.runtime.state.TypeSerializer;
import dev.runnel.runtime.state.ValueState;
import dev.runnel.runtime.state.VoidNamespace;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Puts and then gets many keys in a value state (a row of BIGINT and STRING per key) on a
 * backend, printing keys/s (wall clock and per CPU-second of the task thread), peak heap and RSS, to show that state on RocksDB outgrows the heap
 * without the heap growing. Not a test (surefire does not run it): see
 * {@code benchmarks/state-rocksdb-many-keys.sh}.
 *
 * <p>Arguments: number of keys (default 10,000,000), backend type (default rocksdb).
 */
public final class RocksDbManyKeysBenchmark {
    private RocksDbManyKeysBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        long keys = args.length > 0 ? Long.parseLong(args[0].replace("_", "")) : 10_000_000L;
        String backendType = args.length > 1 ? args[1] : KeyedStateBackends.ROCKSDB;
        Configuration config = new Configuration();
        config.set(StateOptions.STATE_BACKEND, backendType);
        TypeSerializer<Row> keySerializer = Serializers.row(List.of(DataType.of(TypeRoot.BIGINT)));
        TypeSerializer<Row> valueSerializer = Serializers.row(List.of(DataType.of(TypeRoot.BIGINT),
                DataType.of(TypeRoot.VARCHAR)));
        ProcessingTimeService clock = new ProcessingTimeService() {
            @Override
            public long currentTime() {
                return System.currentTimeMillis();
            }

            @Override
            public Cancellable schedule(long time, Callback callback) {
                return () -> { };
            }
        };
        System.out.printf(Locale.ROOT, "%-6s %11s %9s %10s %10s %12s %10s %10s%n", "phase", "keys", "seconds", "keys/s",
                "cpu-s", "keys/cpu-s", "peak-heap", "peak-rss");
        try (KeyedStateBackend backend = KeyedStateBackends.create(new KeyedStateBackends.Parameters("bench", "many-keys",
                0, 1, 128, config, keySerializer, clock))) {
            ValueState<VoidNamespace, Row> state = backend.valueState(StateDescriptor.of("value", valueSerializer,
                    Duration.ZERO));
            Row key = Row.of(0L);
            Row value = Row.of(0L, "");
            long start = System.nanoTime();
            startCpu = cpuNanos();
            for (long k = 0; k < keys; k++) {
                key.setField(0, k);
                backend.setCurrentKey(key);
                value.setField(0, k * 3);
                value.setField(1, "value-" + k);
                state.update(value);
                if ((k + 1) % (keys / 10 == 0 ? 1 : keys / 10) == 0) {
                    report("put", k + 1, start);
                }
            }
            report("put", keys, start);

            // Reads in a scattered order (a multiplicative permutation) so the block cache cannot help.
            long step = 2_654_435_761L % keys == 0 ? 1 : 2_654_435_761L % keys;
            while (gcd(step, keys) != 1) {
                step++;
            }
            start = System.nanoTime();
            startCpu = cpuNanos();
            long found = 0;
            long k = 0;
            for (long i = 0; i < keys; i++) {
                k = (k + step) % keys;
                key.setField(0, k);
                backend.setCurrentKey(key);
                Row read = state.value();
                if (read != null && (Long) read.getField(0) == k * 3) {
                    found++;
                }
            }
            report("get", keys, start);
            if (found != keys) {
                throw new IllegalStateException("Read back " + found + " of " + keys + " keys");
            }
        }
    }

    private static long startCpu;

    /** CPU time of this thread: on a shared machine, keys per CPU-second is the comparable figure. */
    private static long cpuNanos() {
        return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }

    private static long gcd(long a, long b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    private static void report(String phase, long keys, long startNanos) throws IOException {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        double cpu = (cpuNanos() - startCpu) / 1e9;
        long peakHeap = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peakHeap += pool.getPeakUsage().getUsed();
            }
        }
        System.out.printf(Locale.ROOT, "%-6s %11d %9.1f %10.0f %10.1f %12.0f %7.0f MiB %6.0f MiB%n", phase, keys, seconds,
                keys / seconds, cpu, keys / cpu, peakHeap / 1048576.0, peakRssKb() / 1024.0);
    }

    /** VmHWM of /proc/self/status: the peak resident set, in KiB (0 where there is no /proc). */
    private static long peakRssKb() throws IOException {
        Path status = Path.of("/proc/self/status");
        if (!Files.exists(status)) {
            return 0;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("VmHWM:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return 0;
    }
}
