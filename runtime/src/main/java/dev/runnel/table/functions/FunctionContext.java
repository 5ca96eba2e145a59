package dev.runnel.table.functions;

import java.util.Map;
import java.util.Objects;

/**
 * What a {@link UserDefinedFunction} learns about where it runs, passed to
 * {@link UserDefinedFunction#open}: the subtask, the job's configuration and its class loader.
 */
public final class FunctionContext {
    private final int subtaskIndex;
    private final int parallelism;
    private final Map<String, String> jobParameters;
    private final ClassLoader userClassLoader;

    public FunctionContext(int subtaskIndex, int parallelism, Map<String, String> jobParameters,
                           ClassLoader userClassLoader) {
        this.subtaskIndex = subtaskIndex;
        this.parallelism = parallelism;
        this.jobParameters = Map.copyOf(jobParameters);
        this.userClassLoader = Objects.requireNonNull(userClassLoader, "userClassLoader");
    }

    /** The 0-based index of the subtask that evaluates the function. */
    public int getIndexOfThisSubtask() {
        return subtaskIndex;
    }

    /** The parallelism of the operator that evaluates the function. */
    public int getNumberOfParallelSubtasks() {
        return parallelism;
    }

    /** The job's configuration value of {@code key} (a {@code SET} of the session), else {@code defaultValue}. */
    public String getJobParameter(String key, String defaultValue) {
        return jobParameters.getOrDefault(key, defaultValue);
    }

    public ClassLoader getUserCodeClassLoader() {
        return userClassLoader;
    }
}
