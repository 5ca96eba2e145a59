package dev.runnel.runtime.state;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;

/** Creates the keyed state backend that the job's configuration selects ({@code state.backend.type}). */
public final class KeyedStateBackends {
    private KeyedStateBackends() {
    }

    /**
     * What a backend needs to know of the operator subtask it serves.
     *
     * @param jobName and {@code operatorName}: for the local directory's name and errors
     */
    public record Parameters(String jobName, String operatorName, int subtaskIndex, int parallelism,
                             int maxParallelism, Configuration configuration, TypeSerializer<Row> keySerializer,
                             ProcessingTimeService processingTimeService) {
    }

    public static KeyedStateBackend create(Parameters parameters) {
        throw new UnsupportedOperationException("No keyed state backend is built yet");
    }
}
