package dev.runnel.runtime.connector.datagen;

import dev.runnel.runtime.format.TextValues;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/** The value generators of datagen fields. */
final class DataGenGenerators {
    private static final char[] ALPHANUMERIC =
            "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".toCharArray();

    private DataGenGenerators() {
    }

    /** Produces the values of one field; not thread-safe. */
    interface Generator {
        Object next(SplittableRandom random);
    }

    /** The smallest and largest values of a numeric type, or {@code null} for other types. */
    static BigDecimal[] range(DataType type) {
        return switch (type.root()) {
            case TINYINT -> new BigDecimal[] {BigDecimal.valueOf(Byte.MIN_VALUE), BigDecimal.valueOf(Byte.MAX_VALUE)};
            case SMALLINT -> new BigDecimal[] {BigDecimal.valueOf(Short.MIN_VALUE), BigDecimal.valueOf(Short.MAX_VALUE)};
            case INTEGER -> new BigDecimal[] {BigDecimal.valueOf(Integer.MIN_VALUE),
                    BigDecimal.valueOf(Integer.MAX_VALUE)};
            case BIGINT -> new BigDecimal[] {BigDecimal.valueOf(Long.MIN_VALUE), BigDecimal.valueOf(Long.MAX_VALUE)};
            case FLOAT -> new BigDecimal[] {BigDecimal.valueOf(-Float.MAX_VALUE), BigDecimal.valueOf(Float.MAX_VALUE)};
            case DOUBLE -> new BigDecimal[] {BigDecimal.valueOf(-Double.MAX_VALUE), BigDecimal.valueOf(Double.MAX_VALUE)};
            case DECIMAL -> {
                BigDecimal max = BigDecimal.TEN.pow(type.precision() - type.scale())
                        .subtract(BigDecimal.ONE.movePointLeft(type.scale()));
                yield new BigDecimal[] {max.negate(), max};
            }
            default -> null;
        };
    }

    /**
     * The first value of part {@code index} of {@code count} of a sequence field: each part is a
     * contiguous piece of {@code start..end}, the parts together covering it exactly once.
     */
    static long sequenceFirst(FieldSpec spec, int index, int count) {
        long total = spec.sequenceLength();
        long base = total / count;
        long rem = total % count;
        return spec.start() + index * base + Math.min(index, rem);
    }

    /** How many values the subtask's part of a sequence holds. */
    static long sequenceShare(FieldSpec spec, int subtask, int parallelism) {
        long total = spec.sequenceLength();
        return total / parallelism + (subtask < total % parallelism ? 1 : 0);
    }

    /** Sequence value {@code v} as a value of {@code type}. */
    static Object sequenceValue(long v, DataType type) {
        return switch (type.root()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT -> TextValues.integral(type, v);
            case FLOAT -> (float) v;
            case DOUBLE -> (double) v;
            case DECIMAL -> BigDecimal.valueOf(v).setScale(type.scale(), RoundingMode.UNNECESSARY);
            case CHAR, VARCHAR -> Long.toString(v);
            default -> throw new IllegalStateException("no sequence of " + type);
        };
    }

