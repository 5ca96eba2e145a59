package dev.runnel.runtime.state.heap;

import java.util.TreeSet;

/**
 * The versions that tell a {@link CopyOnWriteStateMap} what running snapshots share: entries
 * and values carry the version current when they were written; a snapshot takes the current
 * version and moves it on; whatever carries a version at or below the highest one a running
 * snapshot took is shared with it and is copied before it changes.
 *
 * <p>{@link #begin} and {@link #current} run on the task's thread; {@link #end} on whichever
 * thread finishes or drops the snapshot.
 */
final class SnapshotVersions {
    /** The versions running snapshots took (each its own). */
    private final TreeSet<Integer> running = new TreeSet<>();
    private int current = 1;
    /** The highest version a running snapshot took, or 0 when none runs (versions start at 1). */
    private volatile int required;

    /** The version of what the task writes now. */
    int current() {
        return current;
    }

    /** Entries and values at or below this version are shared with a running snapshot. */
    int required() {
        return required;
    }

    /** A snapshot starts: what exists now is shared with it until {@link #end} of the returned version. */
    synchronized int begin() {
        int version = current++;
        running.add(version);
        required = running.last();
        return version;
    }

    /** The snapshot that {@link #begin} gave {@code version} reads no more (again: nothing happens). */
    synchronized void end(int version) {
        running.remove(version);
        required = running.isEmpty() ? 0 : running.last();
    }
}
