package dev.runnel.runtime.highavailability;

/**
 * Follows the published leader of a component (the JobManager) for a TaskManager, a shell, a
 * script or the JDBC gateway. Thread-safe.
 */
public interface LeaderRetrieval extends AutoCloseable {
    /**
     * Starts telling {@code listener} the current leader (or that there is none) and every
     * change after it. Once per retrieval.
     */
    void start(LeaderRetrievalListener listener);

    /** Stops; the listener is told nothing more once this returns. */
    @Override
    void close();
}
