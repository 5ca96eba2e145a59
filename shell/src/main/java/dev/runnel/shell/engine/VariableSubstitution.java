package dev.runnel.shell.engine;

import dev.runnel.planner.session.SessionOptions;
import dev.runnel.planner.session.SqlExecutionException;
import dev.runnel.runtime.config.Configuration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces {@code ${name}} in a statement by the value of the session variable {@code name}
 * before the statement is parsed. Variables are session properties under
 * {@link SessionOptions#VARIABLE_PREFIX}: {@code SET 'var.dir' = '/data'} (or
 * {@code SET var.dir = '/data'}) and {@code runnel --define dir=/data} both define {@code dir}.
 *
 * <ul>
 *   <li>References are replaced in code, string literals and quoted identifiers
 *       ({@code 'path' = '${dir}/orders.json'} is the common case), not in comments.</li>
 *   <li>{@code $${name}} is the escape: it stays {@code ${name}}, literally.</li>
 *   <li>{@code ${} not followed by a name and {@code }} is left as it is.</li>
 *   <li>One pass: a value that itself holds {@code ${…}} is not substituted again.</li>
 *   <li>A reference to an undefined variable is a {@link SqlExecutionException} naming it, at
 *       its line and column in the statement.</li>
 * </ul>
 *
 * Stateless and thread-safe.
 */
public final class VariableSubstitution {
    private static final Pattern REFERENCE =
            Pattern.compile("\\$\\{(" + SessionOptions.VARIABLE_NAME.pattern() + ")}");

    private VariableSubstitution() {
    }

    /** The session variables that {@code configuration} holds, by name (without {@code var.}). */
    public static Map<String, String> variables(Configuration configuration) {
        Map<String, String> variables = new TreeMap<>();
        configuration.toMap().forEach((key, value) -> {
            if (key.startsWith(SessionOptions.VARIABLE_PREFIX)) {
                variables.put(key.substring(SessionOptions.VARIABLE_PREFIX.length()), value);
            }
        });
        return variables;
    }

    /**
     * Substitutes the references in {@code statement}.
     *
     * @throws SqlExecutionException at the first reference to a variable {@code variables} lacks
     */
    public static Substituted apply(String statement, Map<String, String> variables) {
        if (!statement.contains("${")) {
            return new Substituted(statement, statement, List.of());
        }
        StringBuilder out = new StringBuilder(statement.length());
        List<Replacement> replacements = new ArrayList<>();
        Matcher reference = REFERENCE.matcher(statement);
        State state = State.CODE;
        int n = statement.length();
        for (int i = 0; i < n; i++) {
            char c = statement.charAt(i);
            char next = i + 1 < n ? statement.charAt(i + 1) : '\0';
            if (state != State.LINE_COMMENT && state != State.BLOCK_COMMENT && c == '$') {
                if (next == '$' && reference.region(i + 1, n).lookingAt()) {
                    // $${name}: drop one '$' and copy the reference as it is.
                    replacements.add(new Replacement(out.length(), out.length() + reference.end() - i - 1, i, reference.end()));
                    out.append(statement, i + 1, reference.end());
                    i = reference.end() - 1;
                    continue;
                }
                if (reference.region(i, n).lookingAt()) {
                    String name = reference.group(1);
                    String value = variables.get(name);
                    if (value == null) {
                        int[] at = Positions.lineAndColumn(statement, i);
                        throw new SqlExecutionException("Variable '" + name + "' is not defined; define it with SET 'var."
                                + name + "' = '...' or --define " + name + "=...", at[0], at[1], null);
                    }
                    replacements.add(new Replacement(out.length(), out.length() + value.length(), i, reference.end()));
                    out.append(value);
                    i = reference.end() - 1;
                    continue;
                }
            }
            out.append(c);
            State before = state;
            state = state.next(c, next);
            // A comment's "--", "/*" or "*/" is read whole, so that "/*/" does not close at once.
            boolean twoCharacters = before == State.CODE && (state == State.LINE_COMMENT || state == State.BLOCK_COMMENT)
                    || before == State.BLOCK_COMMENT && state == State.CODE;
            if (twoCharacters) {
                out.append(next);
                i++;
            }
        }
        return new Substituted(statement, out.toString(), replacements);
    }

