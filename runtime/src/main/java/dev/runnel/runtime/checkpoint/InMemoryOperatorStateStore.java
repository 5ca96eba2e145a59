package dev.runnel.runtime.checkpoint;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An {@link OperatorStateStore} held in memory: what the task snapshots ({@link #splitLists()},
 * {@link #unionLists()}) and restores (the constructor). Task thread only.
 */
public final class InMemoryOperatorStateStore implements OperatorStateStore {
    private final Map<String, List<byte[]>> split = new LinkedHashMap<>();
    private final Map<String, List<byte[]>> union = new LinkedHashMap<>();
    private final boolean restored;

    /** A store that starts empty. */
    public InMemoryOperatorStateStore() {
        this(null, null);
    }

    /** A store restored with the entries this subtask was assigned ({@code null}: a fresh start). */
    public InMemoryOperatorStateStore(Map<String, List<byte[]>> restoredSplit, Map<String, List<byte[]>> restoredUnion) {
        this.restored = restoredSplit != null || restoredUnion != null;
        if (restoredSplit != null) {
            restoredSplit.forEach((name, entries) -> split.put(name, new ArrayList<>(entries)));
        }
        if (restoredUnion != null) {
            restoredUnion.forEach((name, entries) -> union.put(name, new ArrayList<>(entries)));
        }
    }

    @Override
    public List<byte[]> splitList(String name) {
        return split.computeIfAbsent(name, n -> new ArrayList<>());
    }

    @Override
    public List<byte[]> unionList(String name) {
        return union.computeIfAbsent(name, n -> new ArrayList<>());
    }

    @Override
    public boolean isRestored() {
        return restored;
    }

    /** The split lists by name, live. */
    public Map<String, List<byte[]>> splitLists() {
        return split;
    }

    /** The union lists by name, live. */
    public Map<String, List<byte[]>> unionLists() {
        return union;
    }
}
