package dev.runnel.runtime.checkpoint;

import dev.runnel.runtime.jobgraph.JobVertex;
import java.util.ArrayList;
import java.util.List;

/**
 * Names the operators of a job graph for checkpoints: {@code <vertexId>-source} for a vertex's
 * source and {@code <vertexId>-<chainIndex>} for its chained operators. The planner numbers
 * vertices the same way for the same query, so ids are stable across runs; the descriptor
 * (vertex name and operator name and class) tells whether the operator is still the same one.
 */
public final class OperatorIds {
    private OperatorIds() {
    }

    /** One operator of a vertex: its id, readable name and descriptor. */
    public record OperatorRef(String id, String name, String descriptor) {
    }

    public static String source(int vertexId) {
        return vertexId + "-source";
    }

    public static String chained(int vertexId, int chainIndex) {
        return vertexId + "-" + chainIndex;
    }

    /** The operators of {@code vertex}, source first, then the chain in order. */
    public static List<OperatorRef> of(JobVertex vertex) {
        List<OperatorRef> refs = new ArrayList<>();
        if (vertex.source() != null) {
            refs.add(new OperatorRef(source(vertex.id()), vertex.source().name(),
                    vertex.name() + " | " + vertex.source().getClass().getName() + " | " + vertex.source().name()));
        }
        for (int i = 0; i < vertex.operators().size(); i++) {
            var factory = vertex.operators().get(i);
            refs.add(new OperatorRef(chained(vertex.id(), i), factory.name(),
                    vertex.name() + " | " + factory.getClass().getName() + " | " + factory.name()));
        }
        return refs;
    }
}
