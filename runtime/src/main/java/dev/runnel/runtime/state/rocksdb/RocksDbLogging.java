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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
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
 * the log has grown past a limit: the backend notes the log's position (everything logged before
 * is written to RocksDB by then) and a flush thread asks RocksDB to flush every column family and
 * waits for those memtables. Once that flush has ended, the task moves the point to the noted
 * position and deletes the segments that no snapshot needs any more. The flush waits for the
 * memtables it switched only, not for those that fill up meanwhile: under steady writes some
 * memtable is always waiting to be flushed, so "none is waiting" would never come, and the log
 * would grow without a bound. RocksDB's own flushes (a full write buffer) need no bookkeeping: what
 * they write is in the log as well, and replaying it is harmless ({@link RocksDbChangelog}).
 *
 * <p>Thread: the task's thread, except {@link #snapshotDone}, which snapshot threads call, and
 * the flush itself, which runs on a thread of its own.
 */
final class RocksDbLogging implements AutoCloseable {
    private static final String IMMUTABLE_MEMTABLES = "rocksdb.num-immutable-mem-table";

    private final RocksDB db;
    private final RocksDbChangelog changelog;
    private final long limitBytes;
    private final String operatorName;
    private final FlushOptions waitForFlush;
    /** Runs the flushes that wait for their memtables, off the task's thread. */
    private final ExecutorService flusher;
    private final Map<ColumnFamilyHandle, Integer> ids = new IdentityHashMap<>();
    /** The column families with a merge in the batch being written: each gets a marker. */
    private final List<ColumnFamilyHandle> merged = new ArrayList<>(4);
    private long retainFrom;
    /** The log position when the pending flush was asked for, or -1. */
    private long flushAskedAt = -1;
    /** The flush asked for at {@link #flushAskedAt}, or null. */
    private Future<?> flush;
    /** Snapshots whose files are not written yet, by checkpoint id: the log position each holds from. */
    private final Map<Long, Long> inFlight = new ConcurrentHashMap<>();

    RocksDbLogging(RocksDB db, RocksDbChangelog changelog, long limitBytes, String operatorName) {
        this.db = db;
        this.changelog = changelog;
        this.limitBytes = limitBytes;
        this.operatorName = operatorName;
        // A restored log's segments stay until a flush: the SST files lack what they hold.
        this.retainFrom = changelog.firstPosition();
        // Never wait for write stalls to clear: the task's writes are what clears them.
        this.waitForFlush = new FlushOptions().setWaitForFlush(true).setAllowWriteStall(true);
        this.flusher = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "runnel-rocksdb-flush-" + operatorName);
            thread.setDaemon(true);
            return thread;
        });
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
            advance(families);
        }
    }

    private void advance(Collection<ColumnFamilyHandle> families) {
        if (flush != null) {
            if (!flush.isDone()) {
                return;
            }
            long askedAt = flushAskedAt;
            if (flushEnded()) {
                retainFrom = askedAt;
                deleteUnneeded();
            }
        }
        if (changelog.bytesFrom(retainFrom) > limitBytes && !families.isEmpty()) {
            List<ColumnFamilyHandle> all = List.copyOf(families);
            flushAskedAt = changelog.position();
            flush = flusher.submit(() -> {
                db.flush(waitForFlush, all);
                return null;
            });
        }
    }

    /** Whether the flush that has ended wrote its memtables; clears it either way. */
    private boolean flushEnded() {
        try {
            flush.get();
            return true;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RocksDBException r && r.getStatus() != null
                    && r.getStatus().getCode() == Status.Code.TryAgain) {
                // RocksDB had stopped writes until its flushes and compactions catch up: the next batch asks again.
                return false;
            }
            throw new IllegalStateException("RocksDB failed to flush state of operator '" + operatorName + "': "
                    + e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            flush = null;
            flushAskedAt = -1;
        }
    }

    /** Waits for a flush that is under way: RocksDB must not close under it. */
    void awaitFlush() {
        Future<?> pending = flush;
        if (pending == null) {
            return;
        }
        try {
            pending.get();
        } catch (ExecutionException e) {
            // The backend is closing: a failed flush changes nothing it keeps.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The synchronous part of checkpoint {@code checkpointId}'s snapshot: writes the log out and
     * returns the segments it must hold, which stay until {@link #snapshotDone}.
     */
    List<Segment> snapshot(long checkpointId, Collection<ColumnFamilyHandle> families) {
        changelog.writeBlock();
        changelog.awaitWrites();
        advance(families);
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
        awaitFlush();
        flusher.shutdown();
        try {
            flusher.awaitTermination(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        waitForFlush.close();
        changelog.close();
    }
}
