package dev.runnel.runtime.rpc;

/**
 * A JobManager (or TaskManager) in another process could not be reached, did not answer in time,
 * or its connection was lost; the message names it.
 */
public final class ClusterConnectionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ClusterConnectionException(String message) {
        super(message);
    }

    ClusterConnectionException(String message, Throwable cause) {
        super(message, cause);
    }
}
