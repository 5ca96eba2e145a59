package dev.runnel.runtime.state.rocksdb;

import dev.runnel.runtime.checkpoint.IncrementalKeyedStateHandle;
import dev.runnel.runtime.checkpoint.KeyGroupsStateHandle;
import dev.runnel.runtime.checkpoint.KeyedStateHandle;
import dev.runnel.runtime.checkpoint.StreamStateHandle;
import dev.runnel.runtime.fs.FileSystem;
import dev.runnel.runtime.fs.FileSystems;
import dev.runnel.runtime.state.backend.KeyGroupsSnapshotFormat;
import dev.runnel.runtime.state.backend.KeyGroupsSnapshotFormat.Column;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteBatch;

/**
 * Restores a RocksDB backend from the snapshots that intersect its key groups.
 *
 * <p>The incremental snapshot that shares the most key groups with the backend is downloaded
 * into the instance directory and opened as the instance ({@link #downloadBase}); if it holds
 * key groups the backend does not own, they are deleted with range deletions
 * ({@link #restoreRest}). Its SST files stay as they were uploaded, so they remain the base of the
 * next incremental checkpoint. The entries of the backend's key groups in every other snapshot
 * are copied in: full snapshots are read key group by key group, incremental ones are opened in
 * a temporary directory and scanned over the key-group range (keys start with the key group).
 * Timers, whose keys start with their time, are filtered by the key group that follows it.
 */
final class RocksDbRestore {
    private static final long BATCH_BYTES = 4L << 20;

    /** The snapshot opened as the instance: its handle (null for a fresh instance), columns and SST files. */
    record Base(IncrementalKeyedStateHandle handle, List<Column> columns, Map<String, StreamStateHandle> files) {
        static final Base NONE = new Base(null, List.of(), Map.of());

        /** Whether the snapshot holds RocksDB's own log (a checkpoint of an earlier version), which opening replays. */
        boolean holdsRocksDbLog() {
            return files.keySet().stream().anyMatch(name -> LogChunks.isChunk(name) && !RocksDbChangelog.isSegment(name));
        }
    }

    private RocksDbRestore() {
    }

    /** Downloads the incremental snapshot sharing the most key groups with {@code [start, end)} into {@code dbDir}. */
    static Base downloadBase(List<KeyedStateHandle> handles, Path dbDir, int start, int end) throws IOException {
        IncrementalKeyedStateHandle best = null;
        int bestOverlap = 0;
        for (KeyedStateHandle handle : handles) {
            int overlap = Math.min(end, handle.keyGroupEnd()) - Math.max(start, handle.keyGroupStart());
            if (handle instanceof IncrementalKeyedStateHandle incremental && overlap > bestOverlap) {
                best = incremental;
                bestOverlap = overlap;
            }
        }
        if (best == null) {
            return Base.NONE;
        }
        return new Base(best, download(best, dbDir, changelogDir(dbDir)).columns(), best.sharedFiles());
    }

    /** Where the changelog of the snapshot downloaded into {@code dbDir} goes (the instance's own log goes on there). */
    static Path changelogDir(Path dbDir) {
        return dbDir.resolveSibling(dbDir.getFileName() + "-changelog");
    }

    private static RocksDbSnapshotMetadata download(IncrementalKeyedStateHandle handle, Path dir, Path changelogDir)
            throws IOException {
        Files.createDirectories(dir);
        Map<String, StreamStateHandle> files = new HashMap<>(handle.sharedFiles());
        files.putAll(handle.privateFiles());
        for (Map.Entry<String, StreamStateHandle> file : files.entrySet()) {
            if (LogChunks.isChunk(file.getKey()) || file.getKey().equals(PendingTimers.FILE)) {
                continue;
            }
            try (OutputStream out = Files.newOutputStream(dir.resolve(file.getKey()), StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE)) {
                LogChunks.copy(file.getValue(), out);
            }
        }
        // RocksDB replays its write-ahead log (checkpoints of earlier versions) when it opens the directory.
        LogChunks.assemble(handle.sharedFiles(), dir, changelogDir);
        try (InputStream in = storage(handle.metaData()).open(handle.metaData().uri())) {
            return RocksDbSnapshotMetadata.fromJson(in.readAllBytes());
        }
    }

