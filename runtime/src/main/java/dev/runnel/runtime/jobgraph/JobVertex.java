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
 * @param followsJob whether the parallelism is the job's ({@code parallelism.default}) and changes
 *                   when the job rescales; {@code false} for one that was fixed (a global aggregate
 *                   or collect sink of parallelism 1, {@code sink.parallelism}, a source's own)
 */
public record JobVertex(int id, String name, int parallelism, SourceFactory source, List<OperatorFactory> operators,
                        boolean followsJob)
        implements Serializable {

    /** A vertex whose parallelism is fixed: rescaling the job does not change it. */
    public JobVertex(int id, String name, int parallelism, SourceFactory source, List<OperatorFactory> operators) {
        this(id, name, parallelism, source, operators, false);
    }

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

    /** This vertex at {@code newParallelism}. */
    public JobVertex withParallelism(int newParallelism) {
        return new JobVertex(id, name, newParallelism, source, operators, followsJob);
    }

    public boolean isSource() {
        return source != null;
    }
}