    /** Where a reference was replaced: {@code [outStart, outEnd)} of the result came from {@code [inStart, inEnd)}. */
    private record Replacement(int outStart, int outEnd, int inStart, int inEnd) {
    }

    /** Scanner states: comments are skipped, everything else is substituted. */
    private enum State {
        CODE, SINGLE_QUOTE, DOUBLE_QUOTE, BACKTICK, LINE_COMMENT, BLOCK_COMMENT;

        State next(char c, char next) {
            return switch (this) {
                case CODE -> c == '\'' ? SINGLE_QUOTE : c == '"' ? DOUBLE_QUOTE : c == '`' ? BACKTICK
                        : c == '-' && next == '-' ? LINE_COMMENT : c == '/' && next == '*' ? BLOCK_COMMENT : CODE;
                // A doubled quote closes and reopens the literal, which ends in the same state.
                case SINGLE_QUOTE -> c == '\'' ? CODE : this;
                case DOUBLE_QUOTE -> c == '"' ? CODE : this;
                case BACKTICK -> c == '`' ? CODE : this;
                case LINE_COMMENT -> c == '\n' || c == '\r' ? CODE : this;
                case BLOCK_COMMENT -> c == '*' && next == '/' ? CODE : this;
            };
        }
    }

    /**
     * A statement after substitution.
     *
     * @param original the statement as written
     * @param text the statement to run
     */
    public record Substituted(String original, String text, List<Replacement> replacements) {

        /**
         * {@code error} with its position (and the positions its message names) moved from
         * {@link #text()} back to {@link #original()}, so that it points at what the user wrote;
         * a position inside a substituted value points at its {@code ${}. Other errors as they are.
         */
        public RuntimeException translate(RuntimeException error) {
            if (replacements.isEmpty() || !(error instanceof SqlExecutionException sql) || !sql.hasPosition()) {
                return error;
            }
            int[] at = toOriginal(sql.line(), Math.max(1, sql.column()));
            Matcher positions = MESSAGE_POSITION.matcher(sql.getMessage() == null ? "" : sql.getMessage());
            StringBuilder message = new StringBuilder();
            while (positions.find()) {
                int[] named = toOriginal(Integer.parseInt(positions.group(1)), Integer.parseInt(positions.group(2)));
                positions.appendReplacement(message, "line " + named[0] + ", column " + named[1]);
            }
            positions.appendTail(message);
            return new SqlExecutionException(message.toString(), at[0], at[1], sql);
        }

        private int[] toOriginal(int line, int column) {
            int offset = Positions.offset(text, line, column);
            int shift = 0;
            for (Replacement replacement : replacements) {
                if (offset < replacement.outStart()) {
                    break;
                }
                if (offset < replacement.outEnd()) {
                    return Positions.lineAndColumn(original, replacement.inStart());
                }
                shift = replacement.inEnd() - replacement.outEnd();
            }
            return Positions.lineAndColumn(original, offset + shift);
        }

        private static final Pattern MESSAGE_POSITION = Pattern.compile("line (\\d+), column (\\d+)");
    }

    /** Offsets and 1-based line/column pairs; lines end at {@code \n}, {@code \r\n} or a lone {@code \r}, as in Calcite. */
    private static final class Positions {
        static int[] lineAndColumn(String text, int offset) {
            int line = 1;
            int column = 1;
            for (int i = 0; i < Math.min(offset, text.length()); i++) {
                char c = text.charAt(i);
                if (c == '\n' || (c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n'))) {
                    line++;
                    column = 1;
                } else if (c != '\r') {
                    column++;
                }
            }
            return new int[] {line, column + Math.max(0, offset - text.length())};
        }

        static int offset(String text, int line, int column) {
            int i = 0;
            for (int l = 1; l < line && i < text.length(); i++) {
                char c = text.charAt(i);
                if (c == '\n' || (c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n'))) {
                    l++;
                }
            }
            return i + column - 1;
        }
    }
}
