package dev.runnel.runtime.highavailability;

/**
 * A high-availability service could not do what it was asked: ZooKeeper could not be reached
 * within the retries, a file under the storage directory could not be written or read, or what
 * a store holds cannot be read back. The message says which node or file.
 */
public class HighAvailabilityException extends RuntimeException {
    public HighAvailabilityException(String message) {
        super(message);
    }

    public HighAvailabilityException(String message, Throwable cause) {
        super(message, cause);
    }
}
