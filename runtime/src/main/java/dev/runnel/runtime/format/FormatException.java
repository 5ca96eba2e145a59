package dev.runnel.runtime.format;

/**
 * A record cannot be parsed or written by a format. The message says what is wrong (the field,
 * its value and the expected type); whoever read the record adds where it came from.
 */
public class FormatException extends RuntimeException {
    public FormatException(String message) {
        super(message);
    }

    public FormatException(String message, Throwable cause) {
        super(message, cause);
    }

    /** The message for a value of {@code field} that is not a valid {@code type}. */
    public static FormatException badField(String field, Object value, Object type, Throwable cause) {
        String shown = String.valueOf(value);
        if (shown.length() > 100) {
            shown = shown.substring(0, 100) + "...";
        }
        String reason = cause == null || cause.getMessage() == null ? "" : " (" + cause.getMessage() + ")";
        return new FormatException("field '" + field + "': cannot read '" + shown + "' as " + type + reason, cause);
    }
}
