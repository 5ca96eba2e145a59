package dev.runnel.runtime.connector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.RowType.Field;
import dev.runnel.runtime.types.TypeRoot;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;

class ConnectorOptionValidationTest {
    private static final RowType SCHEMA = RowType.of(new Field("id", DataType.of(TypeRoot.BIGINT)),
            new Field("flag", DataType.of(TypeRoot.BOOLEAN)), new Field("small", DataType.of(TypeRoot.TINYINT)),
            new Field("name", DataType.of(TypeRoot.VARCHAR, 10)));

    private static AbstractThrowableAssert<?, ? extends Throwable> rejects(String... keyValues) {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            options.put(keyValues[i], keyValues[i + 1]);
        }
        return assertThatThrownBy(() -> ConnectorFactories.factoryFor(new TableContext("default.t", SCHEMA, options)))
                .isInstanceOf(ConfigException.class);
    }

    private static String keyOf(String... keyValues) {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            options.put(keyValues[i], keyValues[i + 1]);
        }
        try {
            ConnectorFactories.factoryFor(new TableContext("default.t", SCHEMA, options));
            return null;
        } catch (ConfigException e) {
            return e.key();
        }
    }

    @Test
    void everyConnectorIsRegistered() {
        assertThat(ConnectorFactories.all()).containsOnlyKeys("blackhole", "datagen", "filesystem", "kafka", "nexmark", "print",
                "upsert-kafka");
    }

    @Test
    void unknownConnector() {
        rejects("connector", "pulsar").hasMessage("Unknown connector 'pulsar' for table default.t. Available connectors: "
                + "blackhole, datagen, filesystem, kafka, nexmark, print, upsert-kafka");
    }

    @Test
    void aMisspeltConnectorSuggestsTheClosest() {
        rejects("connector", "dategen").hasMessage("Unknown connector 'dategen' for table default.t."
                + " Did you mean 'datagen'? Available connectors: blackhole, datagen, filesystem, kafka, nexmark, print, upsert-kafka");
    }

    @Test
    void datagenUnknownOptionsSuggestTheClosestKey() {
        rejects("connector", "datagen", "rows-per-secnd", "5").hasMessageStartingWith(
                "Unsupported option 'rows-per-secnd' for connector 'datagen' of table default.t. "
                        + "Did you mean 'rows-per-second'? Supported options: connector, fields.#.end,");
        rejects("connector", "datagen", "fields.id.knd", "sequence")
                .hasMessageContaining("Did you mean 'fields.id.kind'?");
        assertThat(keyOf("connector", "datagen", "fields.id.knd", "sequence")).isEqualTo("fields.id.knd");
    }

    @Test
    void datagenMalformedValues() {
        rejects("connector", "datagen", "rows-per-second", "fast")
                .hasMessage("Invalid value 'fast' for option 'rows-per-second': expected a value of type Long");
        rejects("connector", "datagen", "fields.id.kind", "sequential")
                .hasMessage("Invalid value 'sequential' for option 'fields.id.kind': expected one of random, sequence");
        rejects("connector", "datagen", "fields.id.min", "abc")
                .hasMessage("Invalid value 'abc' for option 'fields.id.min' of table default.t: expected a number");
        rejects("connector", "datagen", "fields.small.max", "1000").hasMessage("Invalid value '1000' for option "
                + "'fields.small.max' of table default.t: out of the range of TINYINT [-128, 127]");
        rejects("connector", "datagen", "fields.id.min", "5", "fields.id.max", "1").hasMessage("Invalid value '5' for "
                + "option 'fields.id.min' of table default.t: must not be greater than 'fields.id.max' (1)");
        rejects("connector", "datagen", "fields.name.length", "11").hasMessage("Invalid value '11' for option "
                + "'fields.name.length' of table default.t: exceeds the length of VARCHAR(10)");
        rejects("connector", "datagen", "rows-per-second", "0").hasMessageContaining("must be positive");
        rejects("connector", "datagen", "fields.id.null-rate", "2").hasMessageContaining("must be between 0 and 1");
    }

    @Test
    void datagenFieldOptionsMustNameAColumnAndFitItsKind() {
        rejects("connector", "datagen", "fields.nope.kind", "random").hasMessage("Option 'fields.nope.kind' of table "
                + "default.t names no column: 'nope' is not one of id, flag, small, name");
        rejects("connector", "datagen", "fields.flag.kind", "sequence", "fields.flag.start", "1", "fields.flag.end", "2")
                .hasMessage("Option 'fields.flag.kind' of table default.t: a sequence needs a numeric or string column, "
                        + "but 'flag' is BOOLEAN");
        rejects("connector", "datagen", "fields.id.kind", "sequence", "fields.id.start", "1")
                .hasMessage("Missing option 'fields.id.end' of table default.t: sequence field 'id' needs both "
                        + "'fields.id.start' and 'fields.id.end'");
        rejects("connector", "datagen", "fields.id.kind", "sequence", "fields.id.start", "1", "fields.id.end", "9",
                "fields.id.min", "3").hasMessage("Option 'fields.id.min' of table default.t does not apply to a "
                + "sequence field ('id'); it takes fields.id.kind, fields.id.start, fields.id.end, fields.id.null-rate");
        rejects("connector", "datagen", "fields.flag.length", "3").hasMessageContaining(
                "Option 'fields.flag.length' of table default.t does not apply to a random BOOLEAN field ('flag')");
        assertThat(keyOf("connector", "datagen", "fields.id.start", "1")).isEqualTo("fields.id.start");
    }

    @Test
    void filesystemOptions() {
        rejects("connector", "filesystem", "format", "json").hasMessageStartingWith(
                "Missing required option 'path' for connector 'filesystem' of table default.t");
        assertThat(keyOf("connector", "filesystem", "format", "json")).isEqualTo("path");
        rejects("connector", "filesystem", "path", "/tmp/x", "format", "parquet")
                .hasMessage("Unknown format 'parquet' in option 'format'. Available formats: avro, csv, debezium-json, json, raw");
        rejects("connector", "filesystem", "path", "/tmp/x", "format", "json", "json.ignore-parse-error", "true")
                .hasMessageContaining("Unsupported option 'json.ignore-parse-error'")
                .hasMessageContaining("Did you mean 'json.ignore-parse-errors'?");
        rejects("connector", "filesystem", "path", "/tmp/x", "format", "json", "json.ignore-parse-errors", "yes")
                .hasMessage("Invalid value 'yes' for option 'json.ignore-parse-errors': expected a value of type Boolean");
        rejects("connector", "filesystem", "path", "/tmp/x", "format", "json", "csv.field-delimiter", ";")
                .hasMessage("Option 'csv.field-delimiter' of table default.t is for format 'csv' but the table's "
                        + "format is 'json'");
        rejects("connector", "filesystem", "path", "/tmp/x", "format", "csv", "csv.field-delimiter", ";;")
                .hasMessage("Invalid value ';;' for option 'csv.field-delimiter': expected a single character");
        rejects("connector", "filesystem", "path", "/tmp/x", "format", "csv", "sink.rolling-policy.file-size", "big")
                .hasMessageStartingWith("Invalid value 'big' for option 'sink.rolling-policy.file-size' of table "
                        + "default.t: expected a size such as '128MB'");
        rejects("connector", "filesystem", "path", "/tmp/x", "format", "csv", "sink.rolling-policy.rollover-interval",
                "soon").hasMessageStartingWith("Invalid value 'soon' for option 'sink.rolling-policy.rollover-interval'");
    }

    @Test
    void printAndBlackholeOptions() {
        rejects("connector", "print", "print-identifer", "x").hasMessageStartingWith("Unsupported option "
                + "'print-identifer' for connector 'print' of table default.t. Did you mean 'print-identifier'?");
        rejects("connector", "print", "standard-error", "maybe")
                .hasMessage("Invalid value 'maybe' for option 'standard-error': expected a value of type Boolean");
        rejects("connector", "blackhole", "path", "/tmp").hasMessage("Unsupported option 'path' for connector "
                + "'blackhole' of table default.t. Supported options: connector");
    }

    @Test
    void parallelismOptionsAsInFlink() {
        TableContext datagen = new TableContext("default.t", SCHEMA, Map.of("connector", "datagen",
                "scan.parallelism", "3"));
        assertThat(ConnectorFactories.factoryFor(datagen).sourceParallelism(datagen)).hasValue(3);
        assertThat(ConnectorFactories.factoryFor(datagen).sinkParallelism(datagen)).isEmpty();
        TableContext print = new TableContext("default.t", SCHEMA, Map.of("connector", "print"));
        assertThat(ConnectorFactories.factoryFor(print).sinkParallelism(print)).isEmpty();
        rejects("connector", "print", "sink.parallelism", "0").hasMessage(
                "Invalid value '0' for option 'sink.parallelism' of table default.t: must be positive");
        rejects("connector", "filesystem", "path", "/tmp/x", "format", "csv", "sink.parallelism", "two")
                .hasMessage("Invalid value 'two' for option 'sink.parallelism': expected a value of type Integer");
        rejects("connector", "blackhole", "sink.parallelism", "2")
                .hasMessageStartingWith("Unsupported option 'sink.parallelism' for connector 'blackhole'");
    }

    @Test
    void validTablesPass() {
        for (Map<String, String> options : List.of(
                Map.of("connector", "datagen", "rows-per-second", "5", "fields.id.kind", "sequence",
                        "fields.id.start", "1", "fields.id.end", "1000000", "fields.small.min", "1",
                        "fields.small.max", "100", "fields.name.length", "4"),
                Map.of("connector", "filesystem", "path", "/tmp/out", "format", "json",
                        "json.timestamp-format.standard", "ISO-8601", "sink.rolling-policy.file-size", "1 mb"),
                Map.of("connector", "print", "print-identifier", "p"),
                Map.of("connector", "blackhole"))) {
            TableContext table = new TableContext("default.t", SCHEMA, options);
            assertThat(ConnectorFactories.factoryFor(table).identifier()).isEqualTo(options.get("connector"));
        }
    }
}
