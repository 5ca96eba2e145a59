package dev.runnel.runtime.state;

import dev.runnel.runtime.types.DataType;
import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Serializers of collection values ({@link dev.runnel.runtime.types.TypeRoot}): the element
 * count, then each element (or each key and value) as a presence byte and, when not NULL, the
 * element type's serialization. A MAP's entries and a MULTISET's elements are written sorted by
 * their bytes, so that equal maps and equal multisets (whatever their order) serialize to equal
 * bytes, as keys must; they read back in that order. An ARRAY keeps its order.
 */
final class CollectionSerializers {
    private CollectionSerializers() {
    }

    static TypeSerializer<Object> forType(DataType type) {
        return switch (type.root()) {
            case ARRAY -> new ListSerializer(Serializers.forType(type.elementType()), false);
            case MULTISET -> new ListSerializer(Serializers.forType(type.elementType()), true);
            case MAP -> new MapSerializer(Serializers.forType(type.keyType()), Serializers.forType(type.valueType()));
            default -> throw new IllegalArgumentException(type + " is not a collection type");
        };
    }

    private static void writeNullable(TypeSerializer<Object> serializer, Object value, DataOutput out)
            throws IOException {
        if (value == null) {
            out.writeByte(0);
        } else {
            out.writeByte(1);
            serializer.serialize(value, out);
        }
    }

    private static Object readNullable(TypeSerializer<Object> serializer, DataInput in) throws IOException {
        return in.readByte() == 0 ? null : serializer.deserialize(in);
    }

    private static Object copyNullable(TypeSerializer<Object> serializer, Object value) {
        return value == null ? null : serializer.copy(value);
    }

    /** The bytes of each value written by {@code writer}, sorted (unsigned, lexicographically). */
    private static List<byte[]> sortedBytes(Iterable<?> values, EntryWriter writer) {
        List<byte[]> all = new ArrayList<>();
        try {
            for (Object value : values) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                writer.write(value, new DataOutputStream(bytes));
                all.add(bytes.toByteArray());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        all.sort(Arrays::compareUnsigned);
        return all;
    }

    private interface EntryWriter {
        void write(Object value, DataOutput out) throws IOException;
    }

    /** ARRAY and MULTISET values ({@code List}); a multiset's elements are written in sorted order. */
    private record ListSerializer(TypeSerializer<Object> element, boolean sorted) implements TypeSerializer<Object> {
        @Override
        public void serialize(Object value, DataOutput out) throws IOException {
            List<?> list = (List<?>) value;
            Serializers.writeVarInt(out, list.size());
            if (sorted) {
                for (byte[] bytes : sortedBytes(list, (v, o) -> writeNullable(element, v, o))) {
                    out.write(bytes);
                }
                return;
            }
            for (Object v : list) {
                writeNullable(element, v, out);
            }
        }

        @Override
        public Object deserialize(DataInput in) throws IOException {
            int size = Serializers.readVarInt(in);
            List<Object> list = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                list.add(readNullable(element, in));
            }
            return list;
        }

        @Override
        public Object copy(Object value) {
            List<?> list = (List<?>) value;
            List<Object> copy = new ArrayList<>(list.size());
            for (Object v : list) {
                copy.add(copyNullable(element, v));
            }
            return copy;
        }
    }

    /** MAP values ({@code Map}), entries written in the order of their bytes. */
    private record MapSerializer(TypeSerializer<Object> key, TypeSerializer<Object> value)
            implements TypeSerializer<Object> {
        @Override
        public void serialize(Object map, DataOutput out) throws IOException {
            Map<?, ?> entries = (Map<?, ?>) map;
            Serializers.writeVarInt(out, entries.size());
            for (byte[] bytes : sortedBytes(entries.entrySet(), (e, o) -> {
                Map.Entry<?, ?> entry = (Map.Entry<?, ?>) e;
                writeNullable(key, entry.getKey(), o);
                writeNullable(value, entry.getValue(), o);
            })) {
                out.write(bytes);
            }
        }

        @Override
        public Object deserialize(DataInput in) throws IOException {
            int size = Serializers.readVarInt(in);
            Map<Object, Object> map = new LinkedHashMap<>();
            for (int i = 0; i < size; i++) {
                Object k = readNullable(key, in);
                map.put(k, readNullable(value, in));
            }
            return map;
        }

        @Override
        public Object copy(Object map) {
            Map<Object, Object> copy = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) map).entrySet()) {
                copy.put(copyNullable(key, e.getKey()), copyNullable(value, e.getValue()));
            }
            return copy;
        }
    }
}
