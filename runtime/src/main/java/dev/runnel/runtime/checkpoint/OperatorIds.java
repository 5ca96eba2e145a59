package dev.runnel.runtime.checkpoint;

import dev.runnel.runtime.jobgraph.JobVertex;
import java.util.ArrayList;
import java.util.List;

/**
 * Names the operators of a job graph for checkpoints: {@code <vertexId>-source} for a vertex's
 * source and {@code <vertexId>-<chainIndex>} for its chained operators. The planner numbers
 * vertices the same way for the same query, so ids are stable across runs (like Flink's operator
 * uids, which derive from the topology). The descriptor (operator class and
 * {@code stateSignature()}: its kind, computation, keys and state types) tells whether the
 * operator at that position can still take the state over. Neither holds connector options or the
 * names of the other operators of the vertex, so a changed sink path or source rate restores.
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
                    descriptor(vertex.source().getClass(), vertex.source().stateSignature())));
        }
        for (int i = 0; i < vertex.operators().size(); i++) {
            var factory = vertex.operators().get(i);
            refs.add(new OperatorRef(chained(vertex.id(), i), factory.name(),
                    descriptor(factory.getClass(), factory.stateSignature())));
        }
        return refs;
    }

    private static String descriptor(Class<?> type, String stateSignature) {
        return type.getName() + " | " + stateSignature;
    }
}
