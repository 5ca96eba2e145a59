package dev.runnel.planner.parse;

import dev.runnel.planner.session.SqlExecutionException;
import dev.runnel.sql.parser.RunnelSqlParser;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParserPos;

/** Parses one statement with Runnel's grammar; syntax errors become {@link SqlExecutionException}s with a position. */
public final class StatementParser {
    private StatementParser() {
    }

    /**
     * Parses exactly one statement (a trailing {@code ;} is tolerated).
     *
     * @throws SqlExecutionException with the line and column of a syntax error
     */
    public static SqlNode parse(String sql) {
        try {
            return RunnelSqlParser.parse(sql);
        } catch (SqlParseException e) {
            SqlParserPos pos = e.getPos();
            int line = pos == null ? 0 : pos.getLineNum();
            int column = pos == null ? 0 : pos.getColumnNum();
            String message = e.getMessage() == null ? "Syntax error" : e.getMessage().strip();
            throw new SqlExecutionException(message, line, column, e);
        }
    }
}
