package dev.runnel.runtime.checkpoint;

import java.io.Serializable;
import java.util.Map;

/**
 * The state of one subtask in one checkpoint, by operator id (see {@link OperatorIds}): what a
 * task acknowledges, and what a restored task is deployed with.
 */
public record TaskStateSnapshot(Map<String, OperatorSubtaskState> operators) implements Serializable {

    public TaskStateSnapshot {
        operators = Map.copyOf(operators);
    }

    /** The state of {@code operatorId}, or {@code null} when the snapshot holds none for it. */
    public OperatorSubtaskState get(String operatorId) {
        return operators.get(operatorId);
    }

    /** Whether every operator of the subtask had finished: the task is restored as finished. */
    public boolean isFinished() {
        return !operators.isEmpty() && operators.values().stream().allMatch(OperatorSubtaskState::finished);
    }
}
