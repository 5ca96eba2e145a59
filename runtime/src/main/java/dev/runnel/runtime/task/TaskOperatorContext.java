package dev.runnel.runtime.task;

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
import java.util.function.Consumer;

/** What an operator of a deployed task sees of it; backends it creates are given to {@code resources} to close. */
record TaskOperatorContext(String operatorName, String jobName, int subtaskIndex, int parallelism,
                           Configuration configuration, Output output, ClassLoader userClassLoader,
                           ResultSender resultSender, ProcessingTimeService processingTimeService,
                           Consumer<AutoCloseable> resources, OperatorCounters counters)
        implements OperatorContext {

    @Override
    public Counter counter(String name) {
        return counters.counter(name);
    }

    @Override
    public KeyedStateBackend keyedStateBackend(TypeSerializer<Row> keySerializer) {
        KeyedStateBackend backend = KeyedStateBackends.create(new KeyedStateBackends.Parameters(jobName, operatorName,
                subtaskIndex, parallelism, configuration.get(RuntimeOptions.MAX_PARALLELISM), configuration,
                keySerializer, processingTimeService));
        resources.accept(backend);
        return backend;
    }
}
