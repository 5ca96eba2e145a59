package dev.runnel.runtime.state.rocksdb;

import dev.runnel.runtime.checkpoint.DefaultSharedStateRegistry;
import dev.runnel.runtime.checkpoint.IncrementalKeyedStateHandle;
import dev.runnel.runtime.checkpoint.KeyedStateHandle;
import dev.runnel.runtime.checkpoint.SnapshotTarget;
import dev.runnel.runtime.checkpoint.SnapshotTask;
import dev.runnel.runtime.checkpoint.StreamStateHandle;
import dev.runnel.runtime.fs.FileSystem;
import dev.runnel.runtime.state.backend.KeyGroupsSnapshotFormat;
import dev.runnel.runtime.state.backend.KeyGroupsSnapshotFormat.Column;
import dev.runnel.runtime.state.backend.KeyGroupsSnapshotFormat.KeyGroupWriter;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.rocksdb.Checkpoint;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Snapshot;

/**
 * Snapshots of the RocksDB backend, in two forms.
 *
 * <p><b>Incremental</b> (a checkpoint with {@link SnapshotTarget#incremental()}): the synchronous
 * part takes a RocksDB native checkpoint (memtables flushed, SST files hard-linked) into a local
 * directory; the asynchronous part uploads the SST files that the base (the files of this
 * backend's last <em>completed</em> checkpoint, or of the checkpoint it was restored from) does
 * not have into the shared directory, named {@code <backendId>-<checkpointId>-<file>}, refers to the base's
 * handles for the others, copies the small private files (MANIFEST, CURRENT, OPTIONS) into the
 * exclusive directory and writes the metadata ({@link RocksDbSnapshotMetadata}). A checkpoint's
 * files become the base only when {@link #notifyCheckpointComplete} says it completed.
 *
 * <p><b>Full</b> (savepoints, and checkpoints when incremental snapshots are off): the synchronous
 * part takes a RocksDB snapshot (a consistent read view, no copy); the asynchronous part iterates
 * it key group by key group into the backend-independent {@link KeyGroupsSnapshotFormat}.
 *
 * <p>Threads: {@link #snapshot} and the notifications run on the task's thread, the returned
 * tasks on a snapshot thread; they hold a lease on the backend, so closing it waits for them.
 */
final class RocksDbSnapshotStrategy {
    private final RocksDbKeyedStateBackend backend;
    /** SST file name → uploaded file of the base. */
    private volatile Map<String, StreamStateHandle> base;
    /** Uploads of checkpoints that have not completed (or been aborted) yet. */
    private final Map<Long, Map<String, StreamStateHandle>> uploaded = new ConcurrentHashMap<>();
    /** RocksDB snapshots of full snapshot tasks that have not started: {@link #releaseUnclaimed} frees them on close. */
    private final Set<Snapshot> unclaimed = ConcurrentHashMap.newKeySet();
    /** Local native checkpoints of incremental tasks that have not started, by checkpoint id. */
    private final Map<Long, Path> unclaimedLocal = new ConcurrentHashMap<>();

    RocksDbSnapshotStrategy(RocksDbKeyedStateBackend backend, Map<String, StreamStateHandle> restoredBase) {
        this.backend = backend;
        this.base = Map.copyOf(restoredBase);
    }

    SnapshotTask snapshot(SnapshotTarget target) throws RocksDBException, IOException {
        if (target.incremental() && !target.isSavepoint()) {
            return incremental(target);
        }
        return full(target);
    }

    void notifyCheckpointComplete(long checkpointId) throws IOException {
        Map<String, StreamStateHandle> files = uploaded.remove(checkpointId);
        if (files != null) {
            base = files;
        }
        uploaded.keySet().removeIf(id -> id < checkpointId);
        for (Long id : List.copyOf(unclaimedLocal.keySet())) {
            if (id < checkpointId) {
                dropLocal(id);
            }
        }
    }

    void notifyCheckpointAborted(long checkpointId) throws IOException {
        uploaded.remove(checkpointId);
        dropLocal(checkpointId);
    }

