package dev.runnel.shell.gateway;

import dev.runnel.shell.text.SqlLexer;
import dev.runnel.shell.text.SqlToken;
import java.math.BigDecimal;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import org.apache.calcite.avatica.AvaticaParameter;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * The {@code ?} parameters of a prepared statement, and the statement with values bound to them.
 *
 * <p>A value is bound as the SQL literal of its JDBC type ({@code 'it''s'}, {@code 42},
 * {@code DATE '2024-01-02'}, {@code TIMESTAMP '2024-01-02 03:04:05.678'}, {@code X'0a'},
 * {@code ARRAY[1, 2]}) in place of its {@code ?}, so the planner sees the statement a person would
 * have typed and validates it the same way: a string bound where a number is needed is the
 * planner's type error, with the position of the literal. Only {@code ?} tokens count: one in a
 * string, a quoted identifier or a comment is text.
 */
final class StatementParameters {
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS");

    private final String sql;
    /** Offsets of the parameter markers in {@link #sql}, in order. */
    private final List<Integer> markers;

    private StatementParameters(String sql, List<Integer> markers) {
        this.sql = sql;
        this.markers = markers;
    }

    static StatementParameters of(String sql) {
        List<Integer> markers = new ArrayList<>();
        for (SqlToken token : SqlLexer.tokenize(sql)) {
            if (token.kind() == SqlToken.Kind.SYMBOL && token.text().equals("?")) {
                markers.add(token.start());
            }
        }
        return new StatementParameters(sql, List.copyOf(markers));
    }

    int count() {
        return markers.size();
    }

    /**
     * What JDBC's {@code ParameterMetaData} reports: the type of a parameter is only known once
     * the statement is planned with it, so each takes any object.
     */
    List<AvaticaParameter> describe() {
        List<AvaticaParameter> parameters = new ArrayList<>();
        for (int i = 0; i < markers.size(); i++) {
            parameters.add(new AvaticaParameter(false, 0, 0, Types.JAVA_OBJECT, "ANY", Object.class.getName(),
                    "?" + (i + 1)));
        }
        return Collections.unmodifiableList(parameters);
    }

    /**
     * The statement with {@code values} in place of its markers.
     *
     * @throws IllegalArgumentException when there are not as many values as markers, or a value is
     *                                  of a type that has no literal
     */
    String bind(List<TypedValue> values) {
        if (values.size() != markers.size()) {
            throw new IllegalArgumentException("The statement has " + markers.size() + " parameter"
                    + (markers.size() == 1 ? "" : "s") + " but " + values.size()
                    + (values.size() == 1 ? " value was" : " values were") + " given");
        }
        StringBuilder bound = new StringBuilder(sql.length() + 16 * values.size());
        int from = 0;
        for (int i = 0; i < markers.size(); i++) {
            int marker = markers.get(i);
            bound.append(sql, from, marker);
            TypedValue value = values.get(i);
            if (value == null) {
                throw new IllegalArgumentException("Parameter " + (i + 1) + " has no value");
            }
            bound.append(literal(value, i + 1));
            from = marker + 1;
        }
        return bound.append(sql, from, sql.length()).toString();
    }

    private static String literal(TypedValue value, int index) {
        if (value.value == null || value.type == null) {
            return "NULL";
        }
        Object local = value.toLocal();
        return switch (value.type) {
            case BOOLEAN, PRIMITIVE_BOOLEAN -> ((Boolean) local) ? "TRUE" : "FALSE";
            case BYTE, PRIMITIVE_BYTE, SHORT, PRIMITIVE_SHORT, INTEGER, PRIMITIVE_INT, LONG, PRIMITIVE_LONG ->
                    local.toString();
            case FLOAT, PRIMITIVE_FLOAT -> approximate(((Number) local).doubleValue(), "FLOAT");
            case DOUBLE, PRIMITIVE_DOUBLE -> approximate(((Number) local).doubleValue(), "DOUBLE");
            case NUMBER -> (local instanceof BigDecimal d ? d : new BigDecimal(local.toString()))
                    .toPlainString();
            case STRING, CHARACTER, PRIMITIVE_CHAR -> quote(local.toString());
            case BYTE_STRING -> "X'" + HexFormat.of().formatHex(bytes(local)) + "'";
            case JAVA_SQL_DATE -> "DATE '" + LocalDate.ofEpochDay(((Number) value.value).longValue()) + "'";
            case JAVA_SQL_TIME -> "TIME '" + TIME.format(LocalTime.ofNanoOfDay(
                    ((Number) value.value).longValue() * 1_000_000L)) + "'";
            case JAVA_SQL_TIMESTAMP, JAVA_UTIL_DATE -> "TIMESTAMP '" + TIMESTAMP.format(LocalDateTime.ofEpochSecond(
                    Math.floorDiv(((Number) value.value).longValue(), 1000L),
                    (int) Math.floorMod(((Number) value.value).longValue(), 1000L) * 1_000_000, ZoneOffset.UTC)) + "'";
            case ARRAY -> array(value, index);
            default -> throw new IllegalArgumentException("Parameter " + index + " is a " + value.type
                    + ", which has no SQL literal; bind a string, number, boolean, date, time, timestamp, bytes"
                    + " or array");
        };
    }

    private static String array(TypedValue value, int index) {
        List<?> elements = (List<?>) value.value;
        StringBuilder array = new StringBuilder("ARRAY[");
        for (int i = 0; i < elements.size(); i++) {
            Object element = elements.get(i);
            array.append(i == 0 ? "" : ", ").append(element instanceof TypedValue typed
                    ? literal(typed, index) : element == null ? "NULL" : literal(TypedValue.ofSerial(
                            value.componentType, element), index));
        }
        return array.append(']').toString();
    }

    private static byte[] bytes(Object local) {
        if (local instanceof byte[] b) {
            return b;
        }
        if (local instanceof org.apache.calcite.avatica.util.ByteString b) {
            return b.getBytes();
        }
        return local.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** An approximate literal: Calcite reads {@code 1.5E0} as DOUBLE where {@code 1.5} would be DECIMAL. */
    private static String approximate(double v, String type) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "CAST('" + (Double.isNaN(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity") + "' AS " + type + ")";
        }
        String text = Double.toString(v);
        text = text.contains("E") ? text : text + "E0";
        return type.equals("DOUBLE") ? text : "CAST(" + text + " AS FLOAT)";
    }

    private static String quote(String text) {
        return "'" + text.replace("'", "''") + "'";
    }
}
