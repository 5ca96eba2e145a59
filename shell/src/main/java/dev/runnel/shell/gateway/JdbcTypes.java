package dev.runnel.shell.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import dev.runnel.runtime.types.Values;
import java.math.BigDecimal;
import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.apache.calcite.avatica.ColumnMetaData;

/**
 * How Runnel's SQL types look to JDBC, and how their values travel to the driver.
 *
 * <p>Values go in the representation Avatica's client reads for the JDBC type: DATE as days and
 * TIME as milliseconds of the day ({@link Integer}), TIMESTAMP as wall-clock milliseconds
 * ({@link Long}) — the engine's own representation, so most values pass unchanged. TIMESTAMP_LTZ is
 * {@code TIMESTAMP WITH TIME ZONE}, sent as ISO-8601 text with the session's offset (Avatica
 * carries that type as a string). ARRAY of a scalar element is a {@code java.sql.Array}; MAP,
 * MULTISET, ROW and collections of those are JSON text, which every tool can show.
 */
final class JdbcTypes {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private JdbcTypes() {
    }

    /** The {@code java.sql.Types} code of {@code type}. */
    static int sqlType(DataType type) {
        return switch (type.root()) {
            case BOOLEAN -> Types.BOOLEAN;
            case TINYINT -> Types.TINYINT;
            case SMALLINT -> Types.SMALLINT;
            case INTEGER -> Types.INTEGER;
            case BIGINT -> Types.BIGINT;
            case FLOAT -> Types.REAL;
            case DOUBLE -> Types.DOUBLE;
            case DECIMAL -> Types.DECIMAL;
            case CHAR -> Types.CHAR;
            case VARCHAR -> Types.VARCHAR;
            case BINARY -> Types.BINARY;
            case VARBINARY -> Types.VARBINARY;
            case DATE -> Types.DATE;
            case TIME -> Types.TIME;
            case TIMESTAMP -> Types.TIMESTAMP;
            case TIMESTAMP_LTZ -> Types.TIMESTAMP_WITH_TIMEZONE;
            case ARRAY -> isScalar(type.elementType()) ? Types.ARRAY : Types.VARCHAR;
            case ROW, MULTISET, MAP -> Types.VARCHAR;
        };
    }

    /** The type's name as {@code DESCRIBE} spells it ({@code STRING}, {@code TIMESTAMP(3)}, {@code DECIMAL(10, 2)}). */
    static String typeName(DataType type) {
        return type.withNullable(true).toString();
    }

    /** JDBC's column size: characters or bytes for strings, digits for numbers, characters of the text for times. */
    static Integer columnSize(DataType type) {
        return switch (type.root()) {
            case BOOLEAN -> 1;
            case TINYINT -> 3;
            case SMALLINT -> 5;
            case INTEGER -> 10;
            case BIGINT -> 19;
            case FLOAT -> 7;
            case DOUBLE -> 15;
            case DECIMAL, CHAR, VARCHAR, BINARY, VARBINARY -> type.precision();
            case DATE -> 10;
            case TIME -> 8 + (type.precision() > 0 ? type.precision() + 1 : 0);
            case TIMESTAMP -> 19 + (type.precision() > 0 ? type.precision() + 1 : 0);
            case TIMESTAMP_LTZ -> 25 + (type.precision() > 0 ? type.precision() + 1 : 0);
            case ROW, ARRAY, MULTISET, MAP -> null;
        };
    }

    /** Digits after the point: the scale of a DECIMAL, the fractional seconds of a time; else none. */
    static Integer decimalDigits(DataType type) {
        return switch (type.root()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT -> 0;
            case DECIMAL -> type.scale();
            case TIME, TIMESTAMP, TIMESTAMP_LTZ -> type.precision();
            default -> null;
        };
    }

    /** 10 for numbers (JDBC's NUM_PREC_RADIX), else none. */
    static Integer radix(DataType type) {
        return switch (type.root()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT, FLOAT, DOUBLE, DECIMAL -> 10;
            default -> null;
        };
    }

    /** The result column {@code ordinal} (0-based) named {@code name} of type {@code type}. */
    static ColumnMetaData column(int ordinal, String name, DataType type) {
        ColumnMetaData.AvaticaType avaticaType = avaticaType(type);
        Integer size = columnSize(type);
        Integer digits = decimalDigits(type);
        return new ColumnMetaData(ordinal, false, true, true, false,
                type.nullable() ? DatabaseMetaData.columnNullable : DatabaseMetaData.columnNoNulls,
                isSigned(type), displaySize(type, size), name, name, null,
                size == null ? 0 : size, digits == null ? 0 : digits, null, null, avaticaType, true, false, false,
                className(type));
    }

    private static int displaySize(DataType type, Integer size) {
        if (size == null) {
            return 64;
        }
        // a VARCHAR of 2^31-1 is as wide as a tool wants to make it
        return Math.min(size + (type.root() == TypeRoot.DECIMAL ? 2 : 0), 65_536);
    }

    private static boolean isSigned(DataType type) {
        return radix(type) != null;
    }

    private static ColumnMetaData.AvaticaType avaticaType(DataType type) {
        int sqlType = sqlType(type);
        if (sqlType == Types.ARRAY) {
            return ColumnMetaData.array(avaticaType(type.elementType()), typeName(type), ColumnMetaData.Rep.ARRAY);
        }
        return ColumnMetaData.scalar(sqlType, typeName(type), rep(type));
    }