    /** Deletes the local checkpoint of a task that never started (and never will, being subsumed or aborted). */
    private void dropLocal(long checkpointId) throws IOException {
        Path local = unclaimedLocal.remove(checkpointId);
        if (local != null) {
            RocksDbKeyedStateBackend.deleteRecursively(local);
        }
    }

    /** Releases the RocksDB snapshots of tasks that never ran; called on close, when no task can start any more. */
    void releaseUnclaimed() {
        for (Snapshot snapshot : unclaimed) {
            backend.db.releaseSnapshot(snapshot);
        }
        unclaimed.clear();
    }

    // ---- incremental ------------------------------------------------------------------------

    private SnapshotTask incremental(SnapshotTarget target) throws RocksDBException, IOException {
        Path local = backend.directory().resolve("snapshots").resolve("chk-" + target.checkpointId());
        Files.createDirectories(local.getParent());
        RocksDbKeyedStateBackend.deleteRecursively(local);
        try (Checkpoint checkpoint = Checkpoint.create(backend.db)) {
            checkpoint.createCheckpoint(local.toString());
        }
        RocksDbSnapshotMetadata metadata = new RocksDbSnapshotMetadata(backend.keyGroupStart(), backend.keyGroupEnd(),
                backend.backendId(), backend.columns());
        // Only files in this job's shared directory can be referred to: a base restored from
        // another job's checkpoint or a savepoint may be deleted by its owner.
        Map<String, StreamStateHandle> reusable = new HashMap<>();
        base.forEach((name, handle) -> {
            if (DefaultSharedStateRegistry.isUnder(handle.uri(), target.sharedDirectory())) {
                reusable.put(name, handle);
            }
        });
        unclaimedLocal.put(target.checkpointId(), local);
        return () -> {
            if (!backend.acquireLease()) {
                throw closed();
            }
            try {
                if (unclaimedLocal.remove(target.checkpointId()) == null) {
                    throw new IOException("Checkpoint " + target.checkpointId() + " of operator '" + backend.operatorName()
                            + "' was aborted or subsumed before its snapshot was written");
                }
                return upload(target, local, metadata, reusable);
            } finally {
                RocksDbKeyedStateBackend.deleteRecursively(local);
                backend.releaseLease();
            }
        };
    }

    private KeyedStateHandle upload(SnapshotTarget target, Path local, RocksDbSnapshotMetadata metadata,
                                    Map<String, StreamStateHandle> reusable) throws IOException {
        FileSystem storage = target.storage();
        String prefix = backend.backendId() + "-";
        Map<String, StreamStateHandle> shared = new HashMap<>();
        Map<String, StreamStateHandle> privateFiles = new HashMap<>();
        long newBytes = 0;
        List<Path> files;
        try (Stream<Path> list = Files.list(local)) {
            files = list.sorted().toList();
        }
        for (Path file : files) {
            checkNotClosing();
            String name = file.getFileName().toString();
            long size = Files.size(file);
            if (name.endsWith(".sst")) {
                StreamStateHandle before = reusable.get(name);
                if (before != null && before.size() == size) {
                    shared.put(name, before);
                } else {
                    // Named per checkpoint: an aborted checkpoint's upload of the same file may be deleted meanwhile.
                    URI to = target.sharedDirectory().resolve(prefix + target.checkpointId() + "-" + name);
                    shared.put(name, copy(storage, file, to));
                    newBytes += size;
                }
            } else {
                privateFiles.put(name, copy(storage, file, target.exclusiveFile(prefix + name)));
                newBytes += size;
            }
        }
        URI metaFile = target.exclusiveFile(prefix + "metadata.json");
        byte[] meta = metadata.toJson();
        try (OutputStream out = storage.create(metaFile)) {
            out.write(meta);
        }
        newBytes += meta.length;
        uploaded.put(target.checkpointId(), Map.copyOf(shared));
        return new IncrementalKeyedStateHandle(metadata.keyGroupStart(), metadata.keyGroupEnd(), target.checkpointId(),
                backend.backendId(), shared, privateFiles, new StreamStateHandle(metaFile, meta.length), newBytes);
    }

    private static StreamStateHandle copy(FileSystem storage, Path file, URI to) throws IOException {
        try (OutputStream out = storage.create(to)) {
            Files.copy(file, out);
        }
        return new StreamStateHandle(to, Files.size(file));
    }


