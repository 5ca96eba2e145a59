package dev.runnel.runtime.jobmanager;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.sink.ResultSender;
import dev.runnel.runtime.task.ResultDeliverer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The rows a job's collect sinks produced that the client has not fetched yet. Bounded: an
 * offer that does not fit waits (its future stays incomplete) until the client fetches, which
 * backpressures the sink. Offers are taken whole and in order, so the buffer may exceed its
 * capacity by less than one offer. JobManager main thread only.
 *
 * <p>Numbered offers (see {@link ResultSender#send(List, long)}) are deduplicated: the buffer
 * remembers per producing subtask, across its attempts, how many rows it took, and drops the
 * part of an offer below that count. A collect sink restored from a checkpoint sends that
 * checkpoint's rows again with their original numbers, so the client sees each row once. The
 * count grows when an offer is queued, not when it is admitted: a queued offer of an attempt
 * that was cancelled meanwhile is still admitted later.
 */
final class ResultBuffer {
    /** A collect sink subtask, whatever its attempt. */
    record Producer(int vertexId, int subtaskIndex) {
    }

    private final int capacity;
    private final Map<Producer, Long> delivered = new HashMap<>();
    private final ArrayDeque<Row> rows = new ArrayDeque<>();
    private final ArrayDeque<PendingOffer> pendingOffers = new ArrayDeque<>();
    private final List<Runnable> listeners = new ArrayList<>();
    private boolean closed;

    private record PendingOffer(List<Row> rows, CompletableFuture<Void> accepted) {
    }

    ResultBuffer(int capacity) {
        this.capacity = Math.max(1, capacity);
    }

    /**
     * Completes when the rows are in the buffer; rows offered after {@link #close()} are dropped.
     * {@code firstOffset} numbers the rows of {@code producer} or is
     * {@link ResultDeliverer#UNNUMBERED}; rows numbered below what {@code producer} delivered
     * before are dropped.
     */
    CompletableFuture<Void> offer(Producer producer, List<Row> numbered, long firstOffset) {
        if (closed) {
            return CompletableFuture.completedFuture(null);
        }
        List<Row> offered = numbered;
        if (firstOffset != ResultDeliverer.UNNUMBERED) {
            long known = delivered.getOrDefault(producer, 0L);
            long end = firstOffset + numbered.size();
            if (end <= known) {
                return CompletableFuture.completedFuture(null);
            }
            if (firstOffset < known) {
                offered = numbered.subList((int) (known - firstOffset), numbered.size());
            }
            delivered.put(producer, end);
        }
        if (offered.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        if (pendingOffers.isEmpty() && rows.size() < capacity) {
            rows.addAll(offered);
            notifyListeners();
            return CompletableFuture.completedFuture(null);
        }
        CompletableFuture<Void> accepted = new CompletableFuture<>();
        pendingOffers.addLast(new PendingOffer(offered, accepted));
        return accepted;
    }

    /** Removes and returns up to {@code maxRows} rows, then admits waiting offers that now fit. */
    List<Row> take(int maxRows) {
        List<Row> taken = new ArrayList<>(Math.min(maxRows, rows.size()));
        while (taken.size() < maxRows && !rows.isEmpty()) {
            taken.add(rows.pollFirst());
        }
        while (!pendingOffers.isEmpty() && rows.size() < capacity) {
            PendingOffer offer = pendingOffers.pollFirst();
            rows.addAll(offer.rows());
            offer.accepted().complete(null);
        }
        return taken;
    }

    boolean isEmpty() {
        return rows.isEmpty() && pendingOffers.isEmpty();
    }

    int size() {
        return rows.size();
    }

    /** Runs {@code listener} once, the next time rows arrive or the buffer closes. */
    void onChange(Runnable listener) {
        listeners.add(listener);
    }

    void removeListener(Runnable listener) {
        listeners.remove(listener);
    }

    /**
     * The job ended. Buffered rows stay for the client; waiting offers (only cancelled tasks
     * can still wait) are released and their rows dropped.
     */
    void close() {
        closed = true;
        while (!pendingOffers.isEmpty()) {
            pendingOffers.pollFirst().accepted().complete(null);
        }
        notifyListeners();
    }

    /** Drops every row (the job failed, so its result is void). */
    void clear() {
        rows.clear();
    }

    private void notifyListeners() {
        List<Runnable> toRun = List.copyOf(listeners);
        listeners.clear();
        toRun.forEach(Runnable::run);
    }
}
