package dev.runnel.runtime.connector.kafka;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.connector.ConnectorOptions;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.format.FormatFactory;
import dev.runnel.runtime.format.Formats;
import dev.runnel.runtime.types.RowType;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

/**
 * Where the physical columns of a table go in a Kafka record, as Flink's {@code kafka} and
 * {@code upsert-kafka} connectors lay them out: the columns of {@code key.fields} (for
 * {@code upsert-kafka} the {@code PRIMARY KEY}) in the record key, in the key format; the value
 * holds every column ({@code value.fields-include} = {@code ALL}) or those not in the key
 * ({@code EXCEPT_KEY}), in the value format. With {@code key.fields-prefix} the key format sees
 * the key columns' names without the prefix.
 *
 * @param keyFields the positions in the physical row of the key's fields, in key order; empty
 *     when records carry no key
 * @param valueFields the positions in the physical row of the value's fields, in value order
 * @param keyFormat the key format's identifier, or null without a key
 * @param keyFormatOptions its options without prefix
 * @param keyType the key's row type (names without the prefix)
 * @param valueType the value's row type
 * @param upsert whether a record without value deletes its key ({@code upsert-kafka})
 * @param metadata the record's metadata that follows the physical columns in the table's rows
 *     ({@link TableContext#metadataKeys()}): what a source appends, or what a sink writes
 */
