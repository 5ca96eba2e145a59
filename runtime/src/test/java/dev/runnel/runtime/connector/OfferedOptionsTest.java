package dev.runnel.runtime.connector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.RowType.Field;
import dev.runnel.runtime.types.TypeRoot;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What completion offers inside {@code WITH (…)}: only keys the connector would then accept. */
class OfferedOptionsTest {
    private static final RowType SCHEMA = RowType.of(new Field("id", DataType.of(TypeRoot.BIGINT).notNull()),
            new Field("name", DataType.of(TypeRoot.VARCHAR)), new Field("ts", DataType.of(TypeRoot.TIMESTAMP, 3)),
            new Field("tags", DataType.array(DataType.of(TypeRoot.VARCHAR))));

    private static List<String> offered(String connector, Map<String, String> written) {
        return ConnectorFactories.offeredOptions(connector, written, SCHEMA.names(), SCHEMA);
    }

    private static List<String> fieldOptions(List<String> keys, String column) {
        return keys.stream().filter(k -> k.startsWith("fields." + column + "."))
                .map(k -> k.substring(("fields." + column + ".").length())).toList();
    }

    @Test
    void datagenOffersEachColumnTheFieldOptionsOfItsType() {
        List<String> keys = offered("datagen", Map.of("connector", "datagen"));
        assertThat(fieldOptions(keys, "id")).as("a NOT NULL number").containsExactly("kind", "max", "min");
        assertThat(fieldOptions(keys, "name")).containsExactly("kind", "length", "null-rate", "var-len");
        assertThat(fieldOptions(keys, "ts")).containsExactly("kind", "max-past", "null-rate");
        assertThat(fieldOptions(keys, "tags")).containsExactly("kind", "length", "null-rate");
        assertThat(keys).contains("number-of-rows", "rows-per-second").doesNotContain("connector");
    }

    @Test
    void aSequenceFieldIsOfferedStartAndEndAndNothingRandom() {
        List<String> keys = offered("datagen", Map.of("connector", "datagen", "fields.id.kind", "sequence",
                "number-of-rows", "5"));
        assertThat(fieldOptions(keys, "id")).containsExactly("end", "start");
        assertThat(keys).as("written keys are not offered again").doesNotContain("number-of-rows");
    }

    @Test
    void whatIsNotOfferedIsWhatTheConnectorRejects() {
        List<String> keys = offered("datagen", Map.of("connector", "datagen"));
        assertThat(keys).doesNotContain("fields.name.min", "fields.id.length");
        assertThatThrownBy(() -> ConnectorFactories.factoryFor(new TableContext("default.t", SCHEMA,
                Map.of("connector", "datagen", "fields.name.min", "1"))))
                .hasMessageContaining("does not apply to a random");
        assertThatThrownBy(() -> ConnectorFactories.factoryFor(new TableContext("default.t", SCHEMA,
                Map.of("connector", "datagen", "fields.id.length", "3"))))
                .hasMessageContaining("does not apply to a random");
    }

    @Test
    void aFormatsOptionsOnlyOnceTheFormatIsChosen() {
        assertThat(offered("filesystem", Map.of("connector", "filesystem")))
                .contains("format", "path").noneMatch(k -> k.startsWith("json.") || k.startsWith("csv."));
        List<String> json = offered("filesystem", Map.of("connector", "filesystem", "format", "json"));
        assertThat(json).contains("json.ignore-parse-errors").noneMatch(k -> k.startsWith("csv."))
                .doesNotContain("format");
    }

    @Test
    void aColumnOfUnknownTypeIsOfferedEveryFieldOption() {
        List<String> keys = ConnectorFactories.offeredOptions("datagen", Map.of(), List.of("x"), RowType.of());
        assertThat(fieldOptions(keys, "x")).contains("kind", "min", "length", "start", "max-past");
        assertThat(ConnectorFactories.offeredOptions("nosuch", Map.of(), List.of("x"), RowType.of())).isEmpty();
    }
}
