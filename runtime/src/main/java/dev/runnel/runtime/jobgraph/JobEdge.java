package dev.runnel.runtime.jobgraph;

import java.io.Serializable;
import java.util.Objects;

/**
 * A data exchange from the last operator of vertex {@code sourceId} to input
 * {@code targetInput} (0 or 1) of the first operator of vertex {@code targetId}.
 */
public record JobEdge(int sourceId, int targetId, int targetInput, Partitioning partitioning) implements Serializable {
    public JobEdge {
        Objects.requireNonNull(partitioning, "partitioning");
    }
}
