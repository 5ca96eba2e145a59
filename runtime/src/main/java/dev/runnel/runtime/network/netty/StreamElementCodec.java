package dev.runnel.runtime.network.netty;

import dev.runnel.runtime.checkpoint.CheckpointLocation;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.state.TypeSerializer;
import dev.runnel.runtime.stream.CheckpointBarrier;
import dev.runnel.runtime.stream.EndOfInput;
import dev.runnel.runtime.stream.LatencyMarker;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.StreamElement;
import dev.runnel.runtime.stream.Watermark;
import dev.runnel.runtime.stream.WatermarkStatus;
import dev.runnel.runtime.types.RowType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufOutputStream;
import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * The binary form of {@link StreamElement}s on one edge between TaskManagers: a tag byte per
 * element. Rows of an edge whose schema is known are written by it: their {@link RowKind}, a
 * null bitmap and each non-null field in its type's form, as keyed state writes them
 * ({@link Serializers#row}): no tags, no class names. Where the schema is not known (a job
 * graph built by hand), a row says its arity and each field its own type, by a tag byte before
 * it; a value of a class without a form of its own falls back to Java serialization there,
 * read through the same class filter as the control RPC. Immutable and thread-safe.
 */
final class StreamElementCodec {
    /** The codec of an edge whose rows' schema is not known. */
    static final StreamElementCodec UNTYPED = new StreamElementCodec(null);

    private static final byte ROWS = 1;
    private static final byte WATERMARK = 2;
    private static final byte IDLE = 3;
    private static final byte ACTIVE = 4;
    private static final byte BARRIER = 5;
    private static final byte END = 6;
    private static final byte LATENCY = 7;

    private static final byte NULL = 0;
    private static final byte LONG = 1;
    private static final byte INT = 2;
    private static final byte STRING = 3;
    private static final byte DOUBLE = 4;
    private static final byte TRUE = 5;
    private static final byte FALSE = 6;
    private static final byte DECIMAL = 7;
    private static final byte FLOAT = 8;
    private static final byte SHORT = 9;
    private static final byte BYTE = 10;
    private static final byte BYTES = 11;
    private static final byte DATE = 12;
    private static final byte TIME = 13;
    private static final byte TIMESTAMP = 14;
    private static final byte INSTANT = 15;
    private static final byte ROW = 16;
    private static final byte JAVA = 17;

    private static final RowKind[] KINDS = RowKind.values(); // values() copies the array at every call

    private static final ObjectInputFilter FILTER = ObjectInputFilter.Config.createFilter(
            "maxdepth=100;dev.runnel.**;java.**;!*");

    private final RowType rowType;
    private final TypeSerializer<Row> rows; // null when the schema is not known

    private StreamElementCodec(RowType rowType) {
        this.rowType = rowType;
        this.rows = rowType == null ? null : Serializers.row(rowType);
    }

    /** The codec of an edge whose rows have {@code rowType}, or {@link #UNTYPED} when it is {@code null}. */
    static StreamElementCodec of(RowType rowType) {
        return rowType == null ? UNTYPED : new StreamElementCodec(rowType);
    }

    void write(StreamElement element, ByteBuf out) {
        if (element instanceof RowBatch batch) {
            out.writeByte(ROWS);
            out.writeInt(batch.size());
            if (rows == null) {
                for (int i = 0; i < batch.size(); i++) {
                    writeRow(batch.get(i), out);
                }
            } else {
                writeTyped(batch, out);
            }
        } else if (element instanceof Watermark watermark) {
            out.writeByte(WATERMARK);
            out.writeLong(watermark.timestamp());
        } else if (element instanceof WatermarkStatus status) {
            out.writeByte(status.isIdle() ? IDLE : ACTIVE);
        } else if (element instanceof CheckpointBarrier barrier) {
            out.writeByte(BARRIER);
            out.writeLong(barrier.id());
            out.writeLong(barrier.timestamp());
            CheckpointLocation location = barrier.location();
            writeNullableString(location == null ? null : String.valueOf(location.directory()), out);
            writeNullableString(location == null || location.sharedDirectory() == null ? null
                    : location.sharedDirectory().toString(), out);
            out.writeBoolean(location != null && location.incremental());
            out.writeBoolean(location != null);
        } else if (element instanceof EndOfInput end) {
            out.writeByte(END);
            out.writeBoolean(end.stopped());
        } else if (element instanceof LatencyMarker marker) {
            out.writeByte(LATENCY);
            out.writeLong(marker.markedTimeMicros());
            out.writeInt(marker.sourceSubtask());
        } else {
            throw new IllegalArgumentException("No binary form for " + element.getClass().getName());
        }
    }

    StreamElement read(ByteBuf in) {
        byte tag = in.readByte();
        switch (tag) {
            case ROWS -> {
                int size = in.readInt();
                RowBatch batch = new RowBatch(size);
                if (rows == null) {
                    for (int i = 0; i < size; i++) {
                        batch.add(readRow(in));
                    }
                } else {
                    readTyped(in, size, batch);
                }
                return batch;
            }
            case WATERMARK -> {
                return new Watermark(in.readLong());
            }
            case IDLE -> {
                return WatermarkStatus.IDLE;
            }
            case ACTIVE -> {
                return WatermarkStatus.ACTIVE;
            }
            case BARRIER -> {
                long id = in.readLong();
                long timestamp = in.readLong();
                String directory = readNullableString(in);
                String shared = readNullableString(in);
                boolean incremental = in.readBoolean();
                boolean located = in.readBoolean();
                return new CheckpointBarrier(id, timestamp, located ? new CheckpointLocation(URI.create(directory),
                        shared == null ? null : URI.create(shared), incremental) : null);
            }
            case END -> {
                return in.readBoolean() ? EndOfInput.STOPPED : EndOfInput.INSTANCE;
            }
            case LATENCY -> {
                return new LatencyMarker(in.readLong(), in.readInt());
            }
            default -> throw new IllegalArgumentException("Not a stream element: tag " + tag);
        }
    }

    private void writeTyped(RowBatch batch, ByteBuf out) {
        ByteBufOutputStream data = new ByteBufOutputStream(out);
        for (int i = 0; i < batch.size(); i++) {
            Row row = batch.get(i);
            try {
                out.writeByte(row.kind().ordinal());
                rows.serialize(row, data);
            } catch (IOException e) {
                throw new UncheckedIOException(e); // a ByteBuf grows, it does not fail
            } catch (ClassCastException | IndexOutOfBoundsException e) {
                // a bug in the operator that made the row, not bad input: say which row and schema
                throw new IllegalStateException("A row does not match the schema " + rowType + " of its edge: " + row
                        + " (" + e.getMessage() + ")", e);
            }
        }
    }

    private void readTyped(ByteBuf in, int size, RowBatch batch) {
        ByteBufInputStream data = new ByteBufInputStream(in);
        try {
            for (int i = 0; i < size; i++) {
                RowKind kind = KINDS[in.readByte()];
                Row row = rows.deserialize(data);
                row.setKind(kind);
                batch.add(row);
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("Cannot read a row of " + rowType + " from another TaskManager: " + e, e);
        }
    }

    private static void writeRow(Row row, ByteBuf out) {
        out.writeByte(row.kind().ordinal());
        out.writeShort(row.arity());
        for (int f = 0; f < row.arity(); f++) {
            writeValue(row.getField(f), out);
        }
    }

    private static Row readRow(ByteBuf in) {
        RowKind kind = KINDS[in.readByte()];
        int arity = in.readShort();
        Object[] fields = new Object[arity];
        for (int f = 0; f < arity; f++) {
            fields[f] = readValue(in);
        }
        return new Row(kind, fields);
    }

    private static void writeValue(Object value, ByteBuf out) {
        if (value == null) {
            out.writeByte(NULL);
        } else if (value instanceof Long v) {
            out.writeByte(LONG);
            out.writeLong(v);
        } else if (value instanceof Integer v) {
            out.writeByte(INT);
            out.writeInt(v);
        } else if (value instanceof String v) {
            out.writeByte(STRING);
            writeString(v, out);
        } else if (value instanceof Double v) {
            out.writeByte(DOUBLE);
            out.writeDouble(v);
        } else if (value instanceof Boolean v) {
            out.writeByte(v ? TRUE : FALSE);
        } else if (value instanceof BigDecimal v) {
            out.writeByte(DECIMAL);
            out.writeInt(v.scale());
            writeBytes(v.unscaledValue().toByteArray(), out);
        } else if (value instanceof Float v) {
            out.writeByte(FLOAT);
            out.writeFloat(v);
        } else if (value instanceof Short v) {
            out.writeByte(SHORT);
            out.writeShort(v);
        } else if (value instanceof Byte v) {
            out.writeByte(BYTE);
            out.writeByte(v);
        } else if (value instanceof byte[] v) {
            out.writeByte(BYTES);
            writeBytes(v, out);
        } else if (value instanceof LocalDate v) {
            out.writeByte(DATE);
            out.writeLong(v.toEpochDay());
        } else if (value instanceof LocalTime v) {
            out.writeByte(TIME);
            out.writeLong(v.toNanoOfDay());
        } else if (value instanceof LocalDateTime v) {
            out.writeByte(TIMESTAMP);
            out.writeLong(v.toLocalDate().toEpochDay());
            out.writeLong(v.toLocalTime().toNanoOfDay());
        } else if (value instanceof Instant v) {
            out.writeByte(INSTANT);
            out.writeLong(v.getEpochSecond());
            out.writeInt(v.getNano());
        } else if (value instanceof Row v) {
            out.writeByte(ROW);
            writeRow(v, out);
        } else {
            out.writeByte(JAVA);
            writeJava(value, out);
        }
    }

    private static Object readValue(ByteBuf in) {
        byte tag = in.readByte();
        return switch (tag) {
            case NULL -> null;
            case LONG -> in.readLong();
            case INT -> in.readInt();
            case STRING -> readString(in);
            case DOUBLE -> in.readDouble();
            case TRUE -> Boolean.TRUE;
            case FALSE -> Boolean.FALSE;
            case DECIMAL -> {
                int scale = in.readInt();
                yield new BigDecimal(new BigInteger(readBytes(in)), scale);
            }
            case FLOAT -> in.readFloat();
            case SHORT -> in.readShort();
            case BYTE -> in.readByte();
            case BYTES -> readBytes(in);
            case DATE -> LocalDate.ofEpochDay(in.readLong());
            case TIME -> LocalTime.ofNanoOfDay(in.readLong());
            case TIMESTAMP -> LocalDateTime.of(LocalDate.ofEpochDay(in.readLong()), LocalTime.ofNanoOfDay(in.readLong()));
            case INSTANT -> Instant.ofEpochSecond(in.readLong(), in.readInt());
            case ROW -> readRow(in);
            case JAVA -> readJava(in);
            default -> throw new IllegalArgumentException("Not a value: tag " + tag);
        };
    }

    private static void writeString(String value, ByteBuf out) {
        int lengthAt = out.writerIndex();
        out.writeInt(0);
        int written = out.writeCharSequence(value, StandardCharsets.UTF_8);
        out.setInt(lengthAt, written);
    }

    private static String readString(ByteBuf in) {
        int length = in.readInt();
        return in.readCharSequence(length, StandardCharsets.UTF_8).toString();
    }

    private static void writeNullableString(String value, ByteBuf out) {
        out.writeBoolean(value != null);
        if (value != null) {
            writeString(value, out);
        }
    }

    private static String readNullableString(ByteBuf in) {
        return in.readBoolean() ? readString(in) : null;
    }

    private static void writeBytes(byte[] value, ByteBuf out) {
        out.writeInt(value.length);
        out.writeBytes(value);
    }

    private static byte[] readBytes(ByteBuf in) {
        byte[] value = new byte[in.readInt()];
        in.readBytes(value);
        return value;
    }

    private static void writeJava(Object value, ByteBuf out) {
        int lengthAt = out.writerIndex();
        out.writeInt(0);
        try (ObjectOutputStream stream = new ObjectOutputStream(new ByteBufOutputStream(out))) {
            stream.writeObject(value);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot send a value of " + value.getClass().getName()
                    + " to another TaskManager", e);
        }
        out.setInt(lengthAt, out.writerIndex() - lengthAt - 4);
    }

    private static Object readJava(ByteBuf in) {
        int length = in.readInt();
        try (ObjectInputStream stream = new ObjectInputStream(new ByteBufInputStream(in.readSlice(length)))) {
            stream.setObjectInputFilter(FILTER);
            return stream.readObject();
        } catch (IOException | ClassNotFoundException e) {
            throw new IllegalArgumentException("Cannot read a value from another TaskManager: " + e, e);
        }
    }
}
