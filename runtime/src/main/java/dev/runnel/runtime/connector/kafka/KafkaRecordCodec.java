package dev.runnel.runtime.connector.kafka;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.format.FormatException;
import dev.runnel.runtime.format.Formats;
import dev.runnel.runtime.format.RowDeserializer;
import dev.runnel.runtime.format.RowSerializer;
import java.util.function.Consumer;

/**
 * Turns Kafka record keys and values into rows of a table and back, by its
 * {@link KafkaRecordLayout}. One per reader or writer: not thread-safe.
 */
final class KafkaRecordCodec {
    private final KafkaRecordLayout layout;
    private final int[] keyFields;
    private final int[] valueFields;
    private final RowDeserializer valueDeserializer;
    private final RowDeserializer keyDeserializer;
    private RowSerializer valueSerializer;
    private RowSerializer keySerializer;
    /** The key row of the record being read. */
    private Row key;

    KafkaRecordCodec(KafkaRecordLayout layout, boolean reads) {
        this.layout = layout;
        this.keyFields = layout.keyFields().stream().mapToInt(Integer::intValue).toArray();
        this.valueFields = layout.valueFields().stream().mapToInt(Integer::intValue).toArray();
        var valueFormat = Formats.factory(layout.valueFormat(), KafkaOptions.FORMAT.key());
        var keyFormat = layout.hasKey() ? Formats.factory(layout.keyFormat(), KafkaOptions.KEY_FORMAT.key()) : null;
        if (reads) {
            valueDeserializer = valueFormat.createDeserializer(layout.valueType(), layout.valueFormatOptions());
            keyDeserializer = keyFormat == null ? null
                    : keyFormat.createDeserializer(layout.keyType(), layout.keyFormatOptions());
        } else {
            valueDeserializer = null;
            keyDeserializer = null;
            valueSerializer = valueFormat.createSerializer(layout.valueType(), layout.valueFormatOptions());
            keySerializer = keyFormat == null ? null
                    : keyFormat.createSerializer(layout.keyType(), layout.keyFormatOptions());
        }
    }

    /**
     * Hands {@code out} the rows of one record: a DELETE of the key for a record without value in
     * an upsert table, else the value's rows with the key's fields put in place. In a plain table
     * the value format says what a record without value (a tombstone) holds: no row for most, a
     * row whose column is NULL for raw ({@link RowDeserializer#deserializeNoValue}), as in Flink.
     * The rows have room (null fields) for the layout's metadata after the physical columns,
     * which the reader fills.
     *
     * @throws KeyFormatException when the key cannot be parsed
     * @throws FormatException when the value cannot be parsed
     */
    void read(byte[] keyBytes, byte[] value, Consumer<Row> out) {
        if (layout.valueIsRow()) {
            if (value != null) {
                valueDeserializer.deserialize(value, 0, value.length, out);
            } else {
                valueDeserializer.deserializeNoValue(out);
            }
            return;
        }
        key = null;
        if (keyDeserializer != null && keyBytes != null) {
            try {
                keyDeserializer.deserialize(keyBytes, 0, keyBytes.length, row -> key = row);
            } catch (FormatException e) {
                throw new KeyFormatException(e);
            }
        }
        if (value == null && layout.upsert()) {
            Row deleted = new Row(RowKind.DELETE, new Object[layout.arity()]);
            putKey(deleted);
            out.accept(deleted);
            return;
        }
        Consumer<Row> withKey = v -> {
            Row row = new Row(v.kind(), new Object[layout.arity()]);
            for (int i = 0; i < valueFields.length; i++) {
                row.setField(valueFields[i], v.getField(i));
            }
            putKey(row);
            out.accept(row);
        };
        if (value == null) {
            valueDeserializer.deserializeNoValue(withKey);
        } else {
            valueDeserializer.deserialize(value, 0, value.length, withKey);
        }
    }

    private void putKey(Row row) {
        if (key != null) {
            for (int i = 0; i < keyFields.length; i++) {
                row.setField(keyFields[i], key.getField(i));
            }
        }
    }

    /** Whether records that cannot be parsed are skipped: the key's format must ignore errors too when it failed. */
    boolean ignoresParseErrors(FormatException e) {
        return e instanceof KeyFormatException ? keyDeserializer.ignoreParseErrors()
                : valueDeserializer.ignoreParseErrors();
    }

    /** The record key of {@code row}, or null when records carry none. */
    byte[] key(Row row) {
        return keySerializer == null ? null : keySerializer.serializeToBytes(project(row, keyFields, RowKind.INSERT));
    }

    /**
     * The record value of {@code row}: null (a tombstone) for a DELETE in an upsert table, and
     * where the value format writes no value (raw's NULL).
     */
    byte[] value(Row row) {
        if (layout.upsert() && row.kind() == RowKind.DELETE) {
            return null;
        }
        if (layout.valueIsRow()) {
            return valueSerializer.serializeToBytes(row);
        }
        return valueSerializer.serializeToBytes(project(row, valueFields, layout.upsert() ? RowKind.INSERT : row.kind()));
    }

    private static Row project(Row row, int[] fields, RowKind kind) {
        Object[] values = new Object[fields.length];
        for (int i = 0; i < fields.length; i++) {
            values[i] = row.getField(fields[i]);
        }
        return new Row(kind, values);
    }


    /** A record key that cannot be parsed. */
    static final class KeyFormatException extends FormatException {
        KeyFormatException(FormatException cause) {
            super("key: " + cause.getMessage(), cause);
        }
    }
}
