package dev.runnel.runtime.operators;

import dev.runnel.runtime.checkpoint.InMemoryOperatorStateStore;
import dev.runnel.runtime.checkpoint.OperatorStateStore;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.metrics.Counter;
import dev.runnel.runtime.operators.sink.ResultSender;
import dev.runnel.runtime.state.KeyedStateBackend;
import dev.runnel.runtime.state.ProcessingTimeService;
import dev.runnel.runtime.state.TypeSerializer;

/**
 * What a running operator may know about and use from its task. Valid from
 * {@link Operator#open(OperatorContext)} to {@link Operator#close()}.
 */
public interface OperatorContext {
    /** The operator's name in the job graph, for logs and errors. */
    String operatorName();

    /** The job's name, for logs and part-file names. */
    String jobName();

    /**
     * The id of the job this operator runs in: state an operator writes may name it, to tell
     * on restore whether the state is from this job's own checkpoint (a restart) or from a
     * savepoint of another job. The default, for contexts outside a job, is empty.
     */
    default String jobId() {
        return "";
    }

    /**
     * The job's attempt that runs this operator: the same for every subtask of one deployment of
     * the job, and higher at each restart or rescale (never reused by the job, also across
     * JobManager leaders). State written outside checkpoints can name it, so that what a failed
     * or rescaled attempt left behind is told apart from the current attempt's. The default, for
     * contexts outside a job, is 0.
     */
    default int attempt() {
        return 0;
    }

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

    /**
     * Creates the keyed state of this operator subtask, for keys serialized by
     * {@code keySerializer}, on the backend that {@code state.backend.type} selects. Call it at
     * most once, in {@code open}. The task closes the backend after the operator closed.
     */
    default KeyedStateBackend keyedStateBackend(TypeSerializer<Row> keySerializer) {
        throw new UnsupportedOperationException("Operator '" + operatorName() + "' runs where keyed state is not available");
    }

    /**
     * The non-keyed state of this operator subtask, restored from the checkpoint or savepoint the
     * job started from. Ask for it once, in {@code open}. Where checkpoints cannot be taken
     * (this default) it is a fresh store that is never written anywhere.
     */
    default OperatorStateStore operatorStateStore() {
        return new InMemoryOperatorStateStore();
    }

    /** The task's clock and timer callbacks. */
    default ProcessingTimeService processingTimeService() {
        throw new UnsupportedOperationException("Operator '" + operatorName() + "' runs without a processing-time service");
    }

    /**
     * The counter called {@code name} (such as {@code numLateRecordsDropped}), reported with the
     * task's counters: {@code JobInfo#counters()} sums it over subtasks (and over operators of a
     * chain that use the same name). Ask for it in {@code open}. Where nothing reports counters
     * (this default) it counts for nobody.
     */
    default Counter counter(String name) {
        return new Counter();
    }
}