    // ---- full -------------------------------------------------------------------------------

    private SnapshotTask full(SnapshotTarget target) {
        List<Column> columns = List.copyOf(backend.columns());
        List<ColumnFamilyHandle> handles = new ArrayList<>();
        for (Column column : columns) {
            handles.add(backend.columnHandle(column.name()));
        }
        Snapshot snapshot = backend.db.getSnapshot();
        unclaimed.add(snapshot);
        URI file = target.exclusiveFile("keyed-" + backend.backendId() + "-" + target.checkpointId());
        return () -> {
            if (!backend.acquireLease()) {
                throw closed();
            }
            if (!unclaimed.remove(snapshot)) {
                backend.releaseLease();
                throw new IllegalStateException("A snapshot task runs once");
            }
            try (ReadOptions read = new ReadOptions().setSnapshot(snapshot)) {
                return writeFull(target.storage(), file, columns, handles, read);
            } finally {
                backend.db.releaseSnapshot(snapshot);
                backend.releaseLease();
            }
        };
    }

    private KeyedStateHandle writeFull(FileSystem storage, URI file, List<Column> columns,
                                       List<ColumnFamilyHandle> handles, ReadOptions read) throws IOException {
        int start = backend.keyGroupStart();
        int end = backend.keyGroupEnd();
        // Timers are ordered by time, not key group: bucket them first (there are few per key).
        Map<Integer, List<TimerRow>> timersByGroup = new TreeMap<>();
        List<RocksIterator> iterators = new ArrayList<>();
        boolean[] list = new boolean[columns.size()];
        for (int c = 0; c < columns.size(); c++) {
            list[c] = columns.get(c).kind() == KeyGroupsSnapshotFormat.ColumnKind.LIST;
        }
        try {
            for (int c = 0; c < columns.size(); c++) {
                RocksIterator it = backend.db.newIterator(handles.get(c), read);
                iterators.add(it);
                if (columns.get(c).isTimer()) {
                    for (it.seekToFirst(); it.isValid(); it.next()) {
                        byte[] raw = it.key();
                        int group = ((raw[8] & 0xFF) << 8) | (raw[9] & 0xFF);
                        byte[] key = new byte[raw.length - 2];
                        System.arraycopy(raw, 0, key, 0, 8);
                        System.arraycopy(raw, 10, key, 8, raw.length - 10);
                        timersByGroup.computeIfAbsent(group, g -> new ArrayList<>()).add(new TimerRow(c, key, it.value()));
                    }
                }
            }
            return KeyGroupsSnapshotFormat.write(storage, file, columns, start, end, (group, out) -> {
                checkNotClosing();
                KeyGroupWriter writer = new KeyGroupWriter(out);
                byte[] prefix = {(byte) (group >>> 8), (byte) group};
                for (int c = 0; c < columns.size(); c++) {
                    if (columns.get(c).isTimer()) {
                        continue;
                    }
                    RocksIterator it = iterators.get(c);
                    for (it.seek(prefix); it.isValid(); it.next()) {
                        byte[] raw = it.key();
                        if (raw[0] != prefix[0] || raw[1] != prefix[1]) {
                            break;
                        }
                        byte[] value = list[c] ? RocksDbLayout.toSnapshotList(it.value()) : it.value();
                        writer.entry(c, raw, 2, raw.length - 2, value, 0, value.length);
                    }
                }
                for (TimerRow timer : timersByGroup.getOrDefault(group, List.of())) {
                    writer.entry(timer.column(), timer.key(), 0, timer.key().length, timer.value(), 0, timer.value().length);
                }
                boolean any = writer.wroteEntries();
                writer.finish();
                return any;
            });
        } finally {
            iterators.forEach(RocksIterator::close);
        }
    }

    /** A timer in snapshot layout (no key group), of column {@code column}. */
    private record TimerRow(int column, byte[] key, byte[] value) {
    }

    private void checkNotClosing() throws IOException {
        if (backend.isClosing()) {
            throw closed();
        }
    }

    private IOException closed() {
        return new InterruptedIOException("The state backend of operator '" + backend.operatorName()
                + "' closed while a snapshot was being written");
    }
}
