package dev.runnel.shell.gateway;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.UnknownFieldSet;
import com.google.protobuf.UnsafeByteOperations;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * A frame of rows ({@code Object[]} each) whose protobuf form is written straight from the
 * values: the same bytes as Avatica's {@link Meta.Frame#toProto()}, at a fraction of its cost.
 *
 * <p>Avatica builds five messages per cell (a {@code TypedValue} and a {@code ColumnValue} with
 * their builders), then walks that tree twice more to size and write it; for a frame of 10,000
 * rows that was most of the gateway's CPU. Here each row is written once into one buffer and
 * handed to protobuf as the pre-encoded entries of the frame's {@code rows} field (number 3),
 * which protobuf writes verbatim, after {@code offset} and {@code done}, as unknown fields:
 * exactly where Avatica's own message puts its rows. Scalars of the types the gateway sends
 * ({@link JdbcTypes#toWire}) are written here; anything else (arrays, bytes) goes through
 * Avatica's {@link TypedValue#toProto(Common.TypedValue.Builder, Object)}, so each cell is
 * Avatica's: the {@code TypedValue} twice, as {@code value} (kept for old clients) and
 * {@code scalar_value}.
 *
 * <p>{@link #toProto()} runs on the HTTP thread that answers the fetch, once; the rows stay
 * readable as {@link #rows} for everything else. Avatica's {@code LocalService} copies the first
 * frame of a statement into a plain {@link Meta.Frame}, so this serves the frames of later fetches.
 */
final class EncodedFrame extends Meta.Frame {
    private static final int FRAME_ROWS = Common.Frame.ROWS_FIELD_NUMBER;
    private static final int ROW_VALUE = Common.Row.VALUE_FIELD_NUMBER;
    private static final int COLUMN_VALUE = Common.ColumnValue.VALUE_FIELD_NUMBER;
    private static final int COLUMN_SCALAR = Common.ColumnValue.SCALAR_VALUE_FIELD_NUMBER;
    /** The scalars written here, with the type Avatica's {@link TypedValue#toProto} gives each. */
    private static final Map<Class<?>, Common.Rep> REPS = Map.of(Long.class, Common.Rep.LONG, Integer.class,
            Common.Rep.INTEGER, String.class, Common.Rep.STRING, Double.class, Common.Rep.DOUBLE, Boolean.class,
            Common.Rep.BOOLEAN, BigDecimal.class, Common.Rep.BIG_DECIMAL, Short.class, Common.Rep.SHORT, Byte.class,
            Common.Rep.BYTE, Float.class, Common.Rep.FLOAT);

    EncodedFrame(long offset, boolean done, List<Object> rows) {
        super(offset, done, rows);
    }

    @Override
    public Common.Frame toProto() {
        Writer writer = new Writer();
        UnknownFieldSet.Field.Builder encodedRows = UnknownFieldSet.Field.newBuilder();
        for (Object row : rows) {
            encodedRows.addLengthDelimited(writer.row((Object[]) row));
        }
        return Common.Frame.newBuilder()
                .setOffset(offset)
                .setDone(done)
                .setUnknownFields(UnknownFieldSet.newBuilder().addField(FRAME_ROWS, encodedRows.build()).build())
                .build();
    }

    /**
     * Writes rows into one growing buffer; each row's bytes are a slice of it, never written
     * again once handed out (the buffer is replaced, not reused, when it grows).
     */
    private static final class Writer {
        private byte[] buffer = new byte[1 << 16];
        private int position;
        /** Each cell's {@code ColumnValue} of the row being written, back to back. */
        private byte[] cells = new byte[256];
        private int[] cellEnds = new int[16];

        ByteString row(Object[] values) {
            if (cellEnds.length < values.length) {
                cellEnds = new int[values.length];
            }
            int end = 0;
            int rowSize = 0;
            for (int i = 0; i < values.length; i++) {
                int start = end;
                end = column(values[i], start);
                cellEnds[i] = end;
                rowSize += lengthDelimitedSize(end - start);
            }
            if (buffer.length - position < rowSize) {
                buffer = new byte[Math.max(buffer.length, rowSize)];
                position = 0;
            }
            int rowStart = position;
            CodedOutputStream out = CodedOutputStream.newInstance(buffer, position, rowSize);
            try {
                int start = 0;
                for (int i = 0; i < values.length; i++) {
                    writeLengthDelimited(out, ROW_VALUE, cells, start, cellEnds[i] - start);
                    start = cellEnds[i];
                }
                out.checkNoSpaceLeft();
            } catch (IOException e) {
                throw new IllegalStateException("A row's size was miscounted", e);
            }
            position += rowSize;
            return UnsafeByteOperations.unsafeWrap(buffer, rowStart, rowSize);
        }

        /**
         * Writes {@code value}'s {@code ColumnValue} at {@code at} in {@link #cells}; returns where
         * it ends. A scalar's {@code TypedValue} goes in twice, as {@code value} and {@code scalar_value};
         * a list is Avatica's array column.
         */
        private int column(Object value, int at) {
            Common.ColumnValue array = value instanceof List<?> list ? arrayColumn(list) : null;
            byte[] text = value instanceof String s ? s.getBytes(StandardCharsets.UTF_8)
                    : value instanceof BigDecimal d ? d.toString().getBytes(StandardCharsets.UTF_8) : null;
            Common.TypedValue slow = array == null && text == null && !isFastScalar(value) ? avatica(value) : null;
            int typedSize = array != null ? 0 : slow != null ? slow.getSerializedSize() : typedValueSize(value, text);
            int size = array != null ? array.getSerializedSize() : 2 * lengthDelimitedSize(typedSize);
            if (cells.length - at < size) {
                cells = Arrays.copyOf(cells, Math.max(2 * cells.length, at + size));
            }
            CodedOutputStream out = CodedOutputStream.newInstance(cells, at, size);
            try {
                if (array != null) {
                    array.writeTo(out);
                } else {
                    writeScalarField(out, COLUMN_VALUE, typedSize, value, text, slow);
                    writeScalarField(out, COLUMN_SCALAR, typedSize, value, text, slow);
                }
                out.checkNoSpaceLeft();
            } catch (IOException e) {
                throw new IllegalStateException("A value's size was miscounted", e);
            }
            return at + size;
        }

        private static void writeScalarField(CodedOutputStream out, int field, int typedSize, Object value, byte[] text,
                                             Common.TypedValue slow) throws IOException {
            out.writeTag(field, WireFormat.WIRETYPE_LENGTH_DELIMITED);
            out.writeUInt32NoTag(typedSize);
            if (slow != null) {
                slow.writeTo(out);
            } else {
                writeTypedValue(out, value, text);
            }
        }

        private static Common.ColumnValue arrayColumn(List<?> list) {
            Common.ColumnValue.Builder column = Common.ColumnValue.newBuilder().setHasArrayValue(true);
            for (Object item : list) {
                Common.TypedValue typed = avatica(item);
                column.addArrayValue(typed);
                column.addValue(typed);
            }
            return column.build();
        }

        private static Common.TypedValue avatica(Object value) {
            Common.TypedValue.Builder builder = Common.TypedValue.newBuilder();
            TypedValue.toProto(builder, value);
            return builder.build();
        }

        /** A length-delimited field of {@code length} bytes whose tag is one byte (field numbers below 16). */
        private static int lengthDelimitedSize(int length) {
            return 1 + CodedOutputStream.computeUInt32SizeNoTag(length) + length;
        }

        private static void writeLengthDelimited(CodedOutputStream out, int field, byte[] bytes, int offset, int length)
                throws IOException {
            out.writeTag(field, WireFormat.WIRETYPE_LENGTH_DELIMITED);
            out.writeUInt32NoTag(length);
            out.writeRawBytes(bytes, offset, length);
        }

        private static boolean isFastScalar(Object value) {
            return value == null || REPS.containsKey(value.getClass());
        }

        private static Common.Rep rep(Object value) {
            return value == null ? Common.Rep.NULL : REPS.get(value.getClass());
        }

        /** Avatica's {@code number_value}: integers widened to long, a float's bits as an int. */
        private static long number(Object value) {
            return value instanceof Float f ? Float.floatToIntBits(f) : ((Number) value).longValue();
        }

        private static int typedValueSize(Object value, byte[] text) {
            int size = typeSize(rep(value));
            if (value == null) {
                return size + CodedOutputStream.computeBoolSize(Common.TypedValue.NULL_FIELD_NUMBER, true);
            } else if (text != null) {
                return text.length == 0 ? size : size + lengthDelimitedSize(text.length);
            } else if (value instanceof Boolean b) {
                return b ? size + CodedOutputStream.computeBoolSize(Common.TypedValue.BOOL_VALUE_FIELD_NUMBER, true)
                        : size;
            } else if (value instanceof Double d) {
                return Double.doubleToRawLongBits(d) == 0 ? size
                        : size + CodedOutputStream.computeDoubleSize(Common.TypedValue.DOUBLE_VALUE_FIELD_NUMBER, d);
            }
            long number = number(value);
            return number == 0 ? size
                    : size + CodedOutputStream.computeSInt64Size(Common.TypedValue.NUMBER_VALUE_FIELD_NUMBER, number);
        }

        private static void writeTypedValue(CodedOutputStream out, Object value, byte[] text) throws IOException {
            writeType(out, rep(value));
            if (value == null) {
                out.writeBool(Common.TypedValue.NULL_FIELD_NUMBER, true);
            } else if (text != null) {
                if (text.length > 0) {
                    writeLengthDelimited(out, Common.TypedValue.STRING_VALUE_FIELD_NUMBER, text, 0, text.length);
                }
            } else if (value instanceof Boolean b) {
                if (b) {
                    out.writeBool(Common.TypedValue.BOOL_VALUE_FIELD_NUMBER, true);
                }
            } else if (value instanceof Double d) {
                if (Double.doubleToRawLongBits(d) != 0) {
                    out.writeDouble(Common.TypedValue.DOUBLE_VALUE_FIELD_NUMBER, d);
                }
            } else if (number(value) != 0) {
                out.writeSInt64(Common.TypedValue.NUMBER_VALUE_FIELD_NUMBER, number(value));
            }
        }

        /** Proto3 leaves out a field at its default, so the enum's first value is not written. */
        private static int typeSize(Common.Rep rep) {
            return rep.getNumber() == 0 ? 0 : CodedOutputStream.computeEnumSize(Common.TypedValue.TYPE_FIELD_NUMBER,
                    rep.getNumber());
        }

        private static void writeType(CodedOutputStream out, Common.Rep rep) throws IOException {
            if (rep.getNumber() != 0) {
                out.writeEnum(Common.TypedValue.TYPE_FIELD_NUMBER, rep.getNumber());
            }
        }
    }
}