    /**
     * Replays the changelog of the base into the instance just opened from it ({@code opened}:
     * the default column family, then the base's columns), leaving its segments in
     * {@link #changelogDir} for the instance's own log to go on from; returns the position that
     * log starts at when there are none, beyond every position the base's markers name.
     */
    static long replayChangelog(RocksDbKeyedStateBackend backend, Base base, List<ColumnFamilyHandle> opened)
            throws IOException, RocksDBException {
        if (base.handle() == null) {
            return 0;
        }
        return replay(backend, backend.db, opened, changelogDir(backend.dbDirectory()));
    }

    /**
     * Replays the changelog segments in {@code dir} into {@code db}: each column family's records
     * from its marker on (see {@link RocksDbChangelog}). Returns the greater of the log's end and
     * the greatest marker.
     */
    private static long replay(RocksDbKeyedStateBackend backend, RocksDB db, List<ColumnFamilyHandle> opened, Path dir)
            throws IOException, RocksDBException {
        Map<Integer, ColumnFamilyHandle> byId = new HashMap<>();
        Map<Integer, Long> markers = new HashMap<>();
        long greatestMarker = 0;
        for (ColumnFamilyHandle handle : opened) {
            long marker = RocksDbChangelog.markerPosition(db.get(handle, RocksDbChangelog.MARKER));
            byId.put(handle.getID(), handle);
            markers.put(handle.getID(), marker);
            greatestMarker = Math.max(greatestMarker, marker);
        }
        try (WriteBatch batch = new WriteBatch()) {
            long end = RocksDbChangelog.read(dir, (kind, family, position, key, value) -> {
                ColumnFamilyHandle handle = byId.get(family);
                if (handle == null) {
                    throw new IOException("The state changelog of operator '" + backend.operatorName() + "' in " + dir
                            + " writes column family " + family + " at position " + position
                            + ", which the snapshot's files lack");
                }
                if (position < markers.get(family)) {
                    return;
                }
                try {
                    switch (kind) {
                        case RocksDbChangelog.PUT -> batch.put(handle, key, value);
                        case RocksDbChangelog.MERGE -> batch.merge(handle, key, value);
                        default -> batch.delete(handle, key);
                    }
                    if (batch.getDataSize() >= BATCH_BYTES) {
                        db.write(backend.writeOptions, batch);
                        batch.clear();
                    }
                } catch (RocksDBException e) {
                    throw new IOException("Could not replay the state changelog of operator '"
                            + backend.operatorName() + "': " + e.getMessage(), e);
                }
            });
            if (batch.count() > 0) {
                db.write(backend.writeOptions, batch);
            }
            return Math.max(end, greatestMarker);
        }
    }

    private static FileSystem storage(StreamStateHandle file) {
        return FileSystems.forUri(file.uri());
    }

    /**
     * Deletes what the base holds outside the backend's key groups and copies in the other
     * snapshots' entries (through the backend's log, when it has one); returns whether it deleted
     * anything, which the log does not hold.
     */
    static boolean restoreRest(RocksDbKeyedStateBackend backend, Base base, List<KeyedStateHandle> handles)
            throws IOException, RocksDBException {
        int start = backend.keyGroupStart();
        int end = backend.keyGroupEnd();
        // Keeps what the base owns of the backend's key groups. Also when the base owns fewer: its files
        // may hold entries of key groups its own backend was restored with and trimmed away.
        boolean trimmed = base.handle() != null
                && (base.handle().keyGroupStart() != start || base.handle().keyGroupEnd() != end);
        if (trimmed) {
            trim(backend, Math.max(start, base.handle().keyGroupStart()), Math.min(end, base.handle().keyGroupEnd()));
        }
        if (base.handle() != null) {
            try (Ingest ingest = new Ingest(backend)) {
                restorePendingTimers(backend, base.handle(), base.columns(), ingest);
            }
        }
        for (KeyedStateHandle handle : handles) {
            if (handle == base.handle() || !handle.intersects(start, end)) {
                continue;
            }
            try (Ingest ingest = new Ingest(backend)) {
                if (handle instanceof KeyGroupsStateHandle full) {
                    copyFull(backend, full, ingest);
                } else {
                    copyIncremental(backend, (IncrementalKeyedStateHandle) handle, ingest);
                }
            }
        }
        return trimmed;
    }

