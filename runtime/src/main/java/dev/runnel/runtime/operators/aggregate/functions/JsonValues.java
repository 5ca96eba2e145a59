package dev.runnel.runtime.operators.aggregate.functions;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.Values;
import java.math.BigDecimal;

/**
 * The JSON text of a SQL value, as Flink's JSON aggregates take their arguments (its
 * {@code JSON_STRING}): numbers and booleans as they are, strings quoted and escaped, other
 * values as the quoted text Flink prints for them, NULL as {@code null}.
 */
final class JsonValues {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JsonValues() {
    }

    static String toJson(Object value, DataType type) {
        if (value == null) {
            return "null";
        }
        return switch (type.root()) {
            case BOOLEAN -> value.toString();
            case TINYINT, SMALLINT, INTEGER, BIGINT -> value.toString();
            case FLOAT -> NODES.numberNode((Float) value).toString();
            case DOUBLE -> NODES.numberNode((Double) value).toString();
            case DECIMAL -> NODES.numberNode((BigDecimal) value).toString();
            case CHAR, VARCHAR -> NODES.textNode(value.toString()).toString();
            default -> NODES.textNode(Values.toText(value, type)).toString();
        };
    }
}
