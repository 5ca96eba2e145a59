package dev.runnel.runtime.state.rocksdb;

import dev.runnel.runtime.checkpoint.CheckpointOptions;
import dev.runnel.runtime.checkpoint.SnapshotTarget;
import dev.runnel.runtime.checkpoint.SnapshotTask;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.fs.ProcessDirectories;
import dev.runnel.runtime.state.KeyedStateBackends;
import dev.runnel.runtime.state.ListState;
import dev.runnel.runtime.state.MapState;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.StateOptions;
import dev.runnel.runtime.state.ValueState;
import dev.runnel.runtime.state.backend.AbstractKeyedStateBackend;
import dev.runnel.runtime.state.backend.AbstractState;
import dev.runnel.runtime.state.backend.ByteArrayDataInput;
import dev.runnel.runtime.state.backend.ByteArrayDataOutput;
import dev.runnel.runtime.state.backend.KeyGroupsSnapshotFormat;
import dev.runnel.runtime.state.backend.KeyGroupsSnapshotFormat.Column;
import dev.runnel.runtime.state.backend.TimerQueue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.DBOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.InfoLogLevel;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * The "rocksdb" backend: state in one RocksDB instance per operator subtask, in a fresh
 * directory under {@code state.backend.rocksdb.localdir} that {@link #close()} deletes (the
 * database in {@code db/}, next to the owner file that RocksDB must not see). Each
 * declared state is a column family; keys are laid out as key group (2 bytes, big-endian) +
 * serialized key + serialized namespace (+ serialized map user key), so a key-group range is a
 * contiguous byte range. Values carry an 8-byte write time first when the state has a TTL.
 * Timers live in column families of their own (see {@link RocksDbTimerQueue}). Snapshots and
 * restores are in {@link RocksDbSnapshotStrategy} and {@link RocksDbRestore}.
 *
 * <p>RocksDB's write-ahead log is off: state is rebuilt from checkpoints, never from a local log.
 * A job that takes incremental checkpoints has the backend log its writes itself
 * ({@link RocksDbLogging}, {@link RocksDbChangelog}), so that a checkpoint takes the live SST
 * files and that log as they are instead of flushing every memtable on the task's thread (see
 * {@link RocksDbSnapshotStrategy}). Memory is bounded by the slot's share of managed memory
 * ({@link RocksDbMemory}).
 */
public final class RocksDbKeyedStateBackend extends AbstractKeyedStateBackend {
    /** The part of the log a checkpoint holds grows to this many write buffers' worth before every column family is flushed. */
    private static final int MAX_LOG_BUFFERS = 2;
    private static final long MAX_MANIFEST_BYTES = 4L << 20;
    /** Entries one TTL sweep looks at before it lets the task run again. */
    private static final int SWEEP_BATCH = 10_000;
    /** Holds the id of the process that owns a directory, to find directories that crashed processes left. */

    static {
        RocksDB.loadLibrary();
    }

    /** A state's column family and what its entries look like. */
    record Family(ColumnFamilyHandle handle, StateDescriptor<?, ?, ?> descriptor, boolean isList, boolean isMap) {
        boolean hasTtl() {
            return descriptor.hasTtl();
        }
    }

    private final Path directory;
    private final String backendId = UUID.randomUUID().toString();
    private final List<AutoCloseable> nativeResources = new ArrayList<>();
    private final DBOptions dbOptions;
    private final ColumnFamilyOptions columnOptions;
    final WriteOptions writeOptions;
    /** The writes of {@link #writeTogether}, while {@code writingTogether}. */
    private final WriteBatch together;
    private boolean writingTogether;
    /** The log of the writes, which incremental snapshots take instead of flushing; null when the job takes none. */
    private final RocksDbLogging logging;
    /** A merge and its marker, written together outside {@link #writeTogether}. */
    private final WriteBatch single;
    final ReadOptions readOptions;
    final RocksDB db;
    private final List<RocksDbTimerQueue> timerQueues = new ArrayList<>();
    private final ColumnFamilyHandle defaultFamily;
    private final Map<String, Family> families = new HashMap<>();
    /** Every column family but the default one, declared or restored, and what it holds. */
    private final Map<String, ColumnFamilyHandle> columnHandles = new LinkedHashMap<>();
    private final Map<String, Column> columns = new LinkedHashMap<>();
    private final RocksDbSnapshotStrategy snapshots;
    /** Snapshot tasks running on other threads; {@link #close()} waits for them. */
    private int leases;
    private volatile boolean closing;
    private final Map<String, byte[]> sweepCursors = new HashMap<>();

