package dev.runnel.runtime.format.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.format.FormatException;
import dev.runnel.runtime.format.RowDeserializer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** Reads one Debezium change event into its rows; see {@link DebeziumJsonFormatFactory}. */
final class DebeziumJsonDeserializer implements RowDeserializer {
    private final JsonRowDeserializer rows;
    private final boolean schemaInclude;

    DebeziumJsonDeserializer(JsonRowDeserializer rows, boolean schemaInclude) {
        this.rows = rows;
        this.schemaInclude = schemaInclude;
    }

    /**
     * The single row of {@code record}.
     *
     * @throws FormatException also for an update, which holds two rows: readers use
     *         {@link #deserialize(String, Consumer)}
     */
    @Override
    public Row deserialize(String record) {
        List<Row> result = new ArrayList<>(2);
        deserialize(record, result::add);
        if (result.size() > 1) {
            throw new FormatException("an update event holds two rows (-U and +U); read it with deserialize(record, out)");
        }
        return result.isEmpty() ? null : result.get(0);
    }

    @Override
    public void deserialize(String record, Consumer<Row> out) {
        JsonNode root;
        try {
            root = JsonRowDeserializer.MAPPER.readTree(record);
        } catch (JsonProcessingException e) {
            throw new FormatException("invalid JSON: " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new FormatException("expected a JSON object, got " + (root == null ? "nothing" : root.getNodeType()));
        }
        JsonNode event = schemaInclude ? root.get("payload") : root;
        if (event == null || !event.isObject()) {
            throw new FormatException("field 'payload' is not a JSON object (option 'debezium-json.schema-include' "
                    + "is true, so each record must be {\"schema\":...,\"payload\":{...}})");
        }
        JsonNode op = event.get("op");
        if (op == null || op.isNull()) {
            boolean envelope = !schemaInclude && root.has("schema") && root.has("payload");
            throw new FormatException("field 'op' is missing" + (envelope
                    ? "; the record has a 'schema' and a 'payload': set 'debezium-json.schema-include' = 'true'" : ""));
        }
        switch (op.asText()) {
            case "c", "r" -> out.accept(image(event, "after", "a create", RowKind.INSERT));
            case "u" -> {
                // both rows are read before either is handed out, so a bad record emits nothing
                Row before = image(event, "before", "an update", RowKind.UPDATE_BEFORE);
                Row after = image(event, "after", "an update", RowKind.UPDATE_AFTER);
                out.accept(before);
                out.accept(after);
            }
            case "d" -> out.accept(image(event, "before", "a delete", RowKind.DELETE));
            default -> throw new FormatException("field 'op': unknown value \"" + op.asText()
                    + "\", expected c, r, u or d");
        }
    }

    private Row image(JsonNode event, String field, String change, RowKind kind) {
        JsonNode node = event.get(field);
        if (node == null || node.isNull()) {
            // Flink's hint: Postgres sends no 'before' unless the table's replica identity is FULL
            String hint = field.equals("before") ? " (with Debezium's Postgres connector, set the table's "
                    + "REPLICA IDENTITY to FULL)" : "";
            throw new FormatException("field '" + field + "' of " + change + " event (op '"
                    + event.get("op").asText() + "') is null" + hint);
        }
        if (!node.isObject()) {
            throw new FormatException("field '" + field + "': expected a JSON object, got " + node.getNodeType());
        }
        Row row;
        try (JsonParser parser = node.traverse()) {
            parser.nextToken();
            row = rows.readRow(parser, field + ".");
        } catch (IOException e) {
            // a tree's tokens are well-formed
            throw new UncheckedIOException(e);
        }
        row.setKind(kind);
        return row;
    }

    @Override
    public boolean ignoreParseErrors() {
        return rows.ignoreParseErrors();
    }

    @Override
    public long ignoredFieldErrors() {
        return rows.ignoredFieldErrors();
    }
}
