package dev.runnel.runtime.format.json;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.format.FormatException;
import dev.runnel.runtime.format.RowSerializer;
import java.io.IOException;
import java.io.StringWriter;

/**
 * Writes each row as one Debezium change event, as Flink's debezium-json serialization does:
 * {@code +I}/{@code +U} as a create of {@code after}, {@code -U}/{@code -D} as a delete of
 * {@code before}.
 */
final class DebeziumJsonSerializer implements RowSerializer {
    private final JsonRowSerializer rows;

    DebeziumJsonSerializer(JsonRowSerializer rows) {
        this.rows = rows;
    }

    @Override
    public String serialize(Row row) {
        StringWriter out = new StringWriter(96);
        try (JsonGenerator g = JsonRowSerializer.createGenerator(out)) {
            g.writeStartObject();
            boolean create = switch (row.kind()) {
                case INSERT, UPDATE_AFTER -> true;
                case UPDATE_BEFORE, DELETE -> false;
            };
            g.writeFieldName("before");
            if (create) {
                g.writeNull();
            } else {
                rows.writeObject(g, row);
            }
            g.writeFieldName("after");
            if (create) {
                rows.writeObject(g, row);
            } else {
                g.writeNull();
            }
            g.writeStringField("op", create ? "c" : "d");
            g.writeEndObject();
        } catch (IOException | ClassCastException e) {
            throw new FormatException("cannot write " + row + " as a Debezium JSON event: " + e.getMessage(), e);
        }
        return out.toString();
    }
}
