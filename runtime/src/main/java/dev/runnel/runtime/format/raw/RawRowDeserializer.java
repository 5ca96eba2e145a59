package dev.runnel.runtime.format.raw;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.format.FormatException;
import dev.runnel.runtime.format.RowDeserializer;
import dev.runnel.runtime.types.RowType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.Charset;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * Reads a record's bytes as the value of the table's one column; a record without value is a
 * row whose column is NULL, as in Flink. A number of the wrong width fails the record.
 */
final class RawRowDeserializer implements RowDeserializer {
    private final RowType.Field column;
    private final Charset charset;
    private final ByteOrder order;
    /** The width of a fixed-width type, 0 for strings and bytes. */
    private final int width;

    RawRowDeserializer(RowType.Field column, Charset charset, ByteOrder order) {
        this.column = column;
        this.charset = charset;
        this.order = order;
        this.width = switch (column.type().root()) {
            case BOOLEAN, TINYINT -> 1;
            case SMALLINT -> 2;
            case INTEGER, FLOAT -> 4;
            case BIGINT, DOUBLE -> 8;
            default -> 0;
        };
    }

    @Override
    public void deserialize(byte[] record, int offset, int length, Consumer<Row> out) {
        out.accept(Row.of(value(record, offset, length)));
    }

    @Override
    public Row deserialize(byte[] record) {
        return Row.of(value(record, 0, record.length));
    }

    @Override
    public void deserializeNoValue(Consumer<Row> out) {
        if (!column.type().nullable()) {
            throw new FormatException("a record without value is NULL, but column '" + column.name() + "' is "
                    + column.type());
        }
        out.accept(Row.of((Object) null));
    }

    private Object value(byte[] record, int offset, int length) {
        if (width > 0 && length != width) {
            throw new FormatException("column '" + column.name() + "' of type " + column.type() + ": the raw format"
                    + " writes " + column.type().withNullable(true) + " in " + width + " byte" + (width == 1 ? "" : "s")
                    + ", but the record has " + length);
        }
        ByteBuffer bytes = ByteBuffer.wrap(record, offset, length).order(order);
        return switch (column.type().root()) {
            case CHAR, VARCHAR -> new String(record, offset, length, charset);
            case BINARY, VARBINARY -> Arrays.copyOfRange(record, offset, offset + length);
            case BOOLEAN -> record[offset] != 0;
            case TINYINT -> record[offset];
            case SMALLINT -> bytes.getShort();
            case INTEGER -> bytes.getInt();
            case BIGINT -> bytes.getLong();
            case FLOAT -> bytes.getFloat();
            case DOUBLE -> bytes.getDouble();
            default -> throw new IllegalStateException("the raw format does not read " + column.type());
        };
    }

    /** Every line is a value: an empty line is an empty string, as Flink reads it. */
    @Override
    public boolean skipsBlankLines() {
        return false;
    }
}
