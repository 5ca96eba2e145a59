package dev.runnel.shell.render;

import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.Values;
import java.io.PrintWriter;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import org.jline.utils.WCWidth;

/**
 * Prints rows as ASCII tables in the style of Flink SQL client's "tableau" mode: {@code +---+}
 * borders, right-aligned cells, SQL NULL as {@code <NULL>}. Output is plain text (no colours,
 * no cursor movement), so the same form serves the REPL and diff-friendly script output.
 *
 * <p>A finite result ({@link #printTable}) sizes each column to its widest value. A streaming
 * result ({@link #startStream}) cannot know its values in advance, so its columns are sized
 * from their types and longer values are cut with {@code ...}. Not thread-safe.
 */
public final class TableauPrinter {
    /** How SQL NULL is shown, as in Flink's SQL client. */
    public static final String NULL_TEXT = "<NULL>";
    /** The widest a column of a streaming result gets from its type alone. */
    static final int MAX_STREAM_COLUMN_WIDTH = 30;
    private static final String ELLIPSIS = "...";

    private final PrintWriter out;
    private final ZoneId zone;

    /** {@code zone} is where TIMESTAMP_LTZ values are shown. */
    public TableauPrinter(PrintWriter out, ZoneId zone) {
        this.out = out;
        this.zone = zone;
    }

    /** Prints a finite result whole, then {@code N rows in set}, or {@code Empty set}. */
    public void printTable(List<ColumnInfo> columns, List<Row> rows) {
        if (rows.isEmpty()) {
            out.println("Empty set");
            out.flush();
            return;
        }
        List<String[]> cells = new ArrayList<>(rows.size());
        int[] widths = new int[columns.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = displayWidth(columns.get(c).name());
        }
        for (Row row : rows) {
            String[] texts = texts(columns, row);
            for (int c = 0; c < texts.length; c++) {
                widths[c] = Math.max(widths[c], displayWidth(texts[c]));
            }
            cells.add(texts);
        }
        String border = border(widths);
        out.println(border);
        out.println(line(widths, names(columns)));
        out.println(border);
        for (String[] texts : cells) {
            out.println(line(widths, texts));
        }
        out.println(border);
        out.println(rows.size() == 1 ? "1 row in set" : rows.size() + " rows in set");
        out.flush();
    }

    /**
     * Prints the header of a changelog result (an {@code op} column, then {@code columns}) and
     * returns the stream to print its rows into, each as soon as it arrives.
     */
    public Stream startStream(List<ColumnInfo> columns) {
        int[] widths = new int[columns.size() + 1];
        widths[0] = 2;
        System.arraycopy(streamWidths(columns), 0, widths, 1, columns.size());
        String[] header = new String[widths.length];
        header[0] = "op";
        String[] names = names(columns);
        System.arraycopy(names, 0, header, 1, names.length);
        Stream stream = new Stream(columns, widths, border(widths));
        out.println(stream.border);
        out.println(line(widths, header));
        out.println(stream.border);
        out.flush();
        return stream;
    }

    /** The width of each column of a streaming result: its name's or its type's widest value, whichever is wider. */
    static int[] streamWidths(List<ColumnInfo> columns) {
        int[] widths = new int[columns.size()];
        for (int c = 0; c < widths.length; c++) {
            ColumnInfo column = columns.get(c);
            widths[c] = Math.max(displayWidth(column.name()), typeWidth(column.type()));
        }
        return widths;
    }

    /** The rows of one streaming result; see {@link #startStream}. */
    public final class Stream {
        private final List<ColumnInfo> columns;
        private final int[] widths;
        private final String border;
        private long count;

        private Stream(List<ColumnInfo> columns, int[] widths, String border) {
            this.columns = columns;
            this.widths = widths;
            this.border = border;
        }

        /** Prints one row with its change kind ({@code +I}, {@code -U}, …). */
        public void row(Row row) {
            String[] texts = texts(columns, row);
            String[] cells = new String[texts.length + 1];
            cells[0] = row.kind().shortString();
            for (int c = 0; c < texts.length; c++) {
                cells[c + 1] = truncate(texts[c], widths[c + 1]);
            }
            out.println(line(widths, cells));
            count++;
        }

        /** Flushes the rows printed so far to the terminal or file. */
        public void flush() {
            out.flush();
        }

        public long count() {
            return count;
        }

        /** Closes the table after the last row: {@code Received a total of N rows}. */
        public void end() {
            out.println(border);
            out.println("Received a total of " + rowsText(count));
            out.flush();
        }

