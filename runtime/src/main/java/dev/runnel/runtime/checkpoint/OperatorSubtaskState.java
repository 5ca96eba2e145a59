package dev.runnel.runtime.checkpoint;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one operator subtask contributed to a checkpoint: its keyed state handles, its
 * operator state lists (entries are opaque bytes, base64 in the JSON metadata), and whether the
 * subtask had already finished (then it holds no state).
 */
public record OperatorSubtaskState(List<KeyedStateHandle> keyed, Map<String, List<byte[]>> splitLists,
                                   Map<String, List<byte[]>> unionLists, boolean finished) implements Serializable {

    /** The state of a subtask that finished before the checkpoint. */
    public static final OperatorSubtaskState FINISHED = new OperatorSubtaskState(List.of(), Map.of(), Map.of(), true);

    /** The state of a subtask that has none. */
    public static final OperatorSubtaskState EMPTY = new OperatorSubtaskState(List.of(), Map.of(), Map.of(), false);

    public OperatorSubtaskState {
        keyed = keyed == null ? List.of() : List.copyOf(keyed);
        splitLists = copy(splitLists);
        unionLists = copy(unionLists);
    }

    private static Map<String, List<byte[]>> copy(Map<String, List<byte[]>> lists) {
        Map<String, List<byte[]>> copy = new LinkedHashMap<>();
        if (lists != null) {
            lists.forEach((name, entries) -> copy.put(name, List.copyOf(entries)));
        }
        return java.util.Collections.unmodifiableMap(copy);
    }

    /** The full size of the state: keyed state plus operator list entries. */
    public long stateSize() {
        return keyed.stream().mapToLong(KeyedStateHandle::stateSize).sum() + listBytes();
    }

    /** The bytes this checkpoint wrote anew for the subtask. */
    public long checkpointedSize() {
        return keyed.stream().mapToLong(KeyedStateHandle::checkpointedSize).sum() + listBytes();
    }

    private long listBytes() {
        long size = 0;
        for (List<byte[]> entries : splitLists.values()) {
            size += entries.stream().mapToLong(e -> e.length).sum();
        }
        for (List<byte[]> entries : unionLists.values()) {
            size += entries.stream().mapToLong(e -> e.length).sum();
        }
        return size;
    }
}
