package dev.runnel.runtime.rpc;

/** A JobManager in another process could not be reached, or did not answer in time; the message names it. */
public final class ClusterConnectionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ClusterConnectionException(String message, Throwable cause) {
        super(message, cause);
    }
}
