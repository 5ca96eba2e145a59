package dev.runnel.runtime.operators.sink;

import dev.runnel.runtime.data.Row;
import java.util.List;

/**
 * Delivers result rows of a query to the client that submitted it, through the JobManager's
 * bounded result buffer. Given to operators by {@link dev.runnel.runtime.operators.OperatorContext#resultSender()}.
 *
 * <p>Called from the task's thread only.
 */
public interface ResultSender {
    /**
     * Hands {@code rows} over, blocking while the job's result buffer is full (the client
     * fetches too slowly). Throws an unchecked exception if the task is cancelled meanwhile.
     */
    void send(List<Row> rows) throws InterruptedException;

    /**
     * Hands over {@code rows}, numbered from {@code firstOffset}: the number of rows this sink
     * subtask sent before them, counted across restarts. A checkpointed collect sink sends rows
     * of a completed checkpoint again after a restore when it cannot know whether they went out
     * before the failure; a receiver that remembers how many rows of each subtask it accepted
     * drops those it has. This default forwards all of them.
     */
    default void send(List<Row> rows, long firstOffset) throws InterruptedException {
        send(rows);
    }
}
