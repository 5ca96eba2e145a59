package dev.runnel.runtime.format.csv;

/**
 * How a CSV line is laid out.
 *
 * @param delimiter the field separator
 * @param quote the quote character, or 0 when quoting is disabled
 * @param escape the escape character, or 0 for none
 * @param allowComments whether lines starting with {@code #} are skipped
 * @param nullLiteral the text of NULL, or {@code null} for an empty unquoted field
 */
record CsvDialect(char delimiter, char quote, char escape, boolean allowComments, String nullLiteral) {
}
