package dev.runnel.runtime.jobgraph;

import dev.runnel.runtime.types.RowType;
import java.io.Serializable;
import java.util.Objects;

/**
 * A data exchange from the last operator of vertex {@code sourceId} to input
 * {@code targetInput} (0 or 1) of the first operator of vertex {@code targetId}.
 *
 * @param rowType the schema of the rows on the edge, so that they cross between TaskManagers in
 *                a form without a tag per field; {@code null} when not known (a job graph built
 *                by hand, or a type the runtime has no serializer for), and then each field
 *                says its own type on the wire
 */
public record JobEdge(int sourceId, int targetId, int targetInput, Partitioning partitioning, RowType rowType)
        implements Serializable {
    public JobEdge {
        Objects.requireNonNull(partitioning, "partitioning");
    }

    /** An edge whose rows' schema is not known. */
    public JobEdge(int sourceId, int targetId, int targetInput, Partitioning partitioning) {
        this(sourceId, targetId, targetInput, partitioning, null);
    }
}