record KafkaRecordLayout(RowType physical, List<Integer> keyFields, List<Integer> valueFields, String keyFormat,
                         Configuration keyFormatOptions, RowType keyType, String valueFormat,
                         Configuration valueFormatOptions, RowType valueType, boolean upsert,
                         List<KafkaMetadata> metadata) implements Serializable {
    KafkaRecordLayout {
        keyFields = List.copyOf(keyFields);
        valueFields = List.copyOf(valueFields);
        metadata = List.copyOf(metadata);
    }

    /**
     * The layout the table's options ask for.
     *
     * @throws ConfigException naming the option that is wrong
     */
    static KafkaRecordLayout of(TableContext table, boolean upsert) {
        RowType physical = table.schema();
        FormatFactory valueFormat = valueFormat(table, upsert);
        String keyFormatId = table.options().get(KafkaOptions.KEY_FORMAT.key());
        List<String> keyColumns = keyColumns(table, upsert, keyFormatId);
        String prefix = table.options().getOrDefault(KafkaOptions.KEY_FIELDS_PREFIX.key(), "");
        KafkaOptions.ValueFieldsInclude include = KafkaOptions.valueFieldsInclude(table);
        if (!prefix.isEmpty() && include != KafkaOptions.ValueFieldsInclude.EXCEPT_KEY) {
            throw new ConfigException(KafkaOptions.KEY_FIELDS_PREFIX.key(), "Table " + table.tableName() + " sets"
                    + " 'key.fields-prefix', which requires 'value.fields-include' = 'EXCEPT_KEY'");
        }
        List<Integer> keyFields = new ArrayList<>();
        List<RowType.Field> keyTypeFields = new ArrayList<>();
        for (String column : keyColumns) {
            int index = physical.indexOf(column);
            String option = upsert ? "PRIMARY KEY" : KafkaOptions.KEY_FIELDS.key();
            if (index < 0) {
                throw new ConfigException(option, "Table " + table.tableName() + " has no physical column '"
                        + column + "' for its " + (upsert ? "PRIMARY KEY" : "'key.fields'") + "; physical columns: "
                        + String.join(", ", physical.names()));
            }
            if (!column.startsWith(prefix)) {
                throw new ConfigException(KafkaOptions.KEY_FIELDS_PREFIX.key(), "Key column '" + column + "' of table "
                        + table.tableName() + " does not start with 'key.fields-prefix' '" + prefix + "'");
            }
            keyFields.add(index);
            keyTypeFields.add(new RowType.Field(column.substring(prefix.length()), physical.type(index)));
        }
        List<Integer> valueFields = new ArrayList<>();
        List<RowType.Field> valueTypeFields = new ArrayList<>();
        for (int i = 0; i < physical.arity(); i++) {
            if (include == KafkaOptions.ValueFieldsInclude.ALL || !keyFields.contains(i)) {
                valueFields.add(i);
                valueTypeFields.add(physical.field(i));
            }
        }
        String valuePrefix = valuePrefix(table, valueFormat);
        Configuration valueOptions = Formats.formatOptions(table.options(), valuePrefix);
        RowType valueType = new RowType(valueTypeFields);
        valueFormat.validate(valueType, valueOptions, valuePrefix);
        if (upsert && !valueFormat.changelogMode().equals(EnumSet.of(RowKind.INSERT))) {
            throw ConnectorOptions.invalid(table, KafkaOptions.VALUE_FORMAT.key(), "an upsert-kafka table's value"
                    + " format must write plain rows (the record key says which row a record updates); '"
                    + valueFormat.identifier() + "' is a changelog format");
        }
        if (keyFormatId == null) {
            return new KafkaRecordLayout(physical, keyFields, valueFields, null, null, null,
                    valueFormat.identifier(), valueOptions, valueType, upsert, KafkaMetadata.of(table.metadataKeys()));
        }
        FormatFactory keyFormat = Formats.factory(keyFormatId, KafkaOptions.KEY_FORMAT.key());
        if (!keyFormat.changelogMode().equals(EnumSet.of(RowKind.INSERT))) {
            throw ConnectorOptions.invalid(table, KafkaOptions.KEY_FORMAT.key(), "a key format writes plain rows; '"
                    + keyFormatId + "' is a changelog format");
        }
        String keyPrefix = "key." + keyFormatId + ".";
        Configuration keyOptions = Formats.formatOptions(table.options(), keyPrefix);
        RowType keyType = new RowType(keyTypeFields);
        keyFormat.validate(keyType, keyOptions, keyPrefix);
        return new KafkaRecordLayout(physical, keyFields, valueFields, keyFormatId, keyOptions, keyType,
                valueFormat.identifier(), valueOptions, valueType, upsert, KafkaMetadata.of(table.metadataKeys()));
    }

    /** Whether records carry a key. */
    boolean hasKey() {
        return keyFormat != null;
    }

    /**
     * Whether the value is the whole row in order, so that reading needs no re-assembly: no key,
     * every physical column in the value, no metadata after them.
     */
    boolean valueIsRow() {
        return !hasKey() && valueFields.size() == physical.arity() && metadata.isEmpty();
    }

    /** The number of fields of the table's rows: the physical columns, then the metadata. */
    int arity() {
        return physical.arity() + metadata.size();
    }

    /** The position of {@code m} in the table's rows, or -1 when they do not hold it. */
    int metadataField(KafkaMetadata m) {
        int i = metadata.indexOf(m);
        return i < 0 ? -1 : physical.arity() + i;
    }

    /**
     * The prefix of the value format's options: {@code json.} with {@code 'format' = 'json'},
     * {@code value.json.} with {@code 'value.format'}.
     */
    static String valuePrefix(TableContext table, FormatFactory format) {
        return (table.options().containsKey(KafkaOptions.FORMAT.key()) ? "" : "value.") + format.identifier() + ".";
    }

    /** The value format: {@code format} or {@code value.format} (only the latter for {@code upsert-kafka}). */
    static FormatFactory valueFormat(TableContext table, boolean upsert) {
        Map<String, String> options = table.options();
        String format = options.get(KafkaOptions.FORMAT.key());
        String valueFormat = options.get(KafkaOptions.VALUE_FORMAT.key());
        if (format != null && valueFormat != null) {
            throw new ConfigException(KafkaOptions.VALUE_FORMAT.key(), "Table " + table.tableName() + " sets both"
                    + " 'format' and 'value.format': set one of them");
        }
        if (format == null && valueFormat == null) {
            throw new ConfigException(upsert ? KafkaOptions.VALUE_FORMAT.key() : KafkaOptions.FORMAT.key(), "Table "
                    + table.tableName() + " sets no " + (upsert ? "'value.format'" : "'format' (or 'value.format')")
                    + ": say how record values are written, such as 'json'. Available formats: "
                    + String.join(", ", Formats.all().keySet()));
        }
        return format != null ? Formats.factory(format, KafkaOptions.FORMAT.key())
                : Formats.factory(valueFormat, KafkaOptions.VALUE_FORMAT.key());
    }

    private static List<String> keyColumns(TableContext table, boolean upsert, String keyFormat) {
        String keyFields = table.options().get(KafkaOptions.KEY_FIELDS.key());
        if (upsert) {
            if (table.primaryKey().isEmpty()) {
                throw new ConfigException("PRIMARY KEY", "Table " + table.tableName() + " of connector 'upsert-kafka'"
                        + " declares no PRIMARY KEY: an upsert-kafka table is keyed by it, such as"
                        + " PRIMARY KEY (id) NOT ENFORCED");
            }
            if (keyFormat == null) {
                throw new ConfigException(KafkaOptions.KEY_FORMAT.key(), "Table " + table.tableName() + " of connector"
                        + " 'upsert-kafka' sets no 'key.format': say how its PRIMARY KEY is written in record keys,"
                        + " such as 'json'");
            }
            return table.primaryKey();
        }
        if (keyFormat == null) {
            if (keyFields != null) {
                throw new ConfigException(KafkaOptions.KEY_FIELDS.key(), "Table " + table.tableName() + " sets"
                        + " 'key.fields' but no 'key.format': say how the key is written, such as 'json'");
            }
            return List.of();
        }
        if (keyFields == null || keyFields.isBlank()) {
            throw new ConfigException(KafkaOptions.KEY_FIELDS.key(), "Table " + table.tableName() + " sets"
                    + " 'key.format' but no 'key.fields': name the columns the record key holds, separated by ';'");
        }
        return Arrays.stream(keyFields.split(";")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }
}
