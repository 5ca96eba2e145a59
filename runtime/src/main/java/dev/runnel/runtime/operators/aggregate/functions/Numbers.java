package dev.runnel.runtime.operators.aggregate.functions;

import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;

/** Arithmetic and ordering on internal values, for the aggregate functions. */
final class Numbers {
    private Numbers() {
    }

    /** {@code value} (a numeric internal value) converted to the internal value of {@code type}. */
    static Object cast(Object value, DataType type) {
        Number n = (Number) value;
        return switch (type.root()) {
            case TINYINT -> n.byteValue();
            case SMALLINT -> n.shortValue();
            case INTEGER -> n.intValue();
            case BIGINT -> n.longValue();
            case FLOAT -> n.floatValue();
            case DOUBLE -> n.doubleValue();
            case DECIMAL -> toDecimal(n).setScale(type.scale(), RoundingMode.HALF_UP);
            default -> throw new IllegalArgumentException("Not a numeric type: " + type);
        };
    }

    static BigDecimal toDecimal(Number n) {
        if (n instanceof BigDecimal d) {
            return d;
        }
        if (n instanceof Double || n instanceof Float) {
            return BigDecimal.valueOf(n.doubleValue());
        }
        return BigDecimal.valueOf(n.longValue());
    }

    static Object zero(DataType type) {
        return cast(0L, type);
    }

    /** {@code a + b} in {@code type} ({@code b} is converted first); integers wrap on overflow, as in Java and Flink. */
    static Object add(Object a, Object b, DataType type) {
        return combine(a, cast(b, type), type, false);
    }

    static Object subtract(Object a, Object b, DataType type) {
        return combine(a, cast(b, type), type, true);
    }

    private static Object combine(Object a, Object b, DataType type, boolean minus) {
        return switch (type.root()) {
            case TINYINT -> (byte) ((Byte) a + (minus ? -(Byte) b : (Byte) b));
            case SMALLINT -> (short) ((Short) a + (minus ? -(Short) b : (Short) b));
            case INTEGER -> (Integer) a + (minus ? -(Integer) b : (Integer) b);
            case BIGINT -> (Long) a + (minus ? -(Long) b : (Long) b);
            case FLOAT -> (Float) a + (minus ? -(Float) b : (Float) b);
            case DOUBLE -> (Double) a + (minus ? -(Double) b : (Double) b);
            case DECIMAL -> minus ? ((BigDecimal) a).subtract((BigDecimal) b) : ((BigDecimal) a).add((BigDecimal) b);
            default -> throw new IllegalArgumentException("Not a numeric type: " + type);
        };
    }

    /** Orders two non-null internal values of the same type (byte arrays unsigned, lexicographically). */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static int compare(Object a, Object b) {
        if (a instanceof byte[] x) {
            return Arrays.compareUnsigned(x, (byte[]) b);
        }
        return ((Comparable) a).compareTo(b);
    }

    /** Whether the internal type is DECIMAL, whose equal values (1.0, 1.00) need one form as map keys. */
    static Object normalizeKey(Object value) {
        if (value instanceof BigDecimal d) {
            return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
        }
        return value;
    }

    static boolean isNumeric(TypeRoot root) {
        return switch (root) {
            case TINYINT, SMALLINT, INTEGER, BIGINT, FLOAT, DOUBLE, DECIMAL -> true;
            default -> false;
        };
    }
}
