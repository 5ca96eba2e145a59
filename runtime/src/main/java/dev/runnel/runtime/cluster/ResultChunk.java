package dev.runnel.runtime.cluster;

import dev.runnel.runtime.data.Row;
import java.io.Serializable;
import java.util.List;

/**
 * Rows of a query result fetched from a running job's collect sink.
 *
 * @param rows the rows fetched, in order, possibly none
 * @param endOfResult true when the job has ended and every row has been fetched
 */
public record ResultChunk(List<Row> rows, boolean endOfResult) implements Serializable {
}
