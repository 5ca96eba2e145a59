package dev.runnel.runtime.task;

import dev.runnel.runtime.checkpoint.OperatorStateStore;
import dev.runnel.runtime.cluster.RuntimeOptions;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.metrics.Counter;
import dev.runnel.runtime.metrics.OperatorCounters;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.operators.sink.ResultSender;
import dev.runnel.runtime.state.KeyedStateBackend;
import dev.runnel.runtime.state.KeyedStateBackends;
import dev.runnel.runtime.state.ProcessingTimeService;
import dev.runnel.runtime.state.TypeSerializer;

/**
 * What an operator of a deployed task sees of it; its state (restored, snapshotted, closed
 * with the task) is kept by the task's {@link TaskCheckpointing} under {@code operatorId}.
 */
record TaskOperatorContext(String operatorId, String operatorName, String jobName, String jobId, int attempt, int subtaskIndex, int parallelism,
                           Configuration configuration, Output output, ClassLoader userClassLoader,
                           ResultSender resultSender, ProcessingTimeService processingTimeService,
                           TaskCheckpointing state, OperatorCounters counters)
        implements OperatorContext {

    @Override
    public Counter counter(String name) {
        return counters.counter(name);
    }

    @Override
    public KeyedStateBackend keyedStateBackend(TypeSerializer<Row> keySerializer) {
        return state.keyedStateBackend(operatorId, new KeyedStateBackends.Parameters(jobName, operatorName,
                subtaskIndex, parallelism, configuration.get(RuntimeOptions.MAX_PARALLELISM), configuration,
                keySerializer, processingTimeService));
    }

    @Override
    public OperatorStateStore operatorStateStore() {
        return state.operatorStateStore(operatorId);
    }
}
