package dev.runnel.runtime.connector;

/**
 * A record could not be read or written. The message says where: the file and line, or the
 * topic, partition and offset, and what was wrong with it.
 */
public class RecordException extends RuntimeException {
    public RecordException(String message) {
        super(message);
    }

    public RecordException(String message, Throwable cause) {
        super(message, cause);
    }
}
