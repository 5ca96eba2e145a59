package dev.runnel.runtime.state.rocksdb;

import dev.runnel.runtime.state.rocksdb.RocksDbChangelog.Segment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.FlushOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.Status;
import org.rocksdb.WriteBatch;

/**
 * The writes of a backend that keeps a {@link RocksDbChangelog}, and which part of the log the
 * SST files may lack.
 *
 * <p>Every write goes to the log before RocksDB. Writes before {@link #retainFrom} are in the SST
 * files of every column family, so a checkpoint holds the log from there. That point moves when
 * the log has grown past a limit: the backend then asks RocksDB to flush every column family
 * without waiting (the memtables switch at once, on the task's thread, so everything logged
 * before is in the memtables being flushed) and, once no column family has a memtable waiting to
 * be flushed, moves the point to where the flush was asked for, and deletes the segments that no
 * snapshot needs any more. RocksDB's own flushes (a full write buffer) need no bookkeeping: what
 * they write is in the log as well, and replaying it is harmless ({@link RocksDbChangelog}).
 *
 * <p>Thread: the task's thread, except {@link #snapshotDone}, which snapshot threads call.
 */
final class RocksDbLogging implements AutoCloseable {
    private static final String IMMUTABLE_MEMTABLES = "rocksdb.num-immutable-mem-table";
    /** How often the task looks whether a flush it asked for has ended. */
    private static final long FLUSH_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    private final RocksDB db;
    private final RocksDbChangelog changelog;
    private final long limitBytes;
    private final String operatorName;
    private final FlushOptions noWait;
    private final Map<ColumnFamilyHandle, Integer> ids = new IdentityHashMap<>();
    /** The column families with a merge in the batch being written: each gets a marker. */
    private final List<ColumnFamilyHandle> merged = new ArrayList<>(4);
    private long retainFrom;
    /** The log position when the pending flush was asked for, or -1. */
    private long flushAskedAt = -1;
    private long nextPoll;
    /** Snapshots whose files are not written yet, by checkpoint id: the log position each holds from. */
    private final Map<Long, Long> inFlight = new ConcurrentHashMap<>();

    RocksDbLogging(RocksDB db, RocksDbChangelog changelog, long limitBytes, String operatorName) {
        this.db = db;
        this.changelog = changelog;
        this.limitBytes = limitBytes;
        this.operatorName = operatorName;
        // A restored log's segments stay until a flush: the SST files lack what they hold.
        this.retainFrom = changelog.firstPosition();
        // Never wait for write stalls to clear: the task's thread asks.
        this.noWait = new FlushOptions().setWaitForFlush(false).setAllowWriteStall(true);
    }

    private int id(ColumnFamilyHandle family) {
        Integer id = ids.get(family);
        if (id == null) {
            id = family.getID();
            ids.put(family, id);
        }
        return id;
    }

    void put(ColumnFamilyHandle family, byte[] key, int keyLength, byte[] value, int valueLength) {
        changelog.append(RocksDbChangelog.PUT, id(family), key, keyLength, value, valueLength);
    }

    void merge(ColumnFamilyHandle family, byte[] key, int keyLength, byte[] value, int valueLength) {
        changelog.append(RocksDbChangelog.MERGE, id(family), key, keyLength, value, valueLength);
        if (!merged.contains(family)) {
            merged.add(family);
        }
    }

    void delete(ColumnFamilyHandle family, byte[] key, int keyLength) {
        changelog.append(RocksDbChangelog.DELETE, id(family), key, keyLength, null, 0);
    }

    /** Puts the markers of the merges since the last call into {@code batch}, which then holds those merges too. */
    void addMarkers(WriteBatch batch) throws RocksDBException {
        if (merged.isEmpty()) {
            return;
        }
        byte[] marker = RocksDbChangelog.markerValue(changelog.position());
        for (ColumnFamilyHandle family : merged) {
            batch.put(family, RocksDbChangelog.MARKER, marker);
        }
        merged.clear();
    }

    /** Called after each write to RocksDB, between batches: asks for a flush once the log has grown past its limit. */
    void afterBatch(Collection<ColumnFamilyHandle> families) {
        if (changelog.bytesFrom(retainFrom) > limitBytes) {
            advance(families, false);
        }
    }

    private void advance(Collection<ColumnFamilyHandle> families, boolean now) {
        try {
            long time = System.nanoTime();
            if (!now && time < nextPoll) {
                return;
            }
            nextPoll = time + FLUSH_POLL_NANOS;
            if (flushAskedAt >= 0) {
                for (ColumnFamilyHandle family : families) {
                    if (db.getLongProperty(family, IMMUTABLE_MEMTABLES) > 0) {
                        return;
                    }
                }
                retainFrom = flushAskedAt;
                flushAskedAt = -1;
                deleteUnneeded();
            }
            if (changelog.bytesFrom(retainFrom) > limitBytes && !families.isEmpty()) {
                askForFlush(families);
            }
        } catch (RocksDBException e) {
            throw new IllegalStateException("RocksDB failed to flush state of operator '" + operatorName + "': "
                    + e.getMessage(), e);
        }
    }

    private void askForFlush(Collection<ColumnFamilyHandle> families) throws RocksDBException {
        long position = changelog.position();
        try {
            db.flush(noWait, List.copyOf(families));
        } catch (RocksDBException e) {
            if (e.getStatus() != null && e.getStatus().getCode() == Status.Code.TryAgain) {
                // RocksDB has stopped writes until its flushes and compactions catch up (the
                // memtables switch at no other time): ask again once it has.
                return;
            }
            throw e;
        }
        flushAskedAt = position;
    }

    /**
     * The synchronous part of checkpoint {@code checkpointId}'s snapshot: writes the log out and
     * returns the segments it must hold, which stay until {@link #snapshotDone}.
     */
    List<Segment> snapshot(long checkpointId, Collection<ColumnFamilyHandle> families) {
        changelog.writeBlock();
        changelog.awaitWrites();
        advance(families, true);
        inFlight.put(checkpointId, retainFrom);
        deleteUnneeded();
        return changelog.segmentsFrom(retainFrom);
    }

    /** The files of checkpoint {@code checkpointId} are written (or never will be): its segments may go. */
    void snapshotDone(long checkpointId) {
        inFlight.remove(checkpointId);
    }

    private void deleteUnneeded() {
        long keep = retainFrom;
        for (long from : inFlight.values()) {
            keep = Math.min(keep, from);
        }
        try {
            changelog.deleteBefore(keep);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not delete a segment of the state changelog of operator '"
                    + operatorName + "'", e);
        }
    }

    /** The position before which every write is in the SST files. */
    long retainFrom() {
        return retainFrom;
    }

    RocksDbChangelog changelog() {
        return changelog;
    }

    @Override
    public void close() throws IOException {
        noWait.close();
        changelog.close();
    }
}