    /** Key group (2 bytes) + serialized current key: the prefix of every entry of the current key. */
    private final ByteArrayDataOutput keyPrefix = new ByteArrayDataOutput(64);
    private int keyVersion;
    /** Reused for values read and written, so a state access allocates little. */
    final ByteArrayDataOutput valueOut = new ByteArrayDataOutput(256);
    private byte[] readBuffer = new byte[256];
    private final ByteArrayDataInput scratchIn = new ByteArrayDataInput();

    public RocksDbKeyedStateBackend(KeyedStateBackends.Parameters parameters) {
        super(parameters);
        this.directory = createDirectory(parameters);
        try {
            Configuration configuration = parameters.configuration();
            // Owned first, so that it is released last, after the database that uses it closed.
            RocksDbMemory memory = own(RocksDbMemory.of(configuration, parameters.managedMemory()));
            long writeBufferBytes = RocksDbOptions.bytes(configuration, RocksDbOptions.WRITE_BUFFER_SIZE, 64L << 10);
            int writeBufferCount = configuration.get(RocksDbOptions.WRITE_BUFFER_COUNT);
            if (writeBufferCount < 1) {
                throw ConfigException.invalidValue(RocksDbOptions.WRITE_BUFFER_COUNT.key(), "Option '"
                        + RocksDbOptions.WRITE_BUFFER_COUNT.key() + "' must be at least 1, was " + writeBufferCount);
            }
            // Checkpoints of earlier versions hold RocksDB's log; opening replays it into memtables, and no flush is needed.
            dbOptions = own(new DBOptions().setCreateIfMissing(true).setInfoLogLevel(InfoLogLevel.HEADER_LEVEL)
                    .setKeepLogFileNum(1).setStatsDumpPeriodSec(0).setMaxBackgroundJobs(2)
                    .setAvoidFlushDuringShutdown(true).setAvoidFlushDuringRecovery(true)
                    // Every checkpoint holds the MANIFEST and a restore replays it: RocksDB starts a new one at this size.
                    .setMaxManifestFileSize(MAX_MANIFEST_BYTES));
            memory.configure(dbOptions);
            BlockBasedTableConfig table = new BlockBasedTableConfig();
            memory.configure(table);
            if (configuration.get(RocksDbOptions.USE_BLOOM_FILTER)) {
                // Bloom filters let a point read skip the files that cannot hold the key.
                table.setFilterPolicy(own(new BloomFilter(configuration.get(RocksDbOptions.BLOOM_FILTER_BITS_PER_KEY))));
            }
            columnOptions = own(new ColumnFamilyOptions().setMergeOperatorName(RocksDbLayout.LIST_MERGE_OPERATOR)
                    .setWriteBufferSize(writeBufferBytes).setMaxWriteBufferNumber(writeBufferCount)
                    .setCompressionPerLevel(RocksDbOptions.compressionPerLevel(configuration))
                    .setTableFormatConfig(table));
            writeOptions = own(new WriteOptions().setDisableWAL(true));
            readOptions = own(new ReadOptions());
            together = own(new WriteBatch());
            single = own(new WriteBatch());
            Path dbDir = dbDirectory();
            RocksDbRestore.Base base = RocksDbRestore.downloadBase(parameters.restoredState(), dbDir, keyGroupStart(),
                    keyGroupEnd());
            List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
            descriptors.add(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, columnOptions));
            for (Column column : base.columns()) {
                descriptors.add(new ColumnFamilyDescriptor(column.name().getBytes(StandardCharsets.UTF_8), columnOptions));
            }
            List<ColumnFamilyHandle> opened = new ArrayList<>();
            db = RocksDB.open(dbOptions, dbDir.toString(), descriptors, opened);
            defaultFamily = opened.get(0);
            for (int i = 0; i < base.columns().size(); i++) {
                columnHandles.put(base.columns().get(i).name(), opened.get(i + 1));
                columns.put(base.columns().get(i).name(), base.columns().get(i));
            }
            long logStart = RocksDbRestore.replayChangelog(this, base, opened);
            Path logDir = RocksDbRestore.changelogDir(dbDir);
            if (takesIncrementalCheckpoints(configuration)) {
                // The log goes on from the restored one: the next checkpoint holds and shares its segments again.
                logging = own(new RocksDbLogging(db, new RocksDbChangelog(logDir, logStart, writeBufferBytes,
                        parameters.operatorName()),
                        MAX_LOG_BUFFERS * writeBufferBytes, parameters.operatorName()));
            } else {
                logging = null;
                deleteRecursively(logDir);
            }
            boolean trimmed = RocksDbRestore.restoreRest(this, base, parameters.restoredState());
            if (logging != null && (trimmed || base.holdsRocksDbLog())) {
                // Range deletions, and what RocksDB replayed of its own log, are in no changelog:
                // the next checkpoint must find them in SST files.
                flushAll();
            }
            snapshots = new RocksDbSnapshotStrategy(this, base.files());
        } catch (RocksDBException | IOException | RuntimeException e) {
            closeStorage();
            throw new IllegalStateException("Could not " + (parameters.restoredState().isEmpty() ? "open" : "restore")
                    + " RocksDB for operator '" + parameters.operatorName() + "' in " + directory + ": " + e.getMessage(), e);
        }
    }

    private static boolean takesIncrementalCheckpoints(Configuration configuration) {
        return !configuration.get(CheckpointOptions.INTERVAL).isZero() && configuration.get(CheckpointOptions.INCREMENTAL);
    }

    /** Whether the backend logs its writes (see the class comment). */
    boolean writesLog() {
        return logging != null;
    }

    /** The log of the writes; only when {@link #writesLog}. */
    RocksDbLogging logging() {
        return logging;
    }

    /** Every column family but the default one, which holds nothing. */
    List<ColumnFamilyHandle> columnHandles() {
        return List.copyOf(columnHandles.values());
    }

    private void flushAll() throws RocksDBException {
        if (columnHandles.isEmpty()) {
            return;
        }
        try (FlushOptions options = new FlushOptions().setWaitForFlush(true).setAllowWriteStall(true)) {
            db.flush(options, columnHandles());
        }
    }

    /** The directory RocksDB keeps its files in. */
    Path dbDirectory() {
        return directory.resolve("db");
    }

    private <T extends AutoCloseable> T own(T resource) {
        nativeResources.add(resource);
        return resource;
    }

    private static Path createDirectory(KeyedStateBackends.Parameters p) {
        Path base = Path.of(p.configuration().get(StateOptions.ROCKSDB_LOCAL_DIR));
        String name = sanitize(p.jobName()) + "-" + sanitize(p.operatorName()) + "-" + p.subtaskIndex() + "-";
        try {
            // and those a killed process left behind
            return ProcessDirectories.create(base, name, "");
        } catch (IOException e) {
            throw new UncheckedIOException("Could not create a RocksDB directory under '" + base + "' ("
                    + StateOptions.ROCKSDB_LOCAL_DIR.key() + ") for operator '" + p.operatorName() + "'", e);
        }
    }

    private static String sanitize(String s) {
        String clean = s.replaceAll("[^A-Za-z0-9_.-]+", "_");
        return clean.length() > 40 ? clean.substring(0, 40) : clean;
    }

    /** The directory of this instance (deleted by {@link #close()}). */
    public Path directory() {
        return directory;
    }

    // ---- keys -------------------------------------------------------------------------------

    @Override
    protected void onKeyChanged() {
        keyPrefix.clear();
        keyPrefix.writeShort(currentKeyGroup());
        keyPrefix.write(keyBytes(), 0, keyLength());
        keyVersion++;
    }

    ByteArrayDataOutput keyPrefix() {
        return keyPrefix;
    }

    int keyVersion() {
        return keyVersion;
    }

    // ---- states -----------------------------------------------------------------------------

    Family family(StateDescriptor<?, ?, ?> descriptor, boolean isList, boolean isMap) {
        Family family = families.get(descriptor.name());
        if (family == null) {
            Column declared = new Column(KeyGroupsSnapshotFormat.stateColumn(descriptor.name()),
                    KeyGroupsSnapshotFormat.kindOf(isList, isMap), descriptor.ttl().toMillis());
            Column restored = columns.get(declared.name());
            if (restored != null) {
                KeyGroupsSnapshotFormat.checkCompatible(restored, declared.kind(), declared.ttlMillis(),
                        parameters.operatorName());
            }
            ColumnFamilyHandle handle = column(declared);
            columns.put(declared.name(), declared);
            family = new Family(handle, descriptor, isList, isMap);
            families.put(descriptor.name(), family);
        }
        return family;
    }

    /** The column family of {@code column}, created if the instance does not have it yet. */
    ColumnFamilyHandle column(Column column) {
        ColumnFamilyHandle handle = columnHandles.get(column.name());
        if (handle != null) {
            if (columns.get(column.name()).kind() != column.kind()) {
                throw new IllegalStateException("Column family '" + column.name() + "' of operator '"
                        + parameters.operatorName() + "' holds " + columns.get(column.name()).kind() + ", not "
                        + column.kind());
            }
            return handle;
        }
        try {
            handle = db.createColumnFamily(
                    new ColumnFamilyDescriptor(column.name().getBytes(StandardCharsets.UTF_8), columnOptions));
        } catch (RocksDBException e) {
            throw failure("create column family '" + column.name() + "'", e);
        }
        columnHandles.put(column.name(), handle);
        columns.put(column.name(), column);
        return handle;
    }

    ColumnFamilyHandle columnHandle(String name) {
        return columnHandles.get(name);
    }

    /** The column families and what they hold, in creation order. */
    List<Column> columns() {
        return List.copyOf(columns.values());
    }

    String backendId() {
        return backendId;
    }

    String operatorName() {
        return parameters.operatorName();
    }

    DBOptions dbOptions() {
        return dbOptions;
    }

    ColumnFamilyOptions columnOptions() {
        return columnOptions;
    }

    @Override
    protected <N, V> ValueState<N, V> createValueState(StateDescriptor<N, ?, V> descriptor) {
        return new RocksDbValueState<>(descriptor, this, family(descriptor, false, false));
    }

    @Override
    protected <N, V> ListState<N, V> createListState(StateDescriptor<N, ?, V> descriptor) {
        return new RocksDbListState<>(descriptor, this, family(descriptor, true, false));
    }

    @Override
    protected <N, K, V> MapState<N, K, V> createMapState(StateDescriptor<N, K, V> descriptor) {
        return new RocksDbMapState<>(descriptor, this, family(descriptor, false, true));
    }

    @Override
    protected TimerQueue createTimerQueue(String serviceName, boolean eventTime) {
        String name = KeyGroupsSnapshotFormat.timerColumn(serviceName, eventTime);
        RocksDbTimerQueue queue = new RocksDbTimerQueue(this, name,
                column(new Column(name, KeyGroupsSnapshotFormat.ColumnKind.TIMER, 0)));
        timerQueues.add(queue);
        return queue;
    }

    // ---- snapshots --------------------------------------------------------------------------

    @Override
    public SnapshotTask snapshot(SnapshotTarget target) throws Exception {
        checkOpen();
        if (snapshots.takesFiles(target)) {
            // New timers wait in memory (RocksDbTimerQueue) and stay there: the snapshot holds them in a file of their own.
            return snapshots.snapshot(target, PendingTimers.serialize(timerQueues));
        }
        // A full snapshot reads RocksDB: the timers waiting in memory go there first.
        writeTogether(() -> {
            for (RocksDbTimerQueue queue : timerQueues) {
                queue.persist();
            }
        });
        return snapshots.snapshot(target, null);
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        try {
            snapshots.notifyCheckpointComplete(checkpointId);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not delete a local snapshot of operator '" + operatorName() + "'", e);
        }
    }

    @Override
    public void notifyCheckpointAborted(long checkpointId) {
        try {
            snapshots.notifyCheckpointAborted(checkpointId);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not delete a local snapshot of operator '" + operatorName() + "'", e);
        }
    }

    /** Lets a snapshot task use the instance until {@link #releaseLease}; false once closing. */
    synchronized boolean acquireLease() {
        if (closing) {
            return false;
        }
        leases++;
        return true;
    }

    synchronized void releaseLease() {
        leases--;
        notifyAll();
    }

    boolean isClosing() {
        return closing;
    }

    /** Stops new snapshot tasks and waits for the running ones, which stop early once they see {@link #isClosing}. */
    private synchronized void awaitLeases() {
        closing = true;
        boolean interrupted = false;
        while (leases > 0) {
            try {
                wait();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    // ---- raw access -------------------------------------------------------------------------

    /**
     * Reads the value of {@code key[0, length)} into the reused read buffer; returns its length,
     * or -1 when there is none. The bytes are valid until the next read.
     */
    int get(ColumnFamilyHandle family, byte[] key, int length) {
        try {
            int size = db.get(family, readOptions, key, 0, length, readBuffer, 0, readBuffer.length);
            if (size > readBuffer.length) {
                readBuffer = new byte[Math.max(size, readBuffer.length * 2)];
                size = db.get(family, readOptions, key, 0, length, readBuffer, 0, readBuffer.length);
            }
            return size == RocksDB.NOT_FOUND ? -1 : size;
        } catch (RocksDBException e) {
            throw failure("read", e);
        }
    }

    byte[] readBuffer() {
        return readBuffer;
    }

    void put(ColumnFamilyHandle family, byte[] key, int keyLength, byte[] value, int valueLength) {
        try {
            if (logging != null) {
                logging.put(family, key, keyLength, value, valueLength);
            }
            if (writingTogether) {
                together.put(family, Arrays.copyOf(key, keyLength), Arrays.copyOf(value, valueLength));
            } else {
                db.put(family, writeOptions, key, 0, keyLength, value, 0, valueLength);
                afterBatch();
            }
        } catch (RocksDBException e) {
            throw failure("write", e);
        }
    }

    void merge(ColumnFamilyHandle family, byte[] key, int keyLength, byte[] value, int valueLength) {
        try {
            if (logging != null) {
                logging.merge(family, key, keyLength, value, valueLength);
            }
            if (writingTogether) {
                together.merge(family, Arrays.copyOf(key, keyLength), Arrays.copyOf(value, valueLength));
            } else if (logging != null) {
                // The merge's marker goes into the same batch (see RocksDbChangelog).
                single.clear();
                single.merge(family, Arrays.copyOf(key, keyLength), Arrays.copyOf(value, valueLength));
                logging.addMarkers(single);
                db.write(writeOptions, single);
                afterBatch();
            } else {
                db.merge(family, writeOptions, key, 0, keyLength, value, 0, valueLength);
            }
        } catch (RocksDBException e) {
            throw failure("write", e);
        }
    }

    void delete(ColumnFamilyHandle family, byte[] key, int keyLength) {
        try {
            if (logging != null) {
                logging.delete(family, key, keyLength);
            }
            if (writingTogether) {
                together.delete(family, Arrays.copyOf(key, keyLength));
            } else {
                db.delete(family, writeOptions, key, 0, keyLength);
                afterBatch();
            }
        } catch (RocksDBException e) {
            throw failure("delete", e);
        }
    }

    private void afterBatch() {
        if (logging != null) {
            logging.afterBatch(columnHandles.values());
        }
    }

    @Override
    public void writeTogether(Writes writes) throws Exception {
        if (writingTogether) {
            writes.run();
            return;
        }
        checkOpen();
        writingTogether = true;
        try {
            writes.run();
            if (together.count() > 0) {
                if (logging != null) {
                    logging.addMarkers(together);
                }
                db.write(writeOptions, together);
                afterBatch();
            }
        } finally {
            writingTogether = false;
            together.clear();
        }
    }

    RocksIterator iterator(ColumnFamilyHandle family) {
        return db.newIterator(family, readOptions);
    }

    IllegalStateException failure(String what, RocksDBException e) {
        return new IllegalStateException("RocksDB failed to " + what + " state of operator '" + parameters.operatorName()
                + "': " + e.getMessage(), e);
    }

    /** Whether {@code bytes} starts with {@code prefix[0, length)}. */
    static boolean startsWith(byte[] bytes, byte[] prefix, int length) {
        return bytes.length >= length && Arrays.equals(bytes, 0, length, prefix, 0, length);
    }

    // ---- iteration and cleanup --------------------------------------------------------------

    @Override
    protected void forEachKeyBytes(AbstractState<?, ?, ?> state, byte[] namespace, KeyBytesAction action) throws Exception {
        Family family = families.get(state.name());
        long now = now();
        byte[] lastKey = null;
        // The iterator reads a consistent view taken now, so the action may change state meanwhile.
        try (RocksIterator it = iterator(family.handle())) {
            for (it.seekToFirst(); it.isValid(); it.next()) {
                byte[] raw = it.key();
                if (RocksDbChangelog.isMarker(raw)) {
                    continue;
                }
                int keyEnd = RocksDbLayout.keyEnd(this, raw);
                int nsEnd = keyEnd + namespace.length;
                boolean inNamespace = raw.length >= nsEnd && Arrays.equals(raw, keyEnd, nsEnd, namespace, 0, namespace.length)
                        && (family.isMap() || raw.length == nsEnd);
                if (!inNamespace || RocksDbLayout.expiredEntry(family, it.value(), now)) {
                    continue;
                }
                if (lastKey != null && Arrays.equals(lastKey, 0, lastKey.length, raw, 0, keyEnd)) {
                    continue;   // another map entry of the key just visited
                }
                lastKey = Arrays.copyOf(raw, keyEnd);
                action.accept(((raw[0] & 0xFF) << 8) | (raw[1] & 0xFF), raw, 2, keyEnd - 2);
            }
        }
    }

    /** Serialized key length of the entry {@code raw}, for {@link RocksDbLayout}. */
    int keyLengthIn(byte[] raw) {
        return RocksDbLayout.deserializedLength(keySerializer, scratchIn, raw, 2);
    }

    /**
     * Sweeps each state with a TTL a bounded number of entries at a time (continuing where the
     * last sweep stopped), so a sweep never stalls the task for long; RocksDB Java offers no
     * compaction filter that could drop expired entries itself.
     */
    @Override
    protected void cleanUpExpired(long now) {
        for (Family family : families.values()) {
            if (family.hasTtl()) {
                byte[] cursor = sweepCursors.remove(family.descriptor().name());
                byte[] next = RocksDbLayout.sweep(this, family, cursor, now, SWEEP_BATCH);
                if (next != null) {
                    sweepCursors.put(family.descriptor().name(), next);
                }
            }
        }
    }

    @Override
    protected boolean moreCleanupPending() {
        return !sweepCursors.isEmpty();
    }

    @Override
    public long storedEntries(String stateName) {
        Family family = families.get(stateName);
        if (family == null) {
            return 0;
        }
        long n = 0;
        try (RocksIterator it = iterator(family.handle())) {
            for (it.seekToFirst(); it.isValid(); it.next()) {
                if (!RocksDbChangelog.isMarker(it.key())) {
                    n++;
                }
            }
        }
        return n;
    }

    // ---- close ------------------------------------------------------------------------------

    @Override
    protected void closeStorage() {
        awaitLeases();
        try {
            if (db != null) {
                if (snapshots != null) {
                    snapshots.releaseUnclaimed();
                }
                if (logging != null) {
                    logging.awaitFlush();
                }
                db.cancelAllBackgroundWork(true);
                for (ColumnFamilyHandle handle : columnHandles.values()) {
                    handle.close();
                }
                defaultFamily.close();
                db.closeE();
            }
        } catch (RocksDBException e) {
            throw new IllegalStateException("Could not close RocksDB of operator '" + parameters.operatorName() + "'", e);
        } finally {
            columnHandles.clear();
            families.clear();
            closeNative();
            deleteDirectory();
        }
    }

    private void closeNative() {
        for (int i = nativeResources.size() - 1; i >= 0; i--) {
            try {
                nativeResources.get(i).close();
            } catch (Exception e) {
                // Closing native options cannot fail in a way the task could act on.
            }
        }
        nativeResources.clear();
    }

    private void deleteDirectory() {
        try {
            deleteRecursively(directory);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not delete the RocksDB directory " + directory, e);
        }
    }

    static void deleteRecursively(Path dir) throws IOException {
        ProcessDirectories.deleteRecursively(dir);
    }
}