    /** The generator of a random field. */
    static Generator random(FieldSpec spec, DataType type) {
        BigDecimal[] range = range(type);
        BigDecimal min = spec.min() != null ? spec.min() : defaultMin(type, range);
        BigDecimal max = spec.max() != null ? spec.max() : range == null ? null : range[1];
        TypeRoot root = type.root();
        return switch (root) {
            case BOOLEAN -> SplittableRandom::nextBoolean;
            case TINYINT, SMALLINT, INTEGER, BIGINT -> {
                long lo = min.longValueExact();
                long hi = max.longValueExact();
                yield r -> TextValues.integral(type, randomLong(r, lo, hi));
            }
            case FLOAT -> {
                double lo = min.doubleValue();
                double hi = max.doubleValue();
                yield r -> (float) randomDouble(r, lo, hi);
            }
            case DOUBLE -> {
                double lo = min.doubleValue();
                double hi = max.doubleValue();
                yield r -> randomDouble(r, lo, hi);
            }
            case DECIMAL -> {
                BigDecimal span = max.subtract(min);
                yield r -> {
                    BigDecimal v = min.add(span.multiply(BigDecimal.valueOf(r.nextDouble())))
                            .setScale(type.scale(), RoundingMode.HALF_UP);
                    return v.compareTo(max) > 0 ? max.setScale(type.scale(), RoundingMode.DOWN) : v;
                };
            }
            case CHAR, VARCHAR -> r -> randomString(r, length(r, spec));
            case BINARY, VARBINARY -> r -> {
                byte[] bytes = new byte[length(r, spec)];
                for (int i = 0; i < bytes.length; i++) {
                    bytes[i] = (byte) r.nextInt(256);
                }
                return bytes;
            };
            // like Flink: DATE and TIME are the current ones, timestamps lie up to max-past in the past
            case DATE -> r -> (int) LocalDate.now().toEpochDay();
            case TIME -> r -> (int) truncate(LocalTime.now().toNanoOfDay() / 1_000_000L, type);
            case TIMESTAMP -> {
                WallClock clock = new WallClock();
                yield r -> truncate(clock.millis() - past(r, spec), type);
            }
            case TIMESTAMP_LTZ -> r -> truncate(System.currentTimeMillis() - past(r, spec), type);
            // Like Flink: the fields of a nested row are random with their types' defaults.
            case ROW -> {
                Generator[] fields = type.fields().stream()
                        .map(f -> random(FieldSpec.defaults(f.type()), f.type())).toArray(Generator[]::new);
                yield r -> {
                    Object[] values = new Object[fields.length];
                    for (int i = 0; i < fields.length; i++) {
                        values[i] = fields[i].next(r);
                    }
                    return values;
                };
            }
            // Like Flink: 'length' random elements (entries), random with their types' defaults.
            case ARRAY, MULTISET -> {
                Generator element = random(FieldSpec.defaults(type.elementType()), type.elementType());
                int size = spec.length();
                yield r -> {
                    List<Object> list = new ArrayList<>(size);
                    for (int i = 0; i < size; i++) {
                        list.add(element.next(r));
                    }
                    return list;
                };
            }
            case MAP -> {
                Generator key = random(FieldSpec.defaults(type.keyType()), type.keyType());
                Generator value = random(FieldSpec.defaults(type.valueType()), type.valueType());
                int size = spec.length();
                yield r -> {
                    Map<Object, Object> map = new LinkedHashMap<>();
                    for (int i = 0; i < size; i++) {
                        map.put(key.next(r), value.next(r));
                    }
                    return map;
                };
            }
        };
    }

    /** Cuts {@code millis} to the fractional digits the type's precision keeps. */
    private static long truncate(long millis, DataType type) {
        long unit = switch (Math.max(0, type.precision())) {
            case 0 -> 1000;
            case 1 -> 100;
            case 2 -> 10;
            default -> 1;
        };
        return Math.floorDiv(millis, unit) * unit;
    }

    private static BigDecimal defaultMin(DataType type, BigDecimal[] range) {
        if (range == null) {
            return null;
        }
        // Flink's defaults for approximate numbers are the positive range
        return type.root() == TypeRoot.FLOAT || type.root() == TypeRoot.DOUBLE || type.root() == TypeRoot.DECIMAL
                ? BigDecimal.ZERO : range[0];
    }

    private static long past(SplittableRandom r, FieldSpec spec) {
        return spec.maxPastMillis() <= 0 ? 0 : r.nextLong(spec.maxPastMillis() + 1);
    }

    private static int length(SplittableRandom r, FieldSpec spec) {
        return spec.varLength() ? 1 + r.nextInt(spec.length()) : spec.length();
    }

    /** A uniform long in {@code [lo, hi]}, both inclusive. */
    static long randomLong(SplittableRandom r, long lo, long hi) {
        if (hi < Long.MAX_VALUE) {
            return r.nextLong(lo, hi + 1);
        }
        return lo > Long.MIN_VALUE ? r.nextLong(lo - 1, hi) + 1 : r.nextLong();
    }

    private static double randomDouble(SplittableRandom r, double lo, double hi) {
        if (lo == hi) {
            return lo;
        }
        // halves keep hi - lo finite for the whole range of DOUBLE
        double v = lo + (hi / 2 - lo / 2) * 2 * r.nextDouble();
        return Math.min(hi, Math.max(lo, v));
    }

    static String randomString(SplittableRandom r, int length) {
        char[] chars = new char[length];
        int i = 0;
        while (i < length) {
            // ten 6-bit draws per long; draws of 62 and 63 are dropped so that every character is equally likely
            long bits = r.nextLong();
            for (int k = 0; k < 10 && i < length; k++, bits >>>= 6) {
                int c = (int) (bits & 63);
                if (c < ALPHANUMERIC.length) {
                    chars[i++] = ALPHANUMERIC[c];
                }
            }
        }
        return new String(chars);
    }

    /**
     * The local wall-clock time as TIMESTAMP millis, without building a {@link LocalDateTime}
     * per row: the zone offset is looked up again only once a second.
     */
    private static final class WallClock {
        private final ZoneId zone = ZoneId.systemDefault();
        private long offsetValidUntil = Long.MIN_VALUE;
        private long offsetMillis;

        long millis() {
            long now = System.currentTimeMillis();
            if (now >= offsetValidUntil) {
                offsetMillis = zone.getRules().getOffset(Instant.ofEpochMilli(now)).getTotalSeconds() * 1000L;
                offsetValidUntil = now + 1000;
            }
            return now + offsetMillis;
        }
    }
}
