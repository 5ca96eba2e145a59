package dev.runnel.shell.repl;

import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;

/**
 * Completes SQL keywords (in the case the user started typing) and the names of the session's
 * tables. Called on the REPL thread between statements, so it may ask the session.
 */
final class SqlCompleter implements Completer {
    static final List<String> KEYWORDS = List.of(
            "SELECT", "FROM", "WHERE", "AS", "AND", "OR", "NOT", "NULL", "IS", "IN", "BETWEEN", "LIKE",
            "CASE", "WHEN", "THEN", "ELSE", "END", "CAST", "DISTINCT", "GROUP", "BY", "HAVING", "ORDER",
            "LIMIT", "UNION", "ALL", "VALUES", "INSERT", "INTO", "CREATE", "TABLE", "DROP", "IF", "EXISTS",
            "WITH", "SHOW", "TABLES", "JOBS", "DESCRIBE", "STOP", "JOB", "SET", "TRUE", "FALSE",
            "BOOLEAN", "TINYINT", "SMALLINT", "INT", "INTEGER", "BIGINT", "FLOAT", "DOUBLE", "DECIMAL",
            "CHAR", "VARCHAR", "STRING", "BINARY", "VARBINARY", "BYTES", "DATE", "TIME", "TIMESTAMP",
            "TIMESTAMP_LTZ", "WATERMARK", "FOR", "UPPER", "LOWER", "COUNT", "SUM", "MIN", "MAX", "AVG",
            "VIEW", "TEMPORARY", "DATABASE", "DATABASES", "CATALOG", "CATALOGS", "USE", "ALTER", "RENAME",
            "TO", "VIEWS", "COLUMNS", "FUNCTIONS", "CURRENT", "DESC", "COMMENT", "PARTITIONED", "PRIMARY",
            "KEY", "ENFORCED", "METADATA", "VIRTUAL", "INCLUDING", "EXCLUDING", "OVERWRITING", "RESET",
            "EXPLAIN", "PLAN", "CHANGELOG_MODE", "ESTIMATED_COST", "JSON_EXECUTION_PLAN", "EXECUTE",
            "STATEMENT", "BEGIN", "CASCADE", "RESTRICT", "PARTITION", "PARTITIONS", "EXTENDED",
            "HELP", "QUIT", "EXIT");

    private final Supplier<List<String>> tableNames;

    /** {@code tableNames} is asked at every completion; it returns an empty list if it cannot tell. */
    SqlCompleter(Supplier<List<String>> tableNames) {
        this.tableNames = tableNames;
    }

    @Override
    public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
        String word = line.word();
        boolean lowerCase = !word.isEmpty() && word.equals(word.toLowerCase(Locale.ROOT));
        for (String keyword : KEYWORDS) {
            String text = lowerCase ? keyword.toLowerCase(Locale.ROOT) : keyword;
            candidates.add(new Candidate(text, text, "keyword", null, null, null, true));
        }
        for (String table : tableNames.get()) {
            candidates.add(new Candidate(table, table, "table", null, null, null, true));
        }
    }
}
