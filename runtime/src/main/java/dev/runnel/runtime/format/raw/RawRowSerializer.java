package dev.runnel.runtime.format.raw;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.format.FormatException;
import dev.runnel.runtime.format.RowSerializer;
import dev.runnel.runtime.types.RowType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.Charset;

/** Writes the one column of a row as its bare bytes; NULL as no value ({@code null}). */
final class RawRowSerializer implements RowSerializer {
    private final RowType.Field column;
    private final Charset charset;
    private final ByteOrder order;

    RawRowSerializer(RowType.Field column, Charset charset, ByteOrder order) {
        this.column = column;
        this.charset = charset;
        this.order = order;
    }

    @Override
    public byte[] serializeToBytes(Row row) {
        Object value = row.getField(0);
        if (value == null) {
            return null;
        }
        try {
            return switch (column.type().root()) {
                case CHAR, VARCHAR -> ((String) value).getBytes(charset);
                case BINARY, VARBINARY -> (byte[]) value;
                case BOOLEAN -> new byte[] {(byte) ((Boolean) value ? 1 : 0)};
                case TINYINT -> new byte[] {(Byte) value};
                case SMALLINT -> buffer(2).putShort((Short) value).array();
                case INTEGER -> buffer(4).putInt((Integer) value).array();
                case BIGINT -> buffer(8).putLong((Long) value).array();
                case FLOAT -> buffer(4).putFloat((Float) value).array();
                case DOUBLE -> buffer(8).putDouble((Double) value).array();
                default -> throw new IllegalStateException("the raw format does not write " + column.type());
            };
        } catch (ClassCastException e) {
            throw new FormatException("column '" + column.name() + "': cannot write " + value.getClass().getSimpleName()
                    + " value '" + value + "' as " + column.type(), e);
        }
    }

    private ByteBuffer buffer(int size) {
        return ByteBuffer.allocate(size).order(order);
    }
}
