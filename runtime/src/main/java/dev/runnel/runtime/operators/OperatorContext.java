package dev.runnel.runtime.operators;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.operators.sink.ResultSender;

/**
 * What a running operator may know about and use from its task. Valid from
 * {@link Operator#open(OperatorContext)} to {@link Operator#close()}.
 */
public interface OperatorContext {
    /** The operator's name in the job graph, for logs and errors. */
    String operatorName();

    /** The job's name, for logs and part-file names. */
    String jobName();

    /** The index of this parallel instance, 0-based. */
    int subtaskIndex();

    /** The number of parallel instances of this operator. */
    int parallelism();

    /** The job's configuration. */
    Configuration configuration();

    /** Where the operator sends its rows and watermarks. */
    Output output();

    /** The class loader to load generated code with. */
    ClassLoader userClassLoader();

    /**
     * Where a collect sink sends the rows that go back to the client. Only tasks deployed by a
     * JobManager provide one.
     */
    default ResultSender resultSender() {
        throw new UnsupportedOperationException("Operator '" + operatorName() + "' runs where results cannot be sent to a client");
    }
}
