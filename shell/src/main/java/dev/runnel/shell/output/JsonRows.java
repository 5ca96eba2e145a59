package dev.runnel.shell.output;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.Values;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.ZoneId;
import java.util.List;

/**
 * {@code json}: one object per row and line (JSON Lines), its fields named by the columns in
 * their order. A changelog row starts with {@code "op"} (its kind, {@code +I}, {@code -U},
 * {@code +U} or {@code -D}). Numbers and booleans are JSON numbers and booleans (DECIMAL keeps
 * its digits; FLOAT and DOUBLE NaN and infinities become strings), SQL NULL is {@code null},
 * every other type is the string SQL casts it to. A result with no rows prints nothing.
 */
final class JsonRows implements RowFormat {
    private static final JsonFactory JSON = JsonFactory.builder().build()
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    @Override
    public void start(PrintWriter out, List<ColumnInfo> columns, boolean changelog) {
    }

    @Override
    public void row(PrintWriter out, List<ColumnInfo> columns, boolean changelog, Row row, ZoneId zone) {
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.writeStartObject();
            if (changelog) {
                json.writeStringField("op", row.kind().shortString());
            }
            for (int c = 0; c < columns.size(); c++) {
                json.writeFieldName(columns.get(c).name());
                writeValue(json, row.getField(c), columns.get(c), zone);
            }
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.print('\n');
    }

    private static void writeValue(JsonGenerator json, Object value, ColumnInfo column, ZoneId zone) throws IOException {
        if (value == null) {
            json.writeNull();
            return;
        }
        switch (column.type().root()) {
            case BOOLEAN -> json.writeBoolean((Boolean) value);
            case TINYINT, SMALLINT, INTEGER, BIGINT -> json.writeNumber(((Number) value).longValue());
            case DECIMAL -> json.writeNumber((BigDecimal) value);
            case FLOAT, DOUBLE -> {
                double d = ((Number) value).doubleValue();
                if (Double.isFinite(d)) {
                    // FLOAT keeps its own shortest text (0.1f, not 0.10000000149011612).
                    json.writeNumber(value.toString());
                } else {
                    json.writeString(value.toString());
                }
            }
            default -> json.writeString(Values.toText(value, column.type(), zone));
        }
    }
}
