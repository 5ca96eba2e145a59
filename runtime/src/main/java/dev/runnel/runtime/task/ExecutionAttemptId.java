package dev.runnel.runtime.task;

import dev.runnel.runtime.cluster.JobId;
import java.io.Serializable;
import java.util.Objects;

/**
 * One attempt to run one subtask: a vertex's subtask is retried with a new attempt number,
 * so late messages about an old attempt can be told apart.
 */
public record ExecutionAttemptId(JobId jobId, int vertexId, int subtaskIndex, int attempt) implements Serializable {
    public ExecutionAttemptId {
        Objects.requireNonNull(jobId, "jobId");
    }

    @Override
    public String toString() {
        return jobId + "/vertex " + vertexId + "/subtask " + subtaskIndex + "/attempt " + attempt;
    }
}