        /** Closes the table of a query that failed; the caller reports the failure. */
        public void abort() {
            out.println(border);
            out.flush();
        }

        /** Closes the table of a query the user cancelled. */
        public void cancelled() {
            out.println(border);
            out.println("Query cancelled, received a total of " + rowsText(count));
            out.flush();
        }
    }

    static String rowsText(long count) {
        return count == 1 ? "1 row" : count + " rows";
    }

    String[] texts(List<ColumnInfo> columns, Row row) {
        String[] texts = new String[columns.size()];
        for (int c = 0; c < texts.length; c++) {
            Object value = row.getField(c);
            // Flink's tableau prints booleans as TRUE and FALSE (formats write true and false)
            String text = value instanceof Boolean b ? (b ? "TRUE" : "FALSE")
                    : Values.toText(value, columns.get(c).type(), zone);
            texts[c] = text == null ? NULL_TEXT : text;
        }
        return texts;
    }

    static String[] names(List<ColumnInfo> columns) {
        return columns.stream().map(ColumnInfo::name).toArray(String[]::new);
    }

    static String border(int[] widths) {
        StringBuilder sb = new StringBuilder("+");
        for (int width : widths) {
            sb.append("-".repeat(width + 2)).append('+');
        }
        return sb.toString();
    }

    static String line(int[] widths, String[] cells) {
        StringBuilder sb = new StringBuilder("|");
        for (int c = 0; c < widths.length; c++) {
            sb.append(' ').append(" ".repeat(Math.max(0, widths[c] - displayWidth(cells[c]))))
                    .append(cells[c]).append(" |");
        }
        return sb.toString();
    }

    static String truncate(String text, int width) {
        return truncate(text, width, ELLIPSIS);
    }

    /** {@code text} cut to {@code width} cells, ending with {@code ellipsis} where it was cut. */
    static String truncate(String text, int width, String ellipsis) {
        if (displayWidth(text) <= width) {
            return text;
        }
        int budget = Math.max(0, width - displayWidth(ellipsis));
        int used = 0;
        int end = 0;
        while (end < text.length()) {
            int codePoint = text.codePointAt(end);
            int cells = cells(codePoint);
            if (used + cells > budget) {
                break;
            }
            used += cells;
            end += Character.charCount(codePoint);
        }
        return text.substring(0, end) + ellipsis;
    }

    /** Width in terminal cells: wide East Asian glyphs take two, combining marks none. */
    static int displayWidth(String text) {
        int width = 0;
        for (int i = 0; i < text.length(); ) {
            int codePoint = text.codePointAt(i);
            width += cells(codePoint);
            i += Character.charCount(codePoint);
        }
        return width;
    }

    private static int cells(int codePoint) {
        // Control characters have no width of their own (-1); count them as one so that
        // a value holding one still lines up as well as it can.
        return Math.max(WCWidth.wcwidth(codePoint), codePoint < 0x20 ? 1 : 0);
    }

    /** The widest text a value of {@code type} prints as, capped for unbounded strings. */
    static int typeWidth(DataType type) {
        int width = switch (type.root()) {
            case BOOLEAN -> 5;
            case TINYINT -> 4;
            case SMALLINT -> 6;
            case INTEGER -> 11;
            case BIGINT -> 20;
            case FLOAT -> 15;
            case DOUBLE -> 24;
            case DECIMAL -> type.precision() + 2;
            case CHAR, VARCHAR -> Math.min(type.precision(), MAX_STREAM_COLUMN_WIDTH);
            case BINARY, VARBINARY -> (int) Math.min(4L * ((type.precision() + 2L) / 3), MAX_STREAM_COLUMN_WIDTH);
            case DATE -> 10;
            case TIME -> 8 + fractionWidth(type.precision());
            case TIMESTAMP, TIMESTAMP_LTZ -> 19 + fractionWidth(type.precision());
            // "(a, b)": the fields' widths, their separators and the parentheses.
            case ROW -> Math.min(MAX_STREAM_COLUMN_WIDTH, type.fields().stream()
                    .mapToInt(f -> typeWidth(f.type()) + 2).sum());
            // unbounded, as Flink's tableau sizes them
            case ARRAY, MULTISET, MAP -> MAX_STREAM_COLUMN_WIDTH;
        };
        return type.nullable() ? Math.max(width, NULL_TEXT.length()) : width;
    }

    private static int fractionWidth(int precision) {
        return precision > 0 ? precision + 1 : 0;
    }
}