    private static byte[] group(int keyGroup) {
        return new byte[] {(byte) (keyGroup >>> 8), (byte) keyGroup};
    }

    private static int groupAt(byte[] raw, int offset) {
        return ((raw[offset] & 0xFF) << 8) | (raw[offset + 1] & 0xFF);
    }

    private static void trim(RocksDbKeyedStateBackend backend, int start, int end) throws RocksDBException {
        byte[] beyondAll = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF};
        for (Column column : backend.columns()) {
            ColumnFamilyHandle handle = backend.columnHandle(column.name());
            if (!column.isTimer()) {
                backend.db.deleteRange(handle, backend.writeOptions, group(0), group(start));
                backend.db.deleteRange(handle, backend.writeOptions, group(end), beyondAll);
                continue;
            }
            try (RocksIterator it = backend.db.newIterator(handle)) {
                for (it.seekToFirst(); it.isValid(); it.next()) {
                    byte[] raw = it.key();
                    int g = groupAt(raw, 8);
                    if (g < start || g >= end) {
                        backend.db.delete(handle, backend.writeOptions, raw);
                    }
                }
            }
        }
    }

    private static void copyFull(RocksDbKeyedStateBackend backend, KeyGroupsStateHandle handle, Ingest ingest)
            throws IOException {
        Map<String, ColumnFamilyHandle> targets = new HashMap<>();
        KeyGroupsSnapshotFormat.read(storage(handle.data()), handle, backend.keyGroupStart(), backend.keyGroupEnd(),
                new KeyGroupsSnapshotFormat.EntryConsumer() {
                    @Override
                    public void columns(List<Column> columns) {
                        for (Column column : columns) {
                            targets.put(column.name(), backend.column(column));
                        }
                    }

                    @Override
                    public void entry(Column column, int keyGroup, byte[] key, byte[] value) throws IOException {
                        byte[] raw = new byte[key.length + 2];
                        if (column.isTimer()) {
                            System.arraycopy(key, 0, raw, 0, 8);
                            raw[8] = (byte) (keyGroup >>> 8);
                            raw[9] = (byte) keyGroup;
                            System.arraycopy(key, 8, raw, 10, key.length - 8);
                        } else {
                            raw[0] = (byte) (keyGroup >>> 8);
                            raw[1] = (byte) keyGroup;
                            System.arraycopy(key, 0, raw, 2, key.length);
                        }
                        ingest.put(targets.get(column.name()), raw,
                                column.kind() == KeyGroupsSnapshotFormat.ColumnKind.LIST
                                        ? RocksDbLayout.fromSnapshotList(value) : value);
                    }
                });
    }

    private static void copyIncremental(RocksDbKeyedStateBackend backend, IncrementalKeyedStateHandle handle,
                                        Ingest ingest) throws IOException, RocksDBException {
        Path dir = backend.directory().resolve("restore").resolve(UUID.randomUUID().toString());
        Path changelog = changelogDir(dir);
        List<ColumnFamilyHandle> opened = new ArrayList<>();
        try {
            RocksDbSnapshotMetadata metadata = download(handle, dir, changelog);
            ColumnFamilyOptions options = backend.columnOptions();
            List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
            descriptors.add(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, options));
            for (Column column : metadata.columns()) {
                descriptors.add(new ColumnFamilyDescriptor(column.name().getBytes(StandardCharsets.UTF_8), options));
            }
            DBOptions dbOptions = backend.dbOptions();
            try (RocksDB source = RocksDB.open(dbOptions, dir.toString(), descriptors, opened)) {
                replay(backend, source, opened, changelog);
                // Only the key groups both own: a snapshot's files may still hold entries of key groups
                // its backend was restored with and trimmed away, which are not its to give.
                int start = Math.max(backend.keyGroupStart(), handle.keyGroupStart());
                int end = Math.min(backend.keyGroupEnd(), handle.keyGroupEnd());
                for (int i = 0; i < metadata.columns().size(); i++) {
                    Column column = metadata.columns().get(i);
                    copyColumn(source, opened.get(i + 1), column, backend.column(column), start, end, ingest);
                }
            } finally {
                opened.forEach(ColumnFamilyHandle::close);
            }
            restorePendingTimers(backend, handle, metadata.columns(), ingest);
        } finally {
            RocksDbKeyedStateBackend.deleteRecursively(dir);
            RocksDbKeyedStateBackend.deleteRecursively(changelog);
        }
    }

    /** Writes the timers that waited in memory at {@code handle}'s snapshot, of the backend's key groups. */
    private static void restorePendingTimers(RocksDbKeyedStateBackend backend, IncrementalKeyedStateHandle handle,
                                             List<Column> columns, Ingest ingest) throws IOException {
        Map<String, Column> byName = new HashMap<>();
        columns.forEach(column -> byName.put(column.name(), column));
        PendingTimers.restore(handle, Math.max(backend.keyGroupStart(), handle.keyGroupStart()),
                Math.min(backend.keyGroupEnd(), handle.keyGroupEnd()), (name, entryKey, value) -> {
            Column column = byName.get(name);
            if (column == null || !column.isTimer()) {
                throw new IllegalStateException("The pending timers of a snapshot of operator '"
                        + backend.operatorName() + "' name column family '" + name + "', which its metadata lacks");
            }
            ingest.put(backend.column(column), entryKey, value);
        });
    }

    /** Copies the entries of key groups {@code [start, end)} of {@code from} into {@code to}. */
    private static void copyColumn(RocksDB source, ColumnFamilyHandle from, Column column, ColumnFamilyHandle to,
                                   int start, int end, Ingest ingest) throws RocksDBException {
        try (RocksIterator it = source.newIterator(from)) {
            if (column.isTimer()) {
                for (it.seekToFirst(); it.isValid(); it.next()) {
                    byte[] raw = it.key();
                    int g = groupAt(raw, 8);
                    if (g >= start && g < end) {
                        ingest.put(to, raw, it.value());
                    }
                }
                return;
            }
            for (it.seek(group(start)); it.isValid(); it.next()) {
                byte[] raw = it.key();
                if (groupAt(raw, 0) >= end) {
                    break;
                }
                ingest.put(to, raw, it.value());
            }
        }
    }

    /** Writes restored entries in batches of a few MiB. */
    private static final class Ingest implements AutoCloseable {
        private final RocksDbKeyedStateBackend backend;
        private final WriteBatch batch = new WriteBatch();

        Ingest(RocksDbKeyedStateBackend backend) {
            this.backend = backend;
        }

        void put(ColumnFamilyHandle handle, byte[] key, byte[] value) {
            try {
                if (backend.writesLog()) {
                    backend.logging().put(handle, key, key.length, value, value.length);
                }
                batch.put(handle, key, value);
                if (batch.getDataSize() >= BATCH_BYTES) {
                    flush();
                }
            } catch (RocksDBException e) {
                throw backend.failure("restore", e);
            }
        }

        private void flush() throws RocksDBException {
            backend.db.write(backend.writeOptions, batch);
            batch.clear();
        }

        @Override
        public void close() throws RocksDBException {
            try {
                if (batch.count() > 0) {
                    flush();
                }
            } finally {
                batch.close();
            }
        }
    }
}
