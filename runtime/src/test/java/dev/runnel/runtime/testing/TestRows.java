package dev.runnel.runtime.testing;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * Rows written as text, for tests: {@code rows("+I 1 alice", "-U 1 alice", "+U 1 bob")}.
 *
 * <p>Each line is a row kind ({@code +I}, {@code -U}, {@code +U}, {@code -D}; may be left out
 * for {@code +I}) and the field values separated by spaces. {@code null} is SQL NULL; a value
 * with spaces goes in single quotes ({@code 'new york'}, {@code ''} for the empty string).
 * Without a {@link RowType}, a value that is an integer becomes a {@link Long}, anything else a
 * {@link String}; with one, values are parsed into the internal representation of each
 * field's type (DATE as {@code 2024-01-02}, TIMESTAMP as {@code '2024-01-02 03:04:05.678'}).
 */
public final class TestRows {
    private TestRows() {
    }

    public static List<Row> rows(String... lines) {
        return rows(null, lines);
    }

    public static List<Row> rows(RowType type, String... lines) {
        List<Row> rows = new ArrayList<>(lines.length);
        for (String line : lines) {
            rows.add(row(type, line));
        }
        return rows;
    }

    public static Row row(String line) {
        return row(null, line);
    }

    public static Row row(RowType type, String line) {
        List<String> tokens = tokenize(line);
        RowKind kind = RowKind.INSERT;
        if (!tokens.isEmpty() && tokens.get(0) != null && tokens.get(0).matches("[+-][IUD]")) {
            kind = RowKind.fromShortString(tokens.remove(0));
        }
        if (type != null && tokens.size() != type.arity()) {
            throw new IllegalArgumentException("Row '" + line + "' has " + tokens.size() + " values but " + type
                    + " has " + type.arity() + " fields");
        }
        Object[] fields = new Object[tokens.size()];
        for (int i = 0; i < fields.length; i++) {
            fields[i] = type == null ? guess(tokens.get(i)) : parse(tokens.get(i), type.type(i));
        }
        return new Row(kind, fields);
    }

    public static RowBatch batch(String... lines) {
        return RowBatch.of(rows(lines));
    }

    public static RowBatch batch(RowType type, String... lines) {
        return RowBatch.of(rows(type, lines));
    }

    private static Object guess(String token) {
        if (token == null) {
            return null;
        }
        if (token.matches("-?\\d{1,18}")) {
            return Long.valueOf(token);
        }
        return token;
    }

    /** Parses one value into the internal representation of {@code type} (see TypeRoot). */
    public static Object parse(String token, DataType type) {
        if (token == null) {
            return null;
        }
        return switch (type.root()) {
            case BOOLEAN -> Boolean.valueOf(token);
            case TINYINT -> Byte.valueOf(token);
            case SMALLINT -> Short.valueOf(token);
            case INTEGER -> Integer.valueOf(token);
            case BIGINT -> Long.valueOf(token);
            case FLOAT -> Float.valueOf(token);
            case DOUBLE -> Double.valueOf(token);
            case DECIMAL -> new BigDecimal(token);
            case CHAR, VARCHAR -> token;
            case BINARY, VARBINARY -> token.getBytes(StandardCharsets.UTF_8);
            case DATE -> (int) LocalDate.parse(token).toEpochDay();
            case TIME -> (int) (LocalTime.parse(token).toNanoOfDay() / 1_000_000L);
            case TIMESTAMP, TIMESTAMP_LTZ -> LocalDateTime.parse(token.replace(' ', 'T')).toInstant(ZoneOffset.UTC).toEpochMilli();
            case ROW -> throw new IllegalArgumentException("TestRows cannot parse a nested row: build it as an Object[]");
            case ARRAY, MULTISET, MAP -> throw new IllegalArgumentException(
                    "TestRows cannot parse a collection: build it as a List or a Map");
        };
    }

    /** Splits on spaces, honouring single quotes; an unquoted {@code null} becomes {@code null}. */
    private static List<String> tokenize(String line) {
        List<String> tokens = new ArrayList<>();
        int i = 0;
        int n = line.length();
        while (i < n) {
            char c = line.charAt(i);
            if (c == ' ') {
                i++;
            } else if (c == '\'') {
                int end = line.indexOf('\'', i + 1);
                if (end < 0) {
                    throw new IllegalArgumentException("Unclosed quote in row '" + line + "'");
                }
                tokens.add(line.substring(i + 1, end));
                i = end + 1;
            } else {
                int end = line.indexOf(' ', i);
                end = end < 0 ? n : end;
                String token = line.substring(i, end);
                tokens.add(token.equals("null") ? null : token);
                i = end;
            }
        }
        return tokens;
    }
}
