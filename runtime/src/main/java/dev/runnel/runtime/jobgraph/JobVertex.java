package dev.runnel.runtime.jobgraph;

import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.source.SourceFactory;
import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * A chain of operators that run in one thread per subtask, without an exchange between them.
 * A source vertex starts with a {@link SourceFactory}; every other vertex reads its inputs
 * from the edges that end at it.
 *
 * @param id unique within the job graph
 * @param name readable name, such as the chained operator names joined by {@code ->}
 * @param parallelism the number of subtasks, at least 1
 * @param source the source at the head of the chain, or {@code null}
 * @param operators the chained operators, in the order rows pass through them
 */
public record JobVertex(int id, String name, int parallelism, SourceFactory source, List<OperatorFactory> operators)
        implements Serializable {

    public JobVertex {
        Objects.requireNonNull(name, "name");
        operators = List.copyOf(operators);
        if (parallelism < 1) {
            throw new IllegalArgumentException("Parallelism of vertex '" + name + "' must be at least 1, was " + parallelism);
        }
        if (source == null && operators.isEmpty()) {
            throw new IllegalArgumentException("Vertex '" + name + "' has neither a source nor operators");
        }
    }

    public boolean isSource() {
        return source != null;
    }
}
