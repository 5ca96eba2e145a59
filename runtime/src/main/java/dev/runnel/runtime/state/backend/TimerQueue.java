package dev.runnel.runtime.state.backend;

/**
 * The timers of one time domain of one timer service, ordered by timestamp (then key group,
 * key bytes and namespace bytes, so the order is deterministic). A timer is identified by its
 * timestamp, key and namespace: adding it twice keeps one.
 */
public interface TimerQueue extends AutoCloseable {
    /** Adds the timer; the byte arrays are copied if kept. */
    void add(long timestamp, int keyGroup, byte[] key, int keyLength, byte[] namespace, int namespaceLength);

    void remove(long timestamp, int keyGroup, byte[] key, int keyLength, byte[] namespace, int namespaceLength);

    /** The earliest timestamp, or {@link Long#MAX_VALUE} when there is no timer. */
    long earliest();

    /** Removes and returns the earliest timer if its timestamp is at or before {@code time}; else {@code null}. */
    TimerEntry pollUpTo(long time);

    @Override
    default void close() {
    }

    /** A timer taken from a queue: the backend sets its key as current key and decodes its namespace. */
    record TimerEntry(long timestamp, int keyGroup, byte[] key, byte[] namespace) {
    }
}
