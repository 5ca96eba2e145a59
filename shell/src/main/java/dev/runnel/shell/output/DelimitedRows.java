package dev.runnel.shell.output;

import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.Values;
import java.io.PrintWriter;
import java.time.ZoneId;
import java.util.List;
import java.util.StringJoiner;
import java.util.function.UnaryOperator;

/**
 * {@code csv} and {@code tsv}: a header line of column names, then one line per row, fields
 * separated by a comma or a tab. Lines end with {@code \n}. Values are written as SQL casts
 * them to text ({@code true}, {@code 2024-01-31 12:00:00.000}); SQL NULL is an empty unquoted
 * field in csv, {@code \N} in tsv.
 */
final class DelimitedRows implements RowFormat {
    /**
     * RFC 4180: a field holding a comma, quote, CR or LF, or an empty string, is quoted, its
     * quotes doubled; NULL is an empty unquoted field.
     */
    static final DelimitedRows CSV = new DelimitedRows(',', DelimitedRows::csvField, "");
    /**
     * Tab-separated in PostgreSQL's text format ({@code COPY … TO STDOUT}): tab, line feed,
     * carriage return and backslash escaped so that a row stays one line, NULL as {@code \N}.
     */
    static final DelimitedRows TSV = new DelimitedRows('\t', DelimitedRows::tsvField, "\\N");

    private static final String OP = "op";

    private final char separator;
    private final UnaryOperator<String> field;
    private final String nullText;

    private DelimitedRows(char separator, UnaryOperator<String> field, String nullText) {
        this.separator = separator;
        this.field = field;
        this.nullText = nullText;
    }

    @Override
    public void start(PrintWriter out, List<ColumnInfo> columns, boolean changelog) {
        StringJoiner line = new StringJoiner(String.valueOf(separator), "", "\n");
        if (changelog) {
            line.add(field.apply(OP));
        }
        for (ColumnInfo column : columns) {
            line.add(field.apply(column.name()));
        }
        out.print(line);
    }

    @Override
    public void row(PrintWriter out, List<ColumnInfo> columns, boolean changelog, Row row, ZoneId zone) {
        StringJoiner line = new StringJoiner(String.valueOf(separator), "", "\n");
        if (changelog) {
            line.add(row.kind().shortString());
        }
        for (int c = 0; c < columns.size(); c++) {
            String text = Values.toText(row.getField(c), columns.get(c).type(), zone);
            line.add(text == null ? nullText : field.apply(text));
        }
        out.print(line);
    }

    static String csvField(String text) {
        boolean quote = text.isEmpty();
        for (int i = 0; i < text.length() && !quote; i++) {
            char c = text.charAt(i);
            quote = c == ',' || c == '"' || c == '\n' || c == '\r';
        }
        return quote ? '"' + text.replace("\"", "\"\"") + '"' : text;
    }

    static String tsvField(String text) {
        StringBuilder sb = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\t' -> sb.append("\\t");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\\' -> sb.append("\\\\");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }
}
