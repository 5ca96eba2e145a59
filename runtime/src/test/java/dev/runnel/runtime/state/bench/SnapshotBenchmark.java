package dev.runnel.runtime.state.bench;

import dev.runnel.runtime.checkpoint.CheckpointOptions;
import dev.runnel.runtime.checkpoint.KeyedStateHandle;
import dev.runnel.runtime.checkpoint.SnapshotTarget;
import dev.runnel.runtime.checkpoint.SnapshotTask;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.fs.FileSystem;
import dev.runnel.runtime.fs.FileSystems;
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
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * How long snapshots take: for each backend and snapshot kind, fills a value state (a row of
 * BIGINT and STRING per key), takes a snapshot, changes 1% of the keys, takes another, and
 * restores from it, printing the synchronous part (the task is blocked), the asynchronous part,
 * the bytes written and the restore time. Not a test: see {@code benchmarks/state-snapshots.sh}.
 *
 * <p>Arguments: number of keys (default 1,000,000).
 */
public final class SnapshotBenchmark {
    private static final TypeSerializer<Row> KEY = Serializers.row(List.of(DataType.of(TypeRoot.BIGINT)));
    private static final TypeSerializer<Row> VALUE = Serializers.row(List.of(DataType.of(TypeRoot.BIGINT),
            DataType.of(TypeRoot.VARCHAR)));

    private SnapshotBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        long keys = args.length > 0 ? Long.parseLong(args[0].replace("_", "")) : 1_000_000L;
        Path root = Files.createTempDirectory("runnel-snapshot-bench");
        System.out.printf(Locale.ROOT, "%-20s %9s %8s %9s %12s %10s%n", "mode", "snapshot", "sync-ms", "async-ms", "bytes",
                "restore-ms");
        try {
            run(root, keys, KeyedStateBackends.HASHMAP, false, false);
            run(root, keys, KeyedStateBackends.ROCKSDB, false, false);
            run(root, keys, KeyedStateBackends.ROCKSDB, true, false);
            run(root, keys, KeyedStateBackends.ROCKSDB, true, true);
        } finally {
            FileSystems.forUri(root.toUri()).delete(root.toUri());
        }
    }

    /** @param logged whether RocksDB writes its log, as in a job that takes checkpoints (otherwise snapshots flush) */
    private static void run(Path root, long keys, String type, boolean incremental, boolean logged) throws Exception {
        String mode = type + (type.equals(KeyedStateBackends.ROCKSDB)
                ? incremental ? logged ? "-incr-logged" : "-incr-flushed" : "-full" : "");
        Configuration config = new Configuration();
        if (logged) {
            config.set(CheckpointOptions.INTERVAL, Duration.ofSeconds(1));
        }
        config.set(StateOptions.STATE_BACKEND, type);
        config.set(StateOptions.ROCKSDB_LOCAL_DIR, root.resolve("local").toString());
        URI job = URI.create(root.toUri() + mode + "/");
        KeyedStateHandle last;
        try (KeyedStateBackend backend = create(config, List.of())) {
            ValueState<VoidNamespace, Row> state = state(backend);
            for (long k = 0; k < keys; k++) {
                backend.setCurrentKey(Row.of(k));
                state.update(Row.of(k, "value of key " + k));
            }
            measure(mode, "first", backend, target(job, 1, incremental));
            backend.notifyCheckpointComplete(1);
            for (long k = 0; k < keys; k += 100) {
                backend.setCurrentKey(Row.of(k));
                state.update(Row.of(-k, "changed"));
            }
            last = measure(mode, "second", backend, target(job, 2, incremental));
        }
        long start = System.nanoTime();
        try (KeyedStateBackend restored = create(config, List.of(last))) {
            ValueState<VoidNamespace, Row> state = state(restored);
            restored.setCurrentKey(Row.of(100L));
            if (!Row.of(-100L, "changed").equals(state.value())) {
                throw new AssertionError("restored " + state.value());
            }
            System.out.printf(Locale.ROOT, "%-20s %9s %8s %9s %12s %10d%n", mode, "restore", "", "", "",
                    (System.nanoTime() - start) / 1_000_000);
        }
    }

    private static KeyedStateHandle measure(String mode, String which, KeyedStateBackend backend, SnapshotTarget target)
            throws Exception {
        long start = System.nanoTime();
        SnapshotTask task = backend.snapshot(target);
        long sync = System.nanoTime();
        KeyedStateHandle handle = task.write();
        long async = System.nanoTime();
        System.out.printf(Locale.ROOT, "%-20s %9s %8d %9d %12d%n", mode, which, (sync - start) / 1_000_000,
                (async - sync) / 1_000_000, handle.checkpointedSize());
        return handle;
    }

    private static SnapshotTarget target(URI job, long id, boolean incremental) {
        return new SnapshotTarget(id, FileSystems.forUri(job), job.resolve("chk-" + id + "/"), job.resolve("shared/"),
                incremental);
    }

    private static ValueState<VoidNamespace, Row> state(KeyedStateBackend backend) {
        return backend.valueState(StateDescriptor.of("value", VALUE, Duration.ZERO));
    }

    private static KeyedStateBackend create(Configuration config, List<KeyedStateHandle> restored) {
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
        return KeyedStateBackends.create(new KeyedStateBackends.Parameters("bench", "snapshots", 0, 1, 128, config, KEY,
                clock, restored));
    }
}
