package dev.runnel.planner.parse;

import dev.runnel.planner.session.SqlExecutionException;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;
import dev.runnel.planner.validate.RunnelConformance;

/** Parses one statement into a {@link SqlNode}; syntax errors become {@link SqlExecutionException}s with a position. */
public final class StatementParser {
    /** How many expected tokens a syntax error lists before it stops listing them. */
    private static final int MAX_EXPECTED_LISTED = 8;

    private StatementParser() {
    }

    /** Flink's lexical conventions: back-tick quoting, case-sensitive identifiers kept as written. */
    public static SqlParser.Config config() {
        return SqlParser.config()
                .withQuoting(Quoting.BACK_TICK)
                .withCaseSensitive(true)
                .withUnquotedCasing(Casing.UNCHANGED)
                .withQuotedCasing(Casing.UNCHANGED)
                .withConformance(RunnelConformance.INSTANCE);
    }

    /**
     * Parses exactly one statement (without a trailing {@code ;}).
     *
     * @throws SqlExecutionException with the line and column of a syntax error
     */
    public static SqlNode parse(String sql) {
        try {
            return SqlParser.create(sql, config()).parseStmt();
        } catch (SqlParseException e) {
            SqlParserPos pos = e.getPos();
            int line = pos == null ? 0 : pos.getLineNum();
            int column = pos == null ? 0 : pos.getColumnNum();
            throw new SqlExecutionException(syntaxMessage(e), line, column, e);
        }
    }

    /**
     * Calcite's message without its list of every token the grammar would have accepted,
     * unless that list is short enough to help.
     */
    static String syntaxMessage(SqlParseException e) {
        String message = e.getMessage() == null ? "Syntax error" : e.getMessage().strip();
        int cut = message.indexOf("\nWas expecting");
        if (cut < 0) {
            return message;
        }
        String head = message.substring(0, cut).strip();
        var expected = e.getExpectedTokenSequences();
        if (expected != null && expected.length > 0 && expected.length <= MAX_EXPECTED_LISTED) {
            StringBuilder sb = new StringBuilder(head).append(" Was expecting one of: ");
            String[] images = e.getTokenImages();
            for (int i = 0; i < expected.length; i++) {
                StringBuilder seq = new StringBuilder();
                for (int token : expected[i]) {
                    seq.append(seq.length() == 0 ? "" : " ").append(images[token]);
                }
                sb.append(i == 0 ? "" : ", ").append(seq);
            }
            return sb.toString();
        }
        return head;
    }
}
