package dev.runnel.shell.script;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Splits SQL text into statements at {@code ;}, ignoring semicolons inside string literals
 * ({@code 'it''s'}), quoted identifiers ({@code `a;b`}, {@code "a;b"}), line comments
 * ({@code -- ;}) and block comments. Leading whitespace and comments of a statement are
 * dropped (so that its reported start is its first token); comments inside it are kept for
 * the parser to skip. {@code EXECUTE STATEMENT SET BEGIN … END;} (also after {@code EXPLAIN},
 * and without {@code EXECUTE}) stays one statement.
 *
 * <p>Lines end at {@code \n}, {@code \r\n} or a lone {@code \r}, as in Calcite's parser, so
 * that positions the parser reports translate exactly. Stateless and thread-safe.
 */
public final class StatementSplitter {
    /** {@code [EXPLAIN …] [EXECUTE] STATEMENT SET BEGIN}: its inserts end with {@code ;} before {@code END}. */
    private static final Pattern STATEMENT_SET_START = Pattern.compile(
            "^(?:EXPLAIN\\b[\\s\\S]*?)?(?:\\bEXECUTE\\s+)?\\bSTATEMENT\\s+SET\\s+BEGIN\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern STATEMENT_SET_END = Pattern.compile("\\bEND\\s*$", Pattern.CASE_INSENSITIVE);

    private StatementSplitter() {
    }

    /**
     * The statements of {@code text} and whether it ends at a statement boundary.
     *
     * @param statements every statement in order, including a last one that lacks its
     *                   {@code ;} (or runs into an unclosed literal or comment)
     * @param complete true when nothing but whitespace and comments follows the last
     *                 {@code ;} and no literal or block comment is left open; the REPL keeps
     *                 reading lines until this holds
     */
    public record Split(List<ScriptStatement> statements, boolean complete) {
        public Split {
            statements = List.copyOf(statements);
        }
    }

    private enum State { CODE, SINGLE_QUOTE, DOUBLE_QUOTE, BACKTICK, LINE_COMMENT, BLOCK_COMMENT }

    /** Splits {@code text}; see {@link Split}. */
    public static Split split(String text) {
        List<ScriptStatement> statements = new ArrayList<>();
        State state = State.CODE;
        int line = 1;
        int column = 1;
        int start = -1;
        int startLine = 0;
        int startColumn = 0;
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            char next = i + 1 < n ? text.charAt(i + 1) : '\0';
            int charLine = line;
            int charColumn = column;
            if (c == '\n' || (c == '\r' && next != '\n')) {
                line++;
                column = 1;
            } else if (c != '\r') {
                column++;
            }
            switch (state) {
                case CODE -> {
                    if (c == '-' && next == '-') {
                        state = State.LINE_COMMENT;
                        i++;
                        column++;
                    } else if (c == '/' && next == '*') {
                        state = State.BLOCK_COMMENT;
                        i++;
                        column++;
                    } else if (c == ';') {
                        if (start >= 0) {
                            String statement = text.substring(start, i).stripTrailing();
                            boolean insideStatementSet = STATEMENT_SET_START.matcher(statement).find()
                                    && !STATEMENT_SET_END.matcher(statement).find();
                            if (!insideStatementSet) {
                                statements.add(new ScriptStatement(statements.size() + 1, statement,
                                        startLine, startColumn));
                                start = -1;
                            }
                        }
                    } else if (!Character.isWhitespace(c)) {
                        if (start < 0) {
                            start = i;
                            startLine = charLine;
                            startColumn = charColumn;
                        }
                        if (c == '\'') {
                            state = State.SINGLE_QUOTE;
                        } else if (c == '"') {
                            state = State.DOUBLE_QUOTE;
                        } else if (c == '`') {
                            state = State.BACKTICK;
                        }
                    }
                }
                // A doubled quote inside a quoted run escapes it; the scanner sees it as the
                // run closing and immediately reopening, which ends in the same state.
                case SINGLE_QUOTE -> state = c == '\'' ? State.CODE : state;
                case DOUBLE_QUOTE -> state = c == '"' ? State.CODE : state;
                case BACKTICK -> state = c == '`' ? State.CODE : state;
                case LINE_COMMENT -> state = c == '\n' || c == '\r' ? State.CODE : state;
                case BLOCK_COMMENT -> {
                    if (c == '*' && next == '/') {
                        state = State.CODE;
                        i++;
                        column++;
                    }
                }
            }
        }
        boolean complete = start < 0 && (state == State.CODE || state == State.LINE_COMMENT);
        if (start >= 0) {
            String statement = text.substring(start).stripTrailing();
            statements.add(new ScriptStatement(statements.size() + 1, statement, startLine, startColumn));
        }
        return new Split(statements, complete);
    }
}
