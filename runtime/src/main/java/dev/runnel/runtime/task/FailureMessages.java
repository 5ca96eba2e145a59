package dev.runnel.runtime.task;

import dev.runnel.runtime.connector.RecordException;
import java.io.PrintWriter;
import java.io.StringWriter;

/** Turns a task's exception into the one-line cause a user sees for a FAILED job. */
final class FailureMessages {
    private FailureMessages() {
    }

    /** {@code <root cause message> (in <operator>, subtask 2/4)}. */
    static String describe(Throwable failure, String fallbackOperator, int subtaskIndex, int parallelism) {
        String operator = fallbackOperator;
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof OperatorException oe) {
                operator = oe.operatorName();
                break;
            }
        }
        return rootMessage(failure) + " (in " + operator + ", subtask " + (subtaskIndex + 1) + "/" + parallelism + ")";
    }

    /** Stack traces longer than this are cut: the JobManager keeps several, and the log has them whole. */
    private static final int MAX_STACK_TRACE_CHARS = 32 * 1024;

    /** {@code failure} with its stack trace and causes, as Java prints it (cut after 32 KiB). */
    static String stackTrace(Throwable failure) {
        StringWriter text = new StringWriter();
        failure.printStackTrace(new PrintWriter(text));
        String trace = text.toString();
        return trace.length() <= MAX_STACK_TRACE_CHARS ? trace : trace.substring(0, MAX_STACK_TRACE_CHARS) + "\n\t...";
    }

    /**
     * The most telling message in the cause chain: a {@link RecordException}'s (it says which
     * record), else the first message that is not just a wrapper around its cause.
     */
    static String rootMessage(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof RecordException) {
                return t.getMessage();
            }
        }
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof OperatorException) {
                continue;
            }
            String message = t.getMessage();
            boolean wrapper = t.getCause() != null && (message == null || message.equals(t.getCause().toString()));
            if (!wrapper) {
                return message == null ? t.getClass().getName() : message;
            }
        }
        return failure.toString();
    }
}
