package dev.runnel.runtime.rest;

/** A request the endpoint answers with an error status and {@code {"errors":[message]}}, as Flink does. */
final class RestException extends RuntimeException {
    static final int BAD_REQUEST = 400;
    static final int NOT_FOUND = 404;
    static final int METHOD_NOT_ALLOWED = 405;
    static final int CONFLICT = 409;

    private final int status;

    RestException(int status, String message) {
        super(message);
        this.status = status;
    }

    int status() {
        return status;
    }
}
