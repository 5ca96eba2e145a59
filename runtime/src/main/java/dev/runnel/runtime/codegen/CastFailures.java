package dev.runnel.runtime.codegen;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The error a generated expression raises when a {@code CAST} of a string to a number meets a
 * value that is not one. Java's parsers only say {@code For input string: "abc"}; a user needs the
 * value, the target type, the cast that failed and the way out ({@code TRY_CAST}).
 */
public final class CastFailures {
    private static final Pattern INPUT = Pattern.compile("For input string: \"(.*)\"(?: under radix \\d+)?",
            Pattern.DOTALL);

    private CastFailures() {
    }

    /**
     * The exception to throw instead of {@code failure}.
     *
     * @param casts each string-to-number cast of the expression, as {@code CAST(s AS INT)}, and
     *              its target type, alternating: {@code {"CAST(s AS INT)", "INT", …}}
     */
    public static IllegalArgumentException failed(NumberFormatException failure, String[] casts) {
        Matcher input = INPUT.matcher(failure.getMessage() == null ? "" : failure.getMessage());
        String value = input.matches() ? "'" + input.group(1) + "'" : "a string";
        String message;
        if (casts.length == 2) {
            message = "Cannot cast " + value + " to " + casts[1] + " in " + casts[0] + ": it is not a valid "
                    + casts[1] + ". Use " + casts[0].replaceFirst("^CAST", "TRY_CAST") + " to get NULL instead";
        } else {
            StringBuilder all = new StringBuilder();
            for (int i = 0; i < casts.length; i += 2) {
                all.append(i == 0 ? "" : ", ").append(casts[i]);
            }
            message = "Cannot cast " + value + " to a number in one of " + all
                    + ": it is not a valid number. Use TRY_CAST to get NULL instead";
        }
        if (!input.matches() && failure.getMessage() != null) {
            message += " (" + failure.getMessage() + ")";
        }
        return new IllegalArgumentException(message, failure);
    }
}
