package dev.runnel.runtime.testing;

import dev.runnel.runtime.checkpoint.InMemoryOperatorStateStore;
import dev.runnel.runtime.checkpoint.KeyedStateHandle;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A copy of one operator subtask's {@link InMemoryOperatorStateStore} as a checkpoint holds it:
 * its split lists and union lists by name. {@link #redistribute} assigns the snapshots of all
 * subtasks to the subtasks of a new parallelism the way a restore does: split-list entries
 * round-robin (entry {@code i} of the concatenation, in subtask order, to subtask
 * {@code i % parallelism}), the union of every union list to every subtask.
 *
 * Keyed state ({@link #keyedState}) is not redistributed: each handle names its key groups, and a
 * restored backend keeps the ones it owns.
 *
 * @param splitLists entries of each split list, by name
 * @param unionLists entries of each union list, by name
 * @param keyedState the snapshots of the operator's keyed state backends (empty when not taken)
 */
public record OperatorSnapshot(Map<String, List<byte[]>> splitLists, Map<String, List<byte[]>> unionLists,
                               List<KeyedStateHandle> keyedState) {

    public OperatorSnapshot {
        keyedState = List.copyOf(keyedState);
    }

    /** A snapshot of operator state only. */
    public OperatorSnapshot(Map<String, List<byte[]>> splitLists, Map<String, List<byte[]>> unionLists) {
        this(splitLists, unionLists, List.of());
    }

    /** A deep copy of the lists of {@code store}, as they are now. */
    public static OperatorSnapshot of(InMemoryOperatorStateStore store) {
        return of(store, List.of());
    }

    /** A deep copy of the lists of {@code store}, as they are now, with the keyed state snapshots {@code keyedState}. */
    public static OperatorSnapshot of(InMemoryOperatorStateStore store, List<KeyedStateHandle> keyedState) {
        return new OperatorSnapshot(copy(store.splitLists()), copy(store.unionLists()), keyedState);
    }

    /** A store restored from this snapshot, as a restored subtask gets it. */
    public InMemoryOperatorStateStore restore() {
        return new InMemoryOperatorStateStore(copy(splitLists), copy(unionLists));
    }

    /** The state each subtask of a job with {@code parallelism} subtasks gets from {@code snapshots}. */
    public static List<OperatorSnapshot> redistribute(List<OperatorSnapshot> snapshots, int parallelism) {
        List<OperatorSnapshot> result = new ArrayList<>();
        for (int i = 0; i < parallelism; i++) {
            result.add(new OperatorSnapshot(new LinkedHashMap<>(), new LinkedHashMap<>()));
        }
        Map<String, Integer> nextSubtask = new LinkedHashMap<>();
        for (OperatorSnapshot snapshot : snapshots) {
            snapshot.splitLists.forEach((name, entries) -> {
                for (OperatorSnapshot target : result) {
                    target.splitLists.computeIfAbsent(name, n -> new ArrayList<>());
                }
                for (byte[] entry : entries) {
                    int subtask = nextSubtask.merge(name, 1, Integer::sum) - 1;
                    result.get(subtask % parallelism).splitLists.get(name).add(entry.clone());
                }
            });
            snapshot.unionLists.forEach((name, entries) -> {
                for (OperatorSnapshot target : result) {
                    List<byte[]> list = target.unionLists.computeIfAbsent(name, n -> new ArrayList<>());
                    entries.forEach(e -> list.add(e.clone()));
                }
            });
        }
        return result;
    }

    private static Map<String, List<byte[]>> copy(Map<String, List<byte[]>> lists) {
        Map<String, List<byte[]>> copy = new LinkedHashMap<>();
        lists.forEach((name, entries) -> {
            List<byte[]> entriesCopy = new ArrayList<>();
            entries.forEach(e -> entriesCopy.add(e.clone()));
            copy.put(name, entriesCopy);
        });
        return copy;
    }
}
