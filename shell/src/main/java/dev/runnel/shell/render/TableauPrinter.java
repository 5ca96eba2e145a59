package dev.runnel.shell.render;

import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.Values;
import java.io.PrintWriter;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/**
 * Prints rows as ASCII tables in the style of Flink SQL client's "tableau" mode: {@code +---+}
 * borders, right-aligned cells, SQL NULL as {@code <NULL>}. Output is plain text (no colours,
 * no cursor movement), so the same form serves the REPL and diff-friendly script output.
 *
 * <p>A finite result ({@link #printTable}) sizes each column to its widest value. A streaming
 * result ({@link #startStream}) cannot know its values in advance, so its columns are sized
 * from their types and longer values are cut with {@code ...}: a string column gets 30 cells
 * (Flink's {@code table.display.max-column-width}), and on a terminal its share of the
 * screen's width. Control characters in values are escaped ({@link Cells#escapeControls}), so
 * that every row is one line. Not thread-safe.
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
            widths[c] = Cells.width(columns.get(c).name());
        }
        for (Row row : rows) {
            String[] texts = texts(columns, row);
            for (int c = 0; c < texts.length; c++) {
                widths[c] = Math.max(widths[c], Cells.width(texts[c]));
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
        return startStream(columns, Integer.MAX_VALUE);
    }

    /**
     * Like {@link #startStream(List)} on a screen {@code screenWidth} cells wide: string columns
     * share what the other columns leave of it, up to their types' lengths.
     */
    Stream startStream(List<ColumnInfo> columns, int screenWidth) {
        int[] widths = new int[columns.size() + 1];
        widths[0] = 2;
        System.arraycopy(streamWidths(columns), 0, widths, 1, columns.size());
        widen(widths, columns, screenWidth);
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
            widths[c] = Math.max(Cells.width(column.name()), typeWidth(column.type()));
        }
        return widths;
    }

    /*
     * Gives the cells a line of widths leaves of screenWidth to the columns a type caps (strings,
     * binaries, rows; after the op column), one cell to each in turn, up to their types' lengths.
     */
    private static void widen(int[] widths, List<ColumnInfo> columns, int screenWidth) {
        if (screenWidth == Integer.MAX_VALUE) {
            // No screen (a script's output, a pipe): Flink's widths, not a type's length of cells.
            return;
        }
        int spare = screenWidth - 1 - lineWidth(widths);
        boolean grew = true;
        while (spare > 0 && grew) {
            grew = false;
            for (int c = 1; c < widths.length && spare > 0; c++) {
                if (widths[c] < typeWidth(columns.get(c - 1).type(), Integer.MAX_VALUE)) {
                    widths[c]++;
                    spare--;
                    grew = true;
                }
            }
        }
    }

    /** How wide a table line with columns of {@code widths} is: {@code | a | b |}. */
    static int lineWidth(int[] widths) {
        int width = 1;
        for (int w : widths) {
            width += w + 3;
        }
        return width;
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
            texts[c] = text == null ? NULL_TEXT : Cells.escapeControls(text);
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
            sb.append(' ').append(Cells.pad(cells[c], widths[c], false)).append(" |");
        }
        return sb.toString();
    }

    static String truncate(String text, int width) {
        return Cells.truncate(text, width, ELLIPSIS);
    }

    /** The widest text a value of {@code type} prints as, capped for unbounded strings. */
    static int typeWidth(DataType type) {
        return typeWidth(type, MAX_STREAM_COLUMN_WIDTH);
    }

    /**
     * The widest text a value of a fixed-size type prints as (NULL's {@code <NULL>} included);
     * 0 for strings, binaries and rows, whose values say how wide they are.
     */
    static int fixedWidth(DataType type) {
        return typeWidth(type.notNull(), 0) == 0 ? 0 : typeWidth(type, 0);
    }

    /** The widest text a value of {@code type} prints as, strings and binaries capped at {@code cap}. */
    static int typeWidth(DataType type, int cap) {
        int width = switch (type.root()) {
            case BOOLEAN -> 5;
            case TINYINT -> 4;
            case SMALLINT -> 6;
            case INTEGER -> 11;
            case BIGINT -> 20;
            case FLOAT -> 15;
            case DOUBLE -> 24;
            case DECIMAL -> type.precision() + 2;
            case CHAR, VARCHAR -> Math.min(type.precision(), cap);
            case BINARY, VARBINARY -> (int) Math.min(4L * ((type.precision() + 2L) / 3), cap);
            case DATE -> 10;
            case TIME -> 8 + fractionWidth(type.precision());
            case TIMESTAMP, TIMESTAMP_LTZ -> 19 + fractionWidth(type.precision());
            // "(a, b)": the fields' widths, their separators and the parentheses.
            case ROW -> (int) Math.min(cap, type.fields().stream()
                    .mapToLong(f -> typeWidth(f.type(), cap) + 2L).sum());
            // as wide as their values, like strings
            case ARRAY, MULTISET, MAP -> cap;
        };
        return type.nullable() ? Math.max(width, NULL_TEXT.length()) : width;
    }

    private static int fractionWidth(int precision) {
        return precision > 0 ? precision + 1 : 0;
    }
}
