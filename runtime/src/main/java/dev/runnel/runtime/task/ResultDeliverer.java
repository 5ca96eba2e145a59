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
    /** The {@code firstOffset} of rows that carry no number: they are all taken. */
    long UNNUMBERED = -1;

    /**
     * Delivers {@code rows}; {@code firstOffset} numbers them as
     * {@link dev.runnel.runtime.operators.sink.ResultSender#send(List, long)} does, or is
     * {@link #UNNUMBERED}.
     */
    CompletableFuture<Void> deliver(ExecutionAttemptId attemptId, List<Row> rows, long firstOffset);
}
