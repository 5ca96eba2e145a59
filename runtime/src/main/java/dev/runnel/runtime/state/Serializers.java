package dev.runnel.runtime.state;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * Serializers for the internal value types of {@link dev.runnel.runtime.types.TypeRoot} and for
 * rows of them. A row is written as a null bitmap followed by its non-null fields; its
 * {@link RowKind} is not written (state holds values, not changes), and a read row is an INSERT.
 * Collections are written by {@link CollectionSerializers}.
 */
public final class Serializers {
    private Serializers() {
    }

    public static final TypeSerializer<Long> LONG = new Simple<>(Kind.LONG, 0);
    public static final TypeSerializer<Integer> INT = new Simple<>(Kind.INT, 0);
    public static final TypeSerializer<String> STRING = new Simple<>(Kind.STRING, 0);
    public static final TypeSerializer<Boolean> BOOLEAN = new Simple<>(Kind.BOOLEAN, 0);

    /** The serializer of one non-null value of {@code type} (null handling is the row's job). */
    @SuppressWarnings("unchecked")
    public static TypeSerializer<Object> forType(DataType type) {
        if (type.root() == TypeRoot.ROW) {
            return new NestedRowSerializer(row(type.rowType()));
        }
        if (type.root().isCollection()) {
            return CollectionSerializers.forType(type);
        }
        Kind kind = switch (type.root()) {
            case BOOLEAN -> Kind.BOOLEAN;
            case TINYINT -> Kind.BYTE;
            case SMALLINT -> Kind.SHORT;
            case INTEGER, DATE, TIME -> Kind.INT;
            case BIGINT, TIMESTAMP, TIMESTAMP_LTZ -> Kind.LONG;
            case FLOAT -> Kind.FLOAT;
            case DOUBLE -> Kind.DOUBLE;
            case DECIMAL -> Kind.DECIMAL;
            case CHAR, VARCHAR -> Kind.STRING;
            case BINARY, VARBINARY -> Kind.BYTES;
            default -> throw new IllegalArgumentException("No state serializer for type " + type);
        };
        return (TypeSerializer<Object>) (TypeSerializer<?>) new Simple<>(kind, type.scale());
    }

    public static TypeSerializer<Row> row(RowType type) {
        return row(type.fields().stream().map(RowType.Field::type).toList());
    }

    public static TypeSerializer<Row> row(List<DataType> fieldTypes) {
        return new RowSerializer(fieldTypes.stream().map(Serializers::forType).toList());
    }

    private enum Kind { BOOLEAN, BYTE, SHORT, INT, LONG, FLOAT, DOUBLE, DECIMAL, STRING, BYTES }

    /** One scalar kind (with the scale of a DECIMAL type); the value is never null here. */
    private record Simple<T>(Kind kind, int scale) implements TypeSerializer<T> {
        @Override
        public void serialize(T value, DataOutput out) throws IOException {
            switch (kind) {
                case BOOLEAN -> out.writeBoolean((Boolean) value);
                case BYTE -> out.writeByte((Byte) value);
                case SHORT -> out.writeShort((Short) value);
                case INT -> out.writeInt((Integer) value);
                case LONG -> out.writeLong((Long) value);
                case FLOAT -> out.writeFloat((Float) value);
                case DOUBLE -> out.writeDouble((Double) value);
                case DECIMAL -> {
                    // At the type's scale: equal values give equal bytes (1.0 = 1.00, for keys),
                    // and a value reads back as its type prints it (1.50, not 1.5).
                    BigDecimal d = ((BigDecimal) value).setScale(scale, RoundingMode.HALF_UP);
                    writeBytes(out, d.unscaledValue().toByteArray());
                }
                case STRING -> writeBytes(out, ((String) value).getBytes(StandardCharsets.UTF_8));
                case BYTES -> writeBytes(out, (byte[]) value);
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        public T deserialize(DataInput in) throws IOException {
            Object v = switch (kind) {
                case BOOLEAN -> in.readBoolean();
                case BYTE -> in.readByte();
                case SHORT -> in.readShort();
                case INT -> in.readInt();
                case LONG -> in.readLong();
                case FLOAT -> in.readFloat();
                case DOUBLE -> in.readDouble();
                case DECIMAL -> new BigDecimal(new BigInteger(readBytes(in)), scale);
                case STRING -> new String(readBytes(in), StandardCharsets.UTF_8);
                case BYTES -> readBytes(in);
            };
            return (T) v;
        }

        @Override
        @SuppressWarnings("unchecked")
        public T copy(T value) {
            return value instanceof byte[] b ? (T) b.clone() : value;
        }
    }

    private static void writeBytes(DataOutput out, byte[] bytes) throws IOException {
        writeVarInt(out, bytes.length);
        out.write(bytes);
    }

    private static byte[] readBytes(DataInput in) throws IOException {
        byte[] bytes = new byte[readVarInt(in)];
        in.readFully(bytes);
        return bytes;
    }

    static void writeVarInt(DataOutput out, int value) throws IOException {
        while ((value & ~0x7F) != 0) {
            out.writeByte((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        out.writeByte(value);
    }

    static int readVarInt(DataInput in) throws IOException {
        int value = 0;
        for (int shift = 0; ; shift += 7) {
            byte b = in.readByte();
            value |= (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
    }

    /** A nested row ({@code Object[]}) written as a row. */
    private record NestedRowSerializer(TypeSerializer<Row> row) implements TypeSerializer<Object> {
        @Override
        public void serialize(Object value, DataOutput out) throws IOException {
            row.serialize(Row.of((Object[]) value), out);
        }

        @Override
        public Object deserialize(DataInput in) throws IOException {
            return row.deserialize(in).fields();
        }

        @Override
        public Object copy(Object value) {
            return row.copy(Row.of((Object[]) value)).fields();
        }
    }

    /** A null bitmap, then each non-null field with its type's serializer. */
    private record RowSerializer(List<TypeSerializer<Object>> fields) implements TypeSerializer<Row> {
        @Override
        public void serialize(Row row, DataOutput out) throws IOException {
            int n = fields.size();
            for (int start = 0; start < n; start += 8) {
                int bits = 0;
                for (int i = start; i < Math.min(n, start + 8); i++) {
                    if (row.getField(i) == null) {
                        bits |= 1 << (i - start);
                    }
                }
                out.writeByte(bits);
            }
            for (int i = 0; i < n; i++) {
                Object v = row.getField(i);
                if (v != null) {
                    fields.get(i).serialize(v, out);
                }
            }
        }

        @Override
        public Row deserialize(DataInput in) throws IOException {
            int n = fields.size();
            byte[] nulls = new byte[(n + 7) / 8];
            in.readFully(nulls);
            Object[] values = new Object[n];
            for (int i = 0; i < n; i++) {
                if ((nulls[i / 8] & (1 << (i % 8))) == 0) {
                    values[i] = fields.get(i).deserialize(in);
                }
            }
            return new Row(RowKind.INSERT, values);
        }

        @Override
        public Row copy(Row row) {
            Object[] values = row.fields().clone();
            for (int i = 0; i < values.length; i++) {
                Object v = values[i];
                // Strings and boxed numbers are immutable; the other values are copied by their type.
                if (v instanceof byte[] || v instanceof Object[] || v instanceof List || v instanceof Map) {
                    values[i] = fields.get(i).copy(v);
                }
            }
            return new Row(RowKind.INSERT, values);
        }
    }
}
