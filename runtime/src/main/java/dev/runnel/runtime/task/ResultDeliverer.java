package dev.runnel.runtime.task;

import dev.runnel.runtime.data.Row;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Carries a collect sink's rows to the JobManager's result buffer of the job. The future
 * completes once the buffer accepted the rows, which is later than the call while the buffer
 * is full.
 */
@FunctionalInterface
public interface ResultDeliverer {
    CompletableFuture<Void> deliver(ExecutionAttemptId attemptId, List<Row> rows);
}
