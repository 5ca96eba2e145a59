package dev.runnel.runtime.format;

import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.Values;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Base64;

/**
 * Conversions between internal values and the text that Flink's text formats (json, csv)
 * write. Parsing methods throw an unchecked exception with a short reason; callers wrap it into
 * a {@link FormatException} that names the field.
 */
public final class TextValues {
    private TextValues() {
    }

    /** {@code true} or {@code false}, in any case. */
    public static Boolean parseBoolean(String text) {
        String s = text.trim();
        if (s.equalsIgnoreCase("true")) {
            return Boolean.TRUE;
        }
        if (s.equalsIgnoreCase("false")) {
            return Boolean.FALSE;
        }
        throw new IllegalArgumentException("expected true or false");
    }

    /** Boxes {@code v} as the Java class of the integral {@code type}, checking its range. */
    public static Object integral(DataType type, long v) {
        return switch (type.root()) {
            case TINYINT -> {
                checkRange(v, Byte.MIN_VALUE, Byte.MAX_VALUE);
                yield (byte) v;
            }
            case SMALLINT -> {
                checkRange(v, Short.MIN_VALUE, Short.MAX_VALUE);
                yield (short) v;
            }
            case INTEGER -> {
                checkRange(v, Integer.MIN_VALUE, Integer.MAX_VALUE);
                yield (int) v;
            }
            case BIGINT -> v;
            default -> throw new IllegalArgumentException(type + " is not an integral type");
        };
    }

    private static void checkRange(long v, long min, long max) {
        if (v < min || v > max) {
            throw new IllegalArgumentException("out of range [" + min + ", " + max + "]");
        }
    }

    /** {@code v} rounded (half up) to the scale of {@code type}; fails if it has too many digits. */
    public static BigDecimal decimal(DataType type, BigDecimal v) {
        BigDecimal scaled = v.setScale(type.scale(), RoundingMode.HALF_UP);
        if (scaled.precision() > type.precision()) {
            throw new IllegalArgumentException("does not fit " + type);
        }
        return scaled;
    }

    /** Parses the text of any value of {@code type} (numbers trimmed; strings as they are). */
    public static Object parse(String text, DataType type) {
        return switch (type.root()) {
            case BOOLEAN -> parseBoolean(text);
            case TINYINT, SMALLINT, INTEGER, BIGINT -> integral(type, Long.parseLong(text.trim()));
            case FLOAT -> Float.parseFloat(text.trim());
            case DOUBLE -> Double.parseDouble(text.trim());
            case DECIMAL -> decimal(type, new BigDecimal(text.trim()));
            case CHAR, VARCHAR -> text;
            case BINARY, VARBINARY -> Base64.getDecoder().decode(text.trim());
            case DATE -> Values.parseDate(text);
            case TIME -> Values.parseTime(text);
            case TIMESTAMP -> Values.parseTimestamp(text);
            case TIMESTAMP_LTZ -> Values.parseTimestampLtz(text);
            case ROW -> throw new IllegalArgumentException("a nested row cannot be read from text");
            case ARRAY, MULTISET, MAP -> throw new IllegalArgumentException("a collection cannot be read from text");
        };
    }

    /**
     * The text of {@code value} as Flink's formats write it: {@link Values#toText} in UTC, and
     * TIMESTAMP_LTZ with a {@code Z} suffix. With {@code iso}, timestamps use ISO-8601's {@code T}.
     */
    public static String format(Object value, DataType type, boolean iso) {
        String text = Values.toText(value, type);
        return switch (type.root()) {
            case TIMESTAMP -> iso ? text.replace(' ', 'T') : text;
            case TIMESTAMP_LTZ -> (iso ? text.replace(' ', 'T') : text) + "Z";
            default -> text;
        };
    }
}
