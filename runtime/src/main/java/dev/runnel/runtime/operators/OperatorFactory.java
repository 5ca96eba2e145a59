package dev.runnel.runtime.operators;

import java.io.Serializable;

/**
 * The serializable description of an operator in a {@link dev.runnel.runtime.jobgraph.JobGraph};
 * each subtask calls {@link #create()} once to get its own instance.
 */
public interface OperatorFactory extends Serializable {
    /** A short, readable name, such as {@code Calc(select=[id, amount], where=[>(amount, 100)])}. */
    String name();

    Operator create();
}
