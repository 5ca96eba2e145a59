package dev.runnel.runtime.state;

import dev.runnel.runtime.checkpoint.CheckpointOptions;
import dev.runnel.runtime.checkpoint.KeyedStateHandle;
import dev.runnel.runtime.checkpoint.SnapshotTarget;
import dev.runnel.runtime.fs.CopyingFileSystem;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.fs.FileSystem;
import dev.runnel.runtime.fs.FileSystems;
import dev.runnel.runtime.network.KeyGroups;
import dev.runnel.runtime.testing.ManualProcessingTimeService;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Takes snapshots of backends into a checkpoint directory laid out as the coordinator lays it
 * out ({@code <root>/job/chk-<n>/}, {@code <root>/job/shared/}, savepoints beside), and opens
 * backends, restored or not, that the test closes at the end.
 */
final class SnapshotTestSupport implements AutoCloseable {
    final ManualProcessingTimeService clock = new ManualProcessingTimeService(1_000);
    final Path root;
    final Configuration config = new Configuration();
    private final List<KeyedStateBackend> opened = new ArrayList<>();
    private boolean copies;

    SnapshotTestSupport(Path root, Path rocksDbLocalDir) {
        this.root = root;
        config.set(StateOptions.ROCKSDB_LOCAL_DIR, rocksDbLocalDir.toString());
    }

    /**
     * How a backend snapshots: its type, whether RocksDB checkpoints are incremental and, if so,
     * whether RocksDB writes a log (as it does when the job takes checkpoints) or flushes instead.
     */
    record Mode(String backend, boolean incremental, boolean logged) {
        @Override
        public String toString() {
            return backend + (backend.equals(KeyedStateBackends.ROCKSDB)
                    ? incremental ? logged ? "-incremental-logged" : "-incremental-flushed" : "-full" : "");
        }
    }

    static List<Mode> modes() {
        return List.of(new Mode(KeyedStateBackends.HASHMAP, false, false),
                new Mode(KeyedStateBackends.ROCKSDB, false, false), new Mode(KeyedStateBackends.ROCKSDB, true, false),
                new Mode(KeyedStateBackends.ROCKSDB, true, true));
    }

    /** Backends opened from now on are configured for {@code mode}. */
    void configure(Mode mode) {
        logWrites(mode.logged());
    }

    /** Whether RocksDB backends opened from now on write a log: they do in a job that takes checkpoints. */
    void logWrites(boolean logged) {
        config.set(CheckpointOptions.INTERVAL, logged ? Duration.ofSeconds(1) : Duration.ZERO);
    }

    /**
     * Whether checkpoints from now on go to storage without local paths (local files behind
     * {@link CopyingFileSystem}, as an object store), which RocksDB copies into instead of linking.
     */
    void storeWithoutLocalPaths(boolean copies) {
        this.copies = copies;
    }

    /** The URI of a local file or directory in the scheme checkpoints are stored in. */
    URI uriOf(Path file) {
        return copies ? CopyingFileSystem.uriOf(file) : file.toUri();
    }

    URI jobDirectory() {
        return uriOf(root).resolve("job/");
    }

    SnapshotTarget checkpoint(long id, boolean incremental) {
        return checkpoint(id, incremental, jobDirectory());
    }

    SnapshotTarget checkpoint(long id, boolean incremental, URI jobDirectory) {
        return new SnapshotTarget(id, FileSystems.forUri(jobDirectory), jobDirectory.resolve("chk-" + id + "/"),
                jobDirectory.resolve("shared/"), incremental);
    }

    SnapshotTarget savepoint(String name) {
        URI dir = URI.create(root.toUri() + name + "/");
        return new SnapshotTarget(1, FileSystems.forUri(dir), dir, null, false);
    }

    /** Both parts of a snapshot, one after the other. */
    static KeyedStateHandle snapshot(KeyedStateBackend backend, SnapshotTarget target) throws Exception {
        return backend.snapshot(target).write();
    }

    KeyedStateBackend open(String type, int subtask, int parallelism, List<KeyedStateHandle> restored) {
        KeyedStateBackend backend = StateBackendTestSupport.create(type, clock, StateBackendTestSupport.LONG_KEY, subtask,
                parallelism, config, restored);
        opened.add(backend);
        return backend;
    }

    /** The subtask of {@code parallelism} that owns key {@code k}. */
    static int subtaskOf(long k, int parallelism) {
        return KeyGroups.subtaskForKeyGroup(KeyGroups.keyGroupFor(StateBackendTestSupport.key(k), new int[] {0}, 128), 128,
                parallelism);
    }

    @Override
    public void close() {
        opened.forEach(KeyedStateBackend::close);
    }
}
