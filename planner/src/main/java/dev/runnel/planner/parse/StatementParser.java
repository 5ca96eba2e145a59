package dev.runnel.planner.parse;

import dev.runnel.planner.session.SqlExecutionException;
import dev.runnel.sql.parser.RunnelSqlParser;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParserPos;

/** Parses one statement with Runnel's grammar; syntax errors become {@link SqlExecutionException}s with a position. */
public final class StatementParser {
    /** Flink's {@code CREATE [TEMPORARY [SYSTEM]] FUNCTION [IF NOT EXISTS] name AS 'class'}, which the grammar lacks. */
    private static final Pattern CREATE_FUNCTION = Pattern.compile(
            "(?is)\\s*(?:--[^\\n]*\\n\\s*)*CREATE\\s+(?:TEMPORARY\\s+)?(?:SYSTEM\\s+)?FUNCTION\\s+"
                    + "(?:IF\\s+NOT\\s+EXISTS\\s+)?([^\\s(]+).*");

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
            Matcher createFunction = CREATE_FUNCTION.matcher(sql);
            if (createFunction.matches()) {
                throw new SqlExecutionException("CREATE FUNCTION (the user-defined function " + createFunction.group(1)
                        + ") is not supported yet");
            }
            SqlParserPos pos = e.getPos();
            int line = pos == null ? 0 : pos.getLineNum();
            int column = pos == null ? 0 : pos.getColumnNum();
            String message = e.getMessage() == null ? "Syntax error" : e.getMessage().strip();
            throw new SqlExecutionException(message, line, column, e);
        }
    }
}
