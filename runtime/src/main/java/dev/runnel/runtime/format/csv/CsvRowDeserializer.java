package dev.runnel.runtime.format.csv;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.format.FormatException;
import dev.runnel.runtime.format.RowDeserializer;
import dev.runnel.runtime.format.TextValues;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.ArrayList;
import java.util.List;

/** Reads one CSV line into a row, columns by position. */
final class CsvRowDeserializer implements RowDeserializer {
    private final RowType rowType;
    private final CsvDialect dialect;
    private final boolean ignoreParseErrors;
    private final List<String> values = new ArrayList<>();
    private final List<Boolean> quoted = new ArrayList<>();
    private final StringBuilder field = new StringBuilder();
    private long ignoredFieldErrors;

    CsvRowDeserializer(RowType rowType, CsvDialect dialect, boolean ignoreParseErrors) {
        this.rowType = rowType;
        this.dialect = dialect;
        this.ignoreParseErrors = ignoreParseErrors;
    }

    @Override
    public Row deserialize(String record) {
        if (dialect.allowComments() && record.startsWith("#")) {
            return null;
        }
        split(record);
        if (values.size() != rowType.arity()) {
            throw new FormatException("expected " + rowType.arity() + " fields, found " + values.size());
        }
        Object[] fields = new Object[rowType.arity()];
        for (int i = 0; i < fields.length; i++) {
            fields[i] = convert(rowType.name(i), values.get(i), quoted.get(i), rowType.type(i));
            if (fields[i] == null && !rowType.type(i).nullable()) {
                throw new FormatException("field '" + rowType.name(i) + "' is NULL but its type is " + rowType.type(i));
            }
        }
        return Row.of(fields);
    }

    private Object convert(String name, String text, boolean wasQuoted, DataType type) {
        if (!wasQuoted) {
            if (dialect.nullLiteral() != null ? text.equals(dialect.nullLiteral()) : text.isEmpty()) {
                return null;
            }
        }
        boolean isString = type.root() == TypeRoot.CHAR || type.root() == TypeRoot.VARCHAR;
        if (!isString && text.isBlank()) {
            return null;
        }
        try {
            return TextValues.parse(text, type);
        } catch (RuntimeException e) {
            if (ignoreParseErrors) {
                ignoredFieldErrors++;
                return null;
            }
            throw FormatException.badField(name, text, type, e);
        }
    }

    /** Splits {@code line} into {@link #values} and {@link #quoted}. */
    private void split(String line) {
        values.clear();
        quoted.clear();
        char delimiter = dialect.delimiter();
        char quote = dialect.quote();
        char escape = dialect.escape();
        int n = line.length();
        int i = 0;
        while (true) {
            field.setLength(0);
            boolean wasQuoted = quote != 0 && i < n && line.charAt(i) == quote;
            if (wasQuoted) {
                i++;
                while (true) {
                    if (i >= n) {
                        throw new FormatException("unterminated quoted field " + (values.size() + 1));
                    }
                    char c = line.charAt(i);
                    if (escape != 0 && c == escape && i + 1 < n) {
                        field.append(line.charAt(i + 1));
                        i += 2;
                    } else if (c == quote) {
                        if (i + 1 < n && line.charAt(i + 1) == quote) {
                            field.append(quote);
                            i += 2;
                        } else {
                            i++;
                            break;
                        }
                    } else {
                        field.append(c);
                        i++;
                    }
                }
                if (i < n && line.charAt(i) != delimiter) {
                    throw new FormatException("unexpected character '" + line.charAt(i)
                            + "' after the closing quote of field " + (values.size() + 1));
                }
            } else {
                while (i < n && line.charAt(i) != delimiter) {
                    char c = line.charAt(i);
                    if (escape != 0 && c == escape && i + 1 < n) {
                        field.append(line.charAt(i + 1));
                        i += 2;
                    } else {
                        field.append(c);
                        i++;
                    }
                }
            }
            values.add(field.toString());
            quoted.add(wasQuoted);
            if (i >= n) {
                return;
            }
            i++;
        }
    }

    @Override
    public boolean ignoreParseErrors() {
        return ignoreParseErrors;
    }

    @Override
    public long ignoredFieldErrors() {
        return ignoredFieldErrors;
    }
}
