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
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Snapshot;

/**
 * Snapshots of the RocksDB backend, in two forms.
 *
 * <p><b>Incremental</b> (a checkpoint with {@link SnapshotTarget#incremental()}): the synchronous
 * part notes which files make up the instance; the asynchronous part uploads the SST files that
 * the base (the files of this backend's last <em>completed</em> checkpoint, or of the checkpoint it
 * was restored from) does not have into the shared directory, named
 * {@code <backendId>-<checkpointId>-<file>}, refers to the base's handles for the others, copies
 * the small private files (MANIFEST, CURRENT, OPTIONS) into the exclusive directory and writes the
 * metadata ({@link RocksDbSnapshotMetadata}). When the backend logs its writes
 * ({@link RocksDbKeyedStateBackend#writesLog()}) the files are the live ones, read up to their
 * lengths at the barrier, and the log's new bytes are shared files too ({@link #liveFiles});
 * otherwise a RocksDB native checkpoint flushes the memtables and hard-links the files into a
 * local directory ({@link #nativeCheckpoint}). A checkpoint's files become the base only when
 * {@link #notifyCheckpointComplete} says it completed.
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
    /** Live-file snapshots that have not started, by checkpoint id: each holds off RocksDB's file deletions. */
    private final Set<Long> pinned = ConcurrentHashMap.newKeySet();
    /** False once the checkpoint storage could not hard-link a file (another device, not local files): copy from then on. */
    private volatile boolean linksWork = true;

    RocksDbSnapshotStrategy(RocksDbKeyedStateBackend backend, Map<String, StreamStateHandle> restoredBase) {
        this.backend = backend;
        this.base = Map.copyOf(restoredBase);
    }

    /** Whether a snapshot for {@code target} is incremental: the instance's files, not its entries. */
    boolean takesFiles(SnapshotTarget target) {
        return target.incremental() && !target.isSavepoint();
    }

    /**
     * @param pendingTimers for an incremental snapshot, the timers waiting in memory
     *                      ({@link PendingTimers#serialize}); {@code null} for a full one
     */
    SnapshotTask snapshot(SnapshotTarget target, byte[] pendingTimers) throws RocksDBException, IOException {
        if (takesFiles(target)) {
            return incremental(target, pendingTimers);
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
        for (Long id : List.copyOf(pinned)) {
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
        if (pinned.remove(checkpointId)) {
            backend.logging().snapshotDone(checkpointId);
            enableFileDeletions();
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

    /**
     * Bytes {@code [from, to)} of {@code source}, stored as {@code name}: shared (with the base,
     * by name and size) or private to the checkpoint; the first {@code inBase} of them are in the
     * base already (a log linked again at a greater length).
     */
    private record SnapshotFile(String name, Path source, long from, long to, boolean shared, long inBase) {
        SnapshotFile(String name, Path source, long from, long to, boolean shared) {
            this(name, source, from, to, shared, 0);
        }

        static SnapshotFile whole(Path source, boolean shared) throws IOException {
            return new SnapshotFile(source.getFileName().toString(), source, 0, Files.size(source), shared);
        }

        long length() {
            return to - from;
        }

        /**
         * Whether a hard link to the source holds these bytes for as long as the checkpoint needs
         * them: all of an SST file, which RocksDB never changes once written, or a log file or the
         * MANIFEST from its start, which RocksDB only appends to (log files are never recycled
         * here) and which a restore reads only up to the noted length.
         */
        boolean linkable() {
            return from == 0 && (name.endsWith(".sst") || LogChunks.isChunk(name) || name.startsWith("MANIFEST-"));
        }
    }

    private SnapshotTask incremental(SnapshotTarget target, byte[] pendingTimers) throws RocksDBException, IOException {
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
        Map<String, byte[]> contents = new HashMap<>();
        if (pendingTimers != null) {
            contents.put(PendingTimers.FILE, pendingTimers);
        }
        return backend.writesLog() ? liveFiles(target, metadata, reusable, contents)
                : nativeCheckpoint(target, metadata, reusable, contents);
    }

    /**
     * Without a write-ahead log: RocksDB's native checkpoint, which flushes every memtable (on the
     * task's thread) and hard-links the files into a local directory that the upload reads.
     */
    private SnapshotTask nativeCheckpoint(SnapshotTarget target, RocksDbSnapshotMetadata metadata,
                                          Map<String, StreamStateHandle> reusable, Map<String, byte[]> contents)
            throws RocksDBException, IOException {
        Path local = backend.directory().resolve("snapshots").resolve("chk-" + target.checkpointId());
        Files.createDirectories(local.getParent());
        RocksDbKeyedStateBackend.deleteRecursively(local);
        try (Checkpoint checkpoint = Checkpoint.create(backend.db)) {
            checkpoint.createCheckpoint(local.toString());
        }
        unclaimedLocal.put(target.checkpointId(), local);
        return () -> {
            if (!backend.acquireLease()) {
                throw closed();
            }
            try {
                claim(target, unclaimedLocal.remove(target.checkpointId()) != null);
                List<SnapshotFile> files = new ArrayList<>();
                try (Stream<Path> list = Files.list(local)) {
                    for (Path file : list.sorted().toList()) {
                        files.add(SnapshotFile.whole(file, file.getFileName().toString().endsWith(".sst")));
                    }
                }
                return upload(target, files, contents, metadata, reusable);
            } finally {
                RocksDbKeyedStateBackend.deleteRecursively(local);
                backend.releaseLease();
            }
        };
    }

    /**
     * With the backend's log ({@link RocksDbLogging}): no flush. The synchronous part writes the
     * log out, stops RocksDB from deleting files and notes the live files with the lengths they
     * have now (the SST files, the MANIFEST's length) and the log's segments that the SST files may
     * lack; CURRENT is read at once, as a new MANIFEST would replace it. The upload reads those
     * files, only up to the noted lengths, so the writes after the barrier stay out. The log's
     * segments are append-only: what the base uploaded of one ({@link LogChunks}) is shared, and
     * only the rest is uploaded.
     */
    private SnapshotTask liveFiles(SnapshotTarget target, RocksDbSnapshotMetadata metadata,
                                   Map<String, StreamStateHandle> reusable, Map<String, byte[]> contents)
            throws RocksDBException, IOException {
        RocksDB db = backend.db;
        Path dir = backend.dbDirectory();
        RocksDbLogging logging = backend.logging();
        List<RocksDbChangelog.Segment> segments = logging.snapshot(target.checkpointId(), backend.columnHandles());
        try {
            db.disableFileDeletions();
        } catch (RocksDBException | RuntimeException e) {
            logging.snapshotDone(target.checkpointId());
            throw e;
        }
        List<SnapshotFile> files = new ArrayList<>();
        try {
            RocksDB.LiveFiles live = db.getLiveFiles(false);
            for (String path : live.files) {
                Path file = dir.resolve(relative(path));
                String name = file.getFileName().toString();
                if (name.equals("CURRENT")) {
                    contents.put(name, Files.readAllBytes(file));
                } else if (name.startsWith("MANIFEST-")) {
                    files.add(new SnapshotFile(name, file, 0, live.manifestFileSize, false));
                } else {
                    files.add(SnapshotFile.whole(file, name.endsWith(".sst")));
                }
            }
            // With hard links a log is one link noted at its current length, so nothing is copied;
            // otherwise only what the base did not upload of it.
            boolean linkLogs = linksWork;
            for (RocksDbChangelog.Segment segment : segments) {
                Path file = segment.file();
                String name = file.getFileName().toString();
                long length = segment.length();
                long covered = 0;
                List<Map.Entry<Long, StreamStateHandle>> inBase = LogChunks.reusable(reusable, name, length);
                for (Map.Entry<Long, StreamStateHandle> chunk : inBase) {
                    long end = covered + chunk.getValue().size();
                    if (!linkLogs) {
                        files.add(new SnapshotFile(LogChunks.name(name, covered), file, covered, end, true));
                    }
                    covered = end;
                }
                if (linkLogs) {
                    files.add(new SnapshotFile(LogChunks.name(name, 0), file, 0, length, true, covered));
                    continue;
                }
                if (length > covered) {
                    files.add(new SnapshotFile(LogChunks.name(name, covered), file, covered, length, true));
                }
            }
        } catch (RocksDBException | IOException | RuntimeException e) {
            logging.snapshotDone(target.checkpointId());
            db.enableFileDeletions();
            throw e;
        }
        pinned.add(target.checkpointId());
        return () -> {
            if (!backend.acquireLease()) {
                throw closed();
            }
            try {
                claim(target, pinned.remove(target.checkpointId()));
                try {
                    return upload(target, files, contents, metadata, reusable);
                } finally {
                    logging.snapshotDone(target.checkpointId());
                    enableFileDeletions();
                }
            } finally {
                backend.releaseLease();
            }
        };
    }

    private static String relative(String rocksDbPath) {
        return rocksDbPath.startsWith("/") ? rocksDbPath.substring(1) : rocksDbPath;
    }

    private void enableFileDeletions() throws IOException {
        try {
            backend.db.enableFileDeletions();
        } catch (RocksDBException e) {
            throw new IOException("Could not let RocksDB of operator '" + backend.operatorName()
                    + "' delete files again after a snapshot: " + e.getMessage(), e);
        }
    }

    private void claim(SnapshotTarget target, boolean claimed) throws IOException {
        if (!claimed) {
            throw new IOException("Checkpoint " + target.checkpointId() + " of operator '" + backend.operatorName()
                    + "' was aborted or subsumed before its snapshot was written");
        }
    }

    private KeyedStateHandle upload(SnapshotTarget target, List<SnapshotFile> files, Map<String, byte[]> contents,
                                    RocksDbSnapshotMetadata metadata, Map<String, StreamStateHandle> reusable)
            throws IOException {
        FileSystem storage = target.storage();
        String prefix = backend.backendId() + "-";
        Map<String, StreamStateHandle> shared = new HashMap<>();
        Map<String, StreamStateHandle> privateFiles = new HashMap<>();
        long newBytes = 0;
        for (SnapshotFile file : files) {
            checkNotClosing();
            if (file.shared()) {
                StreamStateHandle before = reusable.get(file.name());
                if (before != null && before.size() == file.length()) {
                    shared.put(file.name(), before);
                } else {
                    // Named per checkpoint: an aborted checkpoint's upload of the same file may be deleted meanwhile.
                    URI to = target.sharedDirectory().resolve(prefix + target.checkpointId() + "-" + file.name());
                    shared.put(file.name(), file.linkable() ? linkOrCopy(storage, file, to) : copy(storage, file, to));
                    newBytes += file.length() - file.inBase();
                }
            } else {
                URI to = target.exclusiveFile(prefix + file.name());
                privateFiles.put(file.name(), file.linkable() ? linkOrCopy(storage, file, to) : copy(storage, file, to));
                newBytes += file.length();
            }
        }
        for (Map.Entry<String, byte[]> file : contents.entrySet()) {
            privateFiles.put(file.getKey(), write(storage, target.exclusiveFile(prefix + file.getKey()), file.getValue()));
            newBytes += file.getValue().length;
        }
        byte[] meta = metadata.toJson();
        StreamStateHandle metaFile = write(storage, target.exclusiveFile(prefix + "metadata.json"), meta);
        newBytes += meta.length;
        uploaded.put(target.checkpointId(), Map.copyOf(shared));
        return new IncrementalKeyedStateHandle(metadata.keyGroupStart(), metadata.keyGroupEnd(), target.checkpointId(),
                backend.backendId(), shared, privateFiles, metaFile, newBytes);
    }

    /**
     * A hard link where the checkpoint storage is on the file system of the RocksDB directory (see
     * {@link SnapshotFile#linkable}), a copy where it is not; once a link failed, later snapshots
     * copy, and upload logs in chunks again.
     */
    private StreamStateHandle linkOrCopy(FileSystem storage, SnapshotFile file, URI to) throws IOException {
        if (linksWork) {
            if (storage.link(file.source(), to)) {
                return new StreamStateHandle(to, file.length());
            }
            linksWork = false;
        }
        return copy(storage, file, to);
    }

    private static StreamStateHandle copy(FileSystem storage, SnapshotFile file, URI to) throws IOException {
        storage.copy(file.source(), file.from(), file.to(), to);
        return new StreamStateHandle(to, file.length());
    }

    private static StreamStateHandle write(FileSystem storage, URI to, byte[] content) throws IOException {
        try (OutputStream out = storage.create(to)) {
            out.write(content);
        }
        return new StreamStateHandle(to, content.length);
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
