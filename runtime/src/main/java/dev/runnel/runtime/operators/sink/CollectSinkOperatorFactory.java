package dev.runnel.runtime.operators.sink;

import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import java.util.Objects;

/**
 * The sink of a {@code SELECT}: its rows go back to the client that runs the query, which
 * fetches them with {@link dev.runnel.runtime.cluster.ClusterClient#fetchResults}. Put it
 * behind a GLOBAL edge (parallelism 1) when the rows' order matters.
 *
 * @param name readable name, such as {@code Collect}
 */
public record CollectSinkOperatorFactory(String name) implements OperatorFactory {
    public CollectSinkOperatorFactory {
        Objects.requireNonNull(name, "name");
    }

    public CollectSinkOperatorFactory() {
        this("Collect");
    }

    @Override
    public Operator create() {
        return new CollectSinkOperator();
    }
}
