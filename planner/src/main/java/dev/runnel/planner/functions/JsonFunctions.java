package dev.runnel.planner.functions;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.apache.calcite.avatica.util.ByteString;

/**
 * The implementations of Flink's JSON functions that {@link JsonOperators} declares. NULL in,
 * NULL out. Thread-safe.
 */
public final class JsonFunctions {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    /* As Flink's: keys sorted (deeply), decimals kept as written (1.50, 1.0E+20). */
    private static final ObjectMapper SORTING = new ObjectMapper()
            .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true)
            .configure(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS, true);
    private static final ConcurrentMap<String, Shape> SHAPES = new ConcurrentHashMap<>();

    private JsonFunctions() {
    }

    /**
     * {@code JSON_STRING(value)}: {@code value} as JSON text, as Flink serializes it: strings
     * quoted, exact numbers as they are, approximate ones as {@code BigDecimal.valueOf} prints
     * them ({@code 1.0E+20}), timestamps as ISO local date-times (a TIMESTAMP_LTZ in UTC with a
     * {@code Z}), binary strings in base64, rows as objects of their fields.
     *
     * @param shape how to read {@code value}: {@code JsonOperators.shapeOf}'s code for its type
     */
    public static String jsonString(Object value, String shape) {
        if (value == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        SHAPES.computeIfAbsent(shape, Shape::parse).write(value, sb);
        return sb.toString();
    }

    /**
     * The JSON text of a JSON_OBJECT or JSON_ARRAY with the keys of every object sorted, as
     * Flink writes it (Calcite keeps no order).
     */
    public static String jsonSortKeys(String json) {
        if (json == null) {
            return null;
        }
        try {
            return SORTING.writeValueAsString(SORTING.readValue(json, Object.class));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Not JSON: " + json, e);
        }
    }

    /**
     * A value of a JSON_OBJECT or JSON_ARRAY as Flink writes it, which Calcite's constructor
     * then serializes: a timestamp as its ISO text, binary data as base64 text, an approximate
     * number as the decimal {@code BigDecimal.valueOf} gives.
     */
    public static Object jsonScalar(Object value, String shape) {
        if (value == null) {
            return null;
        }
        return switch (shape.charAt(0)) {
            case 'T' -> Shape.iso((Long) value);
            case 'Z' -> Shape.iso((Long) value) + "Z";
            case 'X' -> Base64.getEncoder().encodeToString(Shape.bytes(value));
            case 'F' -> BigDecimal.valueOf(((Number) value).doubleValue());
            default -> value;
        };
    }

    /**
     * {@code JSON_QUOTE(str)}: {@code str} as a JSON string literal, escaping {@code "},
     * {@code \}, {@code /}, the control characters Java names ({@code \b \f \n \r \t}) and every
     * character outside ASCII ({@code \u00e9}); other control characters pass unchanged, as in Flink.
     */
    public static String jsonQuote(String str) {
        if (str == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < str.length(); i++) {
            // As Flink: the code point at each char index, so a pair of surrogates prints twice.
            int c = str.codePointAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '/' -> sb.append("\\/");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 128) {
                        sb.append((char) c);
                    } else {
                        sb.append(String.format("\\u%04x", c));
                    }
                }
            }
        }
        return sb.append('"').toString();
    }

    /**
     * {@code JSON_UNQUOTE(str)}: the string a JSON string literal stands for; {@code str}
     * unchanged when it is no valid JSON value, is another JSON value, or holds an escape that
     * Flink does not know.
     */
    public static String jsonUnquote(String str) {
        if (str == null) {
            return null;
        }
        if (!isJsonValue(str) || str.length() < 2 || str.charAt(0) != '"' || str.charAt(str.length() - 1) != '"') {
            return str;
        }
        StringBuilder sb = new StringBuilder();
        String body = str.substring(1, str.length() - 1);
        int i = 0;
        while (i < body.length()) {
            char c = body.charAt(i++);
            if (c != '\\' || i == body.length()) {
                sb.append(c);
                continue;
            }
            char escaped = body.charAt(i++);
            switch (escaped) {
                case '"', '\\', '/' -> sb.append(escaped);
                case 'b' -> sb.append('\b');
                case 'f' -> sb.append('\f');
                case 'n' -> sb.append('\n');
                case 'r' -> sb.append('\r');
                case 't' -> sb.append('\t');
                case 'u' -> {
                    sb.append((char) Integer.parseInt(body.substring(i, i + 4), 16));
                    i += 4;
                }
                default -> {
                    return str;
                }
            }
        }
        return sb.toString();
    }

    /** The JSON text that {@code JSON(str)} inserts: {@code str}, which must be valid JSON. */
    public static String jsonText(String str) {
        if (str != null && !isJsonValue(str)) {
            throw new IllegalArgumentException("Invalid JSON string in JSON(value) function: \"" + str + "\"");
        }
        return str;
    }

    private static boolean isJsonValue(String str) {
        try {
            MAPPER.readValue(str, Object.class);
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    /** A parsed {@code JsonOperators.shapeOf} code. */
    private record Shape(char kind, List<String> names, List<Shape> fields) {
        static Shape parse(String code) {
            int[] at = {0};
            return parse(code, at);
        }

        private static Shape parse(String code, int[] at) {
            char kind = code.charAt(at[0]++);
            if (kind != 'R') {
                return new Shape(kind, List.of(), List.of());
            }
            List<String> names = new ArrayList<>();
            List<Shape> fields = new ArrayList<>();
            at[0]++; // (
            while (code.charAt(at[0]) != ')') {
                int colon = code.indexOf(':', at[0]);
                int length = Integer.parseInt(code.substring(at[0], colon));
                names.add(code.substring(colon + 1, colon + 1 + length));
                at[0] = colon + 1 + length + 1; // name and '='
                fields.add(parse(code, at));
                if (code.charAt(at[0]) == ',') {
                    at[0]++;
                }
            }
            at[0]++; // )
            return new Shape(kind, names, fields);
        }

        void write(Object value, StringBuilder sb) {
            if (value == null) {
                sb.append("null");
                return;
            }
            switch (kind) {
                case 'S' -> quote(value.toString(), sb);
                case 'B', 'N' -> sb.append(value);
                case 'F' -> sb.append(BigDecimal.valueOf(((Number) value).doubleValue()));
                case 'T' -> quote(iso((Long) value), sb);
                case 'Z' -> quote(iso((Long) value) + "Z", sb);
                case 'X' -> quote(Base64.getEncoder().encodeToString(bytes(value)), sb);
                default -> {
                    // The fields in the order of their names, as Flink sorts the keys.
                    Object[] row = (Object[]) value;
                    Integer[] order = new Integer[fields.size()];
                    for (int i = 0; i < order.length; i++) {
                        order[i] = i;
                    }
                    Arrays.sort(order, Comparator.comparing(names::get));
                    sb.append('{');
                    for (int i = 0; i < order.length; i++) {
                        if (i > 0) {
                            sb.append(',');
                        }
                        quote(names.get(order[i]), sb);
                        sb.append(':');
                        fields.get(order[i]).write(row[order[i]], sb);
                    }
                    sb.append('}');
                }
            }
        }

        private static byte[] bytes(Object value) {
            return value instanceof ByteString b ? b.getBytes() : (byte[]) value;
        }

        private static String iso(long millis) {
            return LocalDateTime.ofInstant(Instant.ofEpochMilli(millis), ZoneOffset.UTC)
                    .format(DateTimeFormatter.ISO_LOCAL_DATE_TIME);
        }

        /** A JSON string as Jackson writes it: quotes, backslashes and control characters escaped. */
        private static void quote(String str, StringBuilder sb) {
            sb.append('"');
            for (int i = 0; i < str.length(); i++) {
                char c = str.charAt(i);
                switch (c) {
                    case '"' -> sb.append("\\\"");
                    case '\\' -> sb.append("\\\\");
                    case '\n' -> sb.append("\\n");
                    case '\r' -> sb.append("\\r");
                    case '\t' -> sb.append("\\t");
                    case '\b' -> sb.append("\\b");
                    case '\f' -> sb.append("\\f");
                    default -> {
                        if (c < 0x20) {
                            sb.append(String.format("\\u%04X", (int) c));
                        } else {
                            sb.append(c);
                        }
                    }
                }
            }
            sb.append('"');
        }
    }
}
