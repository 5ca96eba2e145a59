package dev.runnel.runtime.task;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.operators.sink.ResultSender;

/** What an operator of a deployed task sees of it. */
record TaskOperatorContext(String operatorName, String jobName, int subtaskIndex, int parallelism,
                           Configuration configuration, Output output, ClassLoader userClassLoader,
                           ResultSender resultSender) implements OperatorContext {
}
