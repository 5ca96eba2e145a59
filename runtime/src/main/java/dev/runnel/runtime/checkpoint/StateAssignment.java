package dev.runnel.runtime.checkpoint;

import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.network.KeyGroups;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Maps the state of a completed checkpoint or savepoint onto the subtasks of a job, possibly
 * with other parallelisms: keyed state by key-group ranges (each subtask gets every handle that
 * intersects its range), split lists round-robin, union lists to every subtask. An operator
 * whose subtasks had all finished is restored as finished.
 */
public final class StateAssignment {
    private StateAssignment() {
    }

    /**
     * The restore state of every subtask of {@code job}: by vertex id, one entry per subtask,
     * {@code null} for a subtask that starts fresh.
     *
     * @param ignoreUnclaimed whether state for operators the job does not have is dropped
     *                        ({@code execution.savepoint.ignore-unclaimed-state}) instead of refused
     * @throws IllegalStateException when the state cannot be mapped (the message names the operator)
     */
    public static Map<Integer, List<TaskStateSnapshot>> assign(CheckpointMetadata metadata, JobGraph job,
                                                                int maxParallelism, boolean ignoreUnclaimed) {
        Set<String> claimed = new HashSet<>();
        Map<Integer, List<TaskStateSnapshot>> result = new HashMap<>();
        for (JobVertex vertex : job.vertices()) {
            List<Map<String, OperatorSubtaskState>> perSubtask = new ArrayList<>();
            for (int s = 0; s < vertex.parallelism(); s++) {
                perSubtask.add(new LinkedHashMap<>());
            }
            for (OperatorIds.OperatorRef ref : OperatorIds.of(vertex)) {
                CheckpointMetadata.OperatorState state = metadata.operators().get(ref.id());
                if (state == null || !state.descriptor().equals(ref.descriptor())) {
                    continue;
                }
                claimed.add(ref.id());
                List<OperatorSubtaskState> assigned = assign(ref, state, vertex.parallelism(), maxParallelism);
                for (int s = 0; s < assigned.size(); s++) {
                    perSubtask.get(s).put(ref.id(), assigned.get(s));
                }
            }
            List<TaskStateSnapshot> snapshots = new ArrayList<>();
            for (Map<String, OperatorSubtaskState> operators : perSubtask) {
                snapshots.add(operators.isEmpty() ? null : new TaskStateSnapshot(operators));
            }
            result.put(vertex.id(), snapshots);
        }
        if (!ignoreUnclaimed) {
            metadata.operators().forEach((id, state) -> {
                if (!claimed.contains(id) && hasState(state)) {
                    throw new IllegalStateException("Savepoint state for operator '" + state.name() + "' (id " + id
                            + ") cannot be mapped to the new job: the query changed. Set "
                            + "'execution.savepoint.ignore-unclaimed-state' = 'true' to start without that state.");
                }
            });
        }
        return result;
    }

    private static boolean hasState(CheckpointMetadata.OperatorState state) {
        return state.subtasks().stream().anyMatch(s -> !s.keyed().isEmpty()
                || s.splitLists().values().stream().anyMatch(l -> !l.isEmpty())
                || s.unionLists().values().stream().anyMatch(l -> !l.isEmpty()));
    }

    private static List<OperatorSubtaskState> assign(OperatorIds.OperatorRef ref, CheckpointMetadata.OperatorState state,
                                                     int parallelism, int maxParallelism) {
        List<OperatorSubtaskState> assigned = new ArrayList<>();
        if (state.fullyFinished()) {
            for (int s = 0; s < parallelism; s++) {
                assigned.add(OperatorSubtaskState.FINISHED);
            }
            return assigned;
        }
        boolean keyed = state.subtasks().stream().anyMatch(s -> !s.keyed().isEmpty());
        if (keyed && state.maxParallelism() != maxParallelism) {
            throw new IllegalStateException("Savepoint state for operator '" + ref.name() + "' was written with "
                    + "pipeline.max-parallelism " + state.maxParallelism() + " and cannot be restored with "
                    + maxParallelism + ": keyed state is split into that many key groups");
        }
        Map<String, List<byte[]>> splitEntries = new LinkedHashMap<>();
        Map<String, List<byte[]>> unionEntries = new LinkedHashMap<>();
        for (OperatorSubtaskState subtask : state.subtasks()) {
            subtask.splitLists().forEach((name, entries) -> splitEntries.computeIfAbsent(name, n -> new ArrayList<>()).addAll(entries));
            subtask.unionLists().forEach((name, entries) -> unionEntries.computeIfAbsent(name, n -> new ArrayList<>()).addAll(entries));
        }
        for (int s = 0; s < parallelism; s++) {
            int[] range = KeyGroups.keyGroupRange(s, maxParallelism, parallelism);
            List<KeyedStateHandle> handles = new ArrayList<>();
            for (OperatorSubtaskState subtask : state.subtasks()) {
                for (KeyedStateHandle handle : subtask.keyed()) {
                    if (handle.intersects(range[0], range[1])) {
                        handles.add(handle);
                    }
                }
            }
            Map<String, List<byte[]>> split = new LinkedHashMap<>();
            for (var entry : splitEntries.entrySet()) {
                List<byte[]> mine = new ArrayList<>();
                for (int i = s; i < entry.getValue().size(); i += parallelism) {
                    mine.add(entry.getValue().get(i));
                }
                split.put(entry.getKey(), mine);
            }
            assigned.add(new OperatorSubtaskState(handles, split, unionEntries, false));
        }
        return assigned;
    }
}
