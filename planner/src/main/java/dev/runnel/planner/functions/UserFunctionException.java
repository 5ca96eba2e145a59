package dev.runnel.planner.functions;

/** A user-defined function cannot be registered or used; the message says why, the caller adds where. */
public final class UserFunctionException extends RuntimeException {
    public UserFunctionException(String message) {
        super(message);
    }
}
