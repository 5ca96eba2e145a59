package dev.runnel.runtime.format.csv;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.format.FormatException;
import dev.runnel.runtime.format.RowSerializer;
import dev.runnel.runtime.format.TextValues;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;

/** Writes a row as one CSV line, quoting fields only where needed. */
final class CsvRowSerializer implements RowSerializer {
    private final RowType rowType;
    private final CsvDialect dialect;
    private final StringBuilder line = new StringBuilder();

    CsvRowSerializer(RowType rowType, CsvDialect dialect) {
        this.rowType = rowType;
        this.dialect = dialect;
    }

    @Override
    public String serialize(Row row) {
        line.setLength(0);
        for (int i = 0; i < rowType.arity(); i++) {
            if (i > 0) {
                line.append(dialect.delimiter());
            }
            Object value = row.getField(i);
            if (value == null) {
                if (dialect.nullLiteral() != null) {
                    line.append(dialect.nullLiteral());
                }
                continue;
            }
            String text;
            try {
                text = TextValues.format(value, rowType.type(i), false);
            } catch (ClassCastException e) {
                throw new FormatException("field '" + rowType.name(i) + "': cannot write " + value.getClass().getSimpleName()
                        + " value '" + value + "' as " + rowType.type(i), e);
            }
            TypeRoot root = rowType.type(i).root();
            boolean isString = root == TypeRoot.CHAR || root == TypeRoot.VARCHAR;
            appendField(text, isString);
        }
        return line.toString();
    }

    private void appendField(String text, boolean isString) {
        char quote = dialect.quote();
        // a value spelled like NULL is quoted, whatever its type, so that it reads back as itself
        boolean needsQuotes = text.equals(dialect.nullLiteral())
                || (isString && (text.isEmpty() || (dialect.allowComments() && text.startsWith("#"))))
                || needsEscaping(text);
        if (quote != 0 && needsQuotes) {
            line.append(quote);
            for (int j = 0; j < text.length(); j++) {
                char c = text.charAt(j);
                if (c == quote) {
                    line.append(quote);
                }
                line.append(c);
            }
            line.append(quote);
        } else if (dialect.escape() != 0) {
            for (int j = 0; j < text.length(); j++) {
                char c = text.charAt(j);
                if (c == dialect.delimiter() || c == dialect.escape()) {
                    line.append(dialect.escape());
                }
                line.append(c);
            }
        } else {
            line.append(text);
        }
    }

    private boolean needsEscaping(String text) {
        for (int j = 0; j < text.length(); j++) {
            char c = text.charAt(j);
            if (c == dialect.delimiter() || c == '\n' || c == '\r' || (c == dialect.quote() && c != 0)
                    || (c == dialect.escape() && c != 0)) {
                return true;
            }
        }
        return false;
    }
}
