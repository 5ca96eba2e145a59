package dev.runnel.shell.output;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How script mode prints results ({@code --output-format}): {@code table} is the shell's ASCII
 * tables (Flink's tableau form); {@code csv}, {@code tsv} and {@code json} are for programs to
 * parse. In those, a query's rows (a changelog) carry their kind first ({@code op}: {@code +I},
 * {@code -U}, {@code +U}, {@code -D}); a finite result ({@code SHOW}, {@code DESCRIBE}) has only
 * its columns.
 */
public enum OutputFormat {
    /** ASCII tables as the REPL prints them in tableau mode, with row counts. */
    TABLE(null),
    /** A header line, then one line per row; RFC 4180 quoting; NULL is an empty unquoted field. */
    CSV(DelimitedRows.CSV),
    /** A header line, then one line per row; tab, newline, carriage return and backslash escaped as {@code \t \n \r \\}; NULL is empty. */
    TSV(DelimitedRows.TSV),
    /** One JSON object per row and line (JSON Lines), keyed by column name. */
    JSON(new JsonRows());

    private final RowFormat rows;

    OutputFormat(RowFormat rows) {
        this.rows = rows;
    }

    /** How rows are written, or {@code null} for {@link #TABLE}. */
    RowFormat rows() {
        return rows;
    }

    /**
     * The format {@code name} names, in any case.
     *
     * @throws IllegalArgumentException naming the formats there are
     */
    public static OutputFormat of(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Unknown output format '" + name + "'; expected one of " + names(), e);
        }
    }

    /** {@code table, csv, tsv, json}. */
    public static String names() {
        return Arrays.stream(values()).map(f -> f.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", "));
    }
}
