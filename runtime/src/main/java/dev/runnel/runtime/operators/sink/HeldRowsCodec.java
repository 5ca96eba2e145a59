package dev.runnel.runtime.operators.sink;

import dev.runnel.runtime.checkpoint.VersionedBytes;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the rows a collect sink holds back into checkpoint bytes without knowing their type:
 * every value is tagged with its Java class (the classes of Runnel's row values: boolean,
 * integral and floating numbers, BigDecimal, String, byte[], Object[] for nested rows, List for
 * arrays and multisets, Map for maps).
 * Format: a version byte, the id of the job that held them, the first row's offset, the row
 * count, then per row its kind and tagged fields.
 */
final class HeldRowsCodec {
    private static final byte VERSION = 2;

    private HeldRowsCodec() {
    }

    /** Rows numbered from {@code firstOffset} on, as job {@code jobId} held them back. */
    record Held(String jobId, long firstOffset, List<Row> rows) {
    }

    static byte[] toBytes(Held held) {
        return VersionedBytes.write(VERSION, out -> {
            out.writeUTF(held.jobId());
            out.writeLong(held.firstOffset());
            out.writeInt(held.rows().size());
            for (Row row : held.rows()) {
                out.writeByte(row.kind().ordinal());
                writeFields(out, row.fields());
            }
        });
    }

    static Held fromBytes(byte[] bytes) {
        return VersionedBytes.read(bytes, VERSION, "the rows of a collect sink", in -> {
            String jobId = in.readUTF();
            long offset = in.readLong();
            int count = in.readInt();
            List<Row> rows = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                RowKind kind = RowKind.values()[in.readByte()];
                rows.add(new Row(kind, readFields(in)));
            }
            return new Held(jobId, offset, rows);
        });
    }

    private static void writeFields(DataOutputStream out, Object[] fields) throws IOException {
        out.writeInt(fields.length);
        for (Object value : fields) {
            write(out, value);
        }
    }

    private static Object[] readFields(DataInputStream in) throws IOException {
        Object[] fields = new Object[in.readInt()];
        for (int i = 0; i < fields.length; i++) {
            fields[i] = read(in);
        }
        return fields;
    }

    private static void write(DataOutputStream out, Object value) throws IOException {
        if (value == null) {
            out.writeByte(0);
        } else if (value instanceof Boolean b) {
            out.writeByte(1);
            out.writeBoolean(b);
        } else if (value instanceof Byte b) {
            out.writeByte(2);
            out.writeByte(b);
        } else if (value instanceof Short v) {
            out.writeByte(3);
            out.writeShort(v);
        } else if (value instanceof Integer v) {
            out.writeByte(4);
            out.writeInt(v);
        } else if (value instanceof Long v) {
            out.writeByte(5);
            out.writeLong(v);
        } else if (value instanceof Float v) {
            out.writeByte(6);
            out.writeFloat(v);
        } else if (value instanceof Double v) {
            out.writeByte(7);
            out.writeDouble(v);
        } else if (value instanceof BigDecimal v) {
            out.writeByte(8);
            out.writeInt(v.scale());
            writeBytes(out, v.unscaledValue().toByteArray());
        } else if (value instanceof String v) {
            out.writeByte(9);
            writeBytes(out, v.getBytes(StandardCharsets.UTF_8));
        } else if (value instanceof byte[] v) {
            out.writeByte(10);
            writeBytes(out, v);
        } else if (value instanceof Object[] nested) {
            out.writeByte(11);
            writeFields(out, nested);
        } else if (value instanceof List<?> list) {
            out.writeByte(12);
            writeFields(out, list.toArray());
        } else if (value instanceof Map<?, ?> map) {
            out.writeByte(13);
            out.writeInt(map.size());
            for (Map.Entry<?, ?> e : map.entrySet()) {
                write(out, e.getKey());
                write(out, e.getValue());
            }
        } else {
            throw new IllegalArgumentException("A collect sink cannot checkpoint a value of "
                    + value.getClass().getName() + ": " + value);
        }
    }

    private static Object read(DataInputStream in) throws IOException {
        byte tag = in.readByte();
        return switch (tag) {
            case 0 -> null;
            case 1 -> in.readBoolean();
            case 2 -> in.readByte();
            case 3 -> in.readShort();
            case 4 -> in.readInt();
            case 5 -> in.readLong();
            case 6 -> in.readFloat();
            case 7 -> in.readDouble();
            case 8 -> {
                int scale = in.readInt();
                yield new BigDecimal(new BigInteger(readBytes(in)), scale);
            }
            case 9 -> new String(readBytes(in), StandardCharsets.UTF_8);
            case 10 -> readBytes(in);
            case 11 -> readFields(in);
            case 12 -> new ArrayList<>(Arrays.asList(readFields(in)));
            case 13 -> {
                int size = in.readInt();
                Map<Object, Object> map = new LinkedHashMap<>();
                for (int i = 0; i < size; i++) {
                    Object key = read(in);
                    map.put(key, read(in));
                }
                yield map;
            }
            default -> throw new IOException("unknown value tag " + tag);
        };
    }

    private static void writeBytes(DataOutputStream out, byte[] bytes) throws IOException {
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static byte[] readBytes(DataInputStream in) throws IOException {
        return in.readNBytes(in.readInt());
    }
}
