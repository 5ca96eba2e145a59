package dev.runnel.runtime.format.avro;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.format.FormatFactory;
import dev.runnel.runtime.format.RowDeserializer;
import dev.runnel.runtime.format.RowSerializer;
import dev.runnel.runtime.types.RowType;
import java.util.Set;

/**
 * Flink's {@code avro} format (not the schema registry's {@code avro-confluent}): each record is
 * one Avro datum of the schema derived from the table's row ({@link AvroSchemas}), in Avro's
 * binary encoding without header, schema or fingerprint, or in Avro's JSON encoding with
 * {@code avro.encoding = 'json'}. Served for the kafka and upsert-kafka connectors (values and
 * keys); Flink's Avro files in the filesystem connector (object container files, with
 * {@code avro.codec}) are not, and such a table is refused at CREATE TABLE.
 */
public final class AvroFormatFactory implements FormatFactory {
    public static final String IDENTIFIER = "avro";

    /** How a datum is encoded. */
    public enum Encoding {
        BINARY,
        JSON
    }

    public static final ConfigOption<Encoding> ENCODING = ConfigOption.of("encoding", Encoding.class,
            Encoding.BINARY, "'binary' (compact) or 'json' (Avro's JSON encoding).");
    public static final ConfigOption<Boolean> TIMESTAMP_MAPPING_LEGACY = ConfigOption.of("timestamp_mapping.legacy",
            Boolean.class, true, "Flink's mapping before 1.19, its default: TIMESTAMP(p <= 3) as timestamp-millis and"
                    + " no TIMESTAMP_LTZ; false maps TIMESTAMP to local-timestamp-* and TIMESTAMP_LTZ to timestamp-*.");
    public static final ConfigOption<Boolean> FAST_READ = ConfigOption.of("open.fastread", Boolean.class, false,
            "Read with Avro's fast reader.");

    @Override
    public String identifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> options() {
        return Set.of(ENCODING, TIMESTAMP_MAPPING_LEGACY, FAST_READ);
    }

    /** The table's row must have an Avro schema: every type, precision and name Flink's converter accepts. */
    @Override
    public void validate(RowType rowType, Configuration options, String prefix) {
        options.get(ENCODING);
        try {
            AvroSchemas.of(rowType, options.get(TIMESTAMP_MAPPING_LEGACY));
        } catch (IllegalArgumentException e) {
            throw new ConfigException(formatKey(prefix), "The 'avro' format cannot write this table: "
                    + e.getMessage(), e);
        }
    }

    @Override
    public boolean servesFiles() {
        return false;
    }

    @Override
    public void validateLines(RowType rowType, Configuration options, String prefix) {
        throw new ConfigException("format", "The 'avro' format is not served by the filesystem connector yet: Flink"
                + " writes Avro object container files there, which Runnel does not read or write; use 'avro' with"
                + " the kafka or upsert-kafka connector, or a format such as 'json' for files");
    }

    private static String formatKey(String prefix) {
        return prefix.substring(0, prefix.length() - IDENTIFIER.length() - 1) + "format";
    }

    @Override
    public RowDeserializer createDeserializer(RowType rowType, Configuration options) {
        return new AvroRowDeserializer(rowType, options.get(TIMESTAMP_MAPPING_LEGACY), options.get(ENCODING),
                options.get(FAST_READ));
    }

    @Override
    public RowSerializer createSerializer(RowType rowType, Configuration options) {
        return new AvroRowSerializer(rowType, options.get(TIMESTAMP_MAPPING_LEGACY), options.get(ENCODING));
    }
}