    private static ColumnMetaData.Rep rep(DataType type) {
        return switch (type.root()) {
            case BOOLEAN -> ColumnMetaData.Rep.BOOLEAN;
            case TINYINT -> ColumnMetaData.Rep.BYTE;
            case SMALLINT -> ColumnMetaData.Rep.SHORT;
            case INTEGER, DATE, TIME -> ColumnMetaData.Rep.INTEGER;
            case BIGINT, TIMESTAMP -> ColumnMetaData.Rep.LONG;
            case FLOAT -> ColumnMetaData.Rep.FLOAT;
            case DOUBLE -> ColumnMetaData.Rep.DOUBLE;
            case DECIMAL -> ColumnMetaData.Rep.NUMBER;
            case BINARY, VARBINARY -> ColumnMetaData.Rep.BYTE_STRING;
            case ARRAY -> isScalar(type.elementType()) ? ColumnMetaData.Rep.ARRAY : ColumnMetaData.Rep.STRING;
            default -> ColumnMetaData.Rep.STRING;
        };
    }

    private static String className(DataType type) {
        return switch (type.root()) {
            case BOOLEAN -> Boolean.class.getName();
            case TINYINT -> Byte.class.getName();
            case SMALLINT -> Short.class.getName();
            case INTEGER -> Integer.class.getName();
            case BIGINT -> Long.class.getName();
            case FLOAT -> Float.class.getName();
            case DOUBLE -> Double.class.getName();
            case DECIMAL -> BigDecimal.class.getName();
            case BINARY, VARBINARY -> byte[].class.getName();
            case DATE -> java.sql.Date.class.getName();
            case TIME -> java.sql.Time.class.getName();
            case TIMESTAMP -> java.sql.Timestamp.class.getName();
            case ARRAY -> isScalar(type.elementType()) ? java.sql.Array.class.getName() : String.class.getName();
            default -> String.class.getName();
        };
    }

    private static boolean isScalar(DataType type) {
        return switch (type.root()) {
            case ROW, ARRAY, MULTISET, MAP, TIMESTAMP_LTZ -> false;
            default -> true;
        };
    }

    /** {@code value}, an engine value of {@code type}, as it travels to the driver; TIMESTAMP_LTZ in {@code zone}. */
    static Object toWire(Object value, DataType type, ZoneId zone) {
        if (value == null) {
            return null;
        }
        return switch (type.root()) {
            case TIMESTAMP_LTZ -> offsetText((Long) value, type.precision(), zone);
            case ARRAY -> {
                if (!isScalar(type.elementType())) {
                    yield toJson(value, type, zone).toString();
                }
                List<Object> elements = new ArrayList<>();
                for (Object element : (List<?>) value) {
                    elements.add(toWire(element, type.elementType(), zone));
                }
                yield elements;
            }
            case ROW, MULTISET, MAP -> toJson(value, type, zone).toString();
            default -> value;
        };
    }

    private static String offsetText(long millis, int precision, ZoneId zone) {
        String pattern = precision <= 0 ? "yyyy-MM-dd'T'HH:mm:ssXXX"
                : "yyyy-MM-dd'T'HH:mm:ss." + "S".repeat(Math.min(precision, 3)) + "XXX";
        return DateTimeFormatter.ofPattern(pattern).format(Instant.ofEpochMilli(millis).atZone(zone));
    }

    /** JSON of a nested value: numbers and booleans as such, bytes in base64, times as Flink's text. */
    private static JsonNode toJson(Object value, DataType type, ZoneId zone) {
        if (value == null) {
            return JSON.nullNode();
        }
        switch (type.root()) {
            case BOOLEAN:
                return JSON.booleanNode((Boolean) value);
            case TINYINT, SMALLINT, INTEGER, BIGINT:
                return JSON.numberNode(((Number) value).longValue());
            case FLOAT, DOUBLE:
                return JSON.numberNode(((Number) value).doubleValue());
            case DECIMAL:
                return JSON.numberNode((BigDecimal) value);
            case BINARY, VARBINARY:
                return JSON.textNode(Base64.getEncoder().encodeToString((byte[]) value));
            case ROW: {
                ObjectNode row = JSON.objectNode();
                RowType fields = type.rowType();
                Object[] values = (Object[]) value;
                for (int i = 0; i < fields.arity(); i++) {
                    row.set(fields.name(i), toJson(values[i], fields.type(i), zone));
                }
                return row;
            }
            case ARRAY, MULTISET: {
                ArrayNode array = JSON.arrayNode();
                for (Object element : (List<?>) value) {
                    array.add(toJson(element, type.elementType(), zone));
                }
                return array;
            }
            case MAP: {
                // keys of any type: JSON object keys are text, the key's own text
                ObjectNode map = JSON.objectNode();
                for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
                    String key = e.getKey() == null ? "null" : Values.toText(e.getKey(), type.keyType(), zone);
                    map.set(key, toJson(e.getValue(), type.valueType(), zone));
                }
                return map;
            }
            default:
                return JSON.textNode(Values.toText(value, type, zone));
        }
    }
}
