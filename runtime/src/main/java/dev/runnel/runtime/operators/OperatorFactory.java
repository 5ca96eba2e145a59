package dev.runnel.runtime.operators;

import java.io.Serializable;

/**
 * The serializable description of an operator in a {@link dev.runnel.runtime.jobgraph.JobGraph};
 * each subtask calls {@link #create()} once to get its own instance.
 */
public interface OperatorFactory extends Serializable {
    /** A short, readable name, such as {@code Calc(select=[id, amount], where=[>(amount, 100)])}. */
    String name();

    /**
     * What must stay the same for this operator to take over state a savepoint wrote for the
     * operator at its position: its kind and whatever decides the layout and meaning of its
     * state (aggregations, keys and their types), but none of the options that may change
     * between a savepoint and the job resumed from it (a sink's path or format options). The
     * default is {@link #name()}, which describes the computation; operators whose name holds
     * such options, or not their state's types, override it.
     */
    default String stateSignature() {
        return name();
    }

    Operator create();
}
