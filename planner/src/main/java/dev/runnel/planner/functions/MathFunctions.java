package dev.runnel.planner.functions;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.calcite.avatica.util.ByteString;

/**
 * The implementations of Flink's arithmetic functions that {@link MathOperators} declares,
 * called by generated code with values in their internal representation. NULL in, NULL out
 * unless said otherwise. Thread-safe.
 */
public final class MathFunctions {
    /*
     * A seeded RAND at one place of a query gives one sequence per task, as the Random that
     * Flink's generated code keeps per call site: the site is a number fixed when the code is
     * generated, and each task thread has its own sequences.
     */
    private static final ThreadLocal<Map<Long, Random>> SEQUENCES = ThreadLocal.withInitial(HashMap::new);

    private MathFunctions() {
    }

    /** {@code LOG(x)}: the natural logarithm (NaN below 0, -Infinity at 0). */
    public static Double log(Double x) {
        return x == null ? null : Math.log(x);
    }

    /** {@code LOG(base, x)}: {@code ln(x) / ln(base)}, as Flink computes it (base 1 gives Infinity). */
    public static Double log(Double base, Double x) {
        return base == null || x == null ? null : Math.log(x) / Math.log(base);
    }

    /** {@code E()}. */
    public static double e() {
        return Math.E;
    }

    /** {@code SINH(x)}. */
    public static Double sinh(Double x) {
        return x == null ? null : Math.sinh(x);
    }

    /** {@code COSH(x)}. */
    public static Double cosh(Double x) {
        return x == null ? null : Math.cosh(x);
    }

    /** {@code TANH(x)}. */
    public static Double tanh(Double x) {
        return x == null ? null : Math.tanh(x);
    }

    /** {@code TYPEOF(x)}: the type string the plan computed (see {@code SystemOperators.TYPEOF}). */
    public static String constant(String value) {
        return value;
    }

    /** {@code BIN(n)}: the two's complement binary digits of {@code n} as a BIGINT (no leading zeros). */
    public static String bin(Long n) {
        return n == null ? null : Long.toBinaryString(n);
    }

    /** {@code HEX(n)}: the upper-case hexadecimal digits of {@code n} as a BIGINT (two's complement). */
    public static String hex(Long n) {
        return n == null ? null : Long.toHexString(n).toUpperCase(Locale.ROOT);
    }

    /** {@code HEX(str)}: two upper-case hexadecimal digits per byte of {@code str} in UTF-8. */
    public static String hex(String str) {
        return str == null ? null : HexDigits.of(str.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * {@code UNHEX(str)}: the bytes whose hexadecimal digits {@code str} holds (either case); as
     * in Flink, an odd number of digits reads as if a {@code 0} led them, and any other character
     * makes the result NULL.
     */
    public static ByteString unhex(String str) {
        if (str == null) {
            return null;
        }
        byte[] bytes = HexDigits.parse(str);
        return bytes == null ? null : new ByteString(bytes);
    }

    // ---- ROUND and TRUNCATE, with Flink's result scales (see MathOperators.ROUND) ----

    /** {@code ROUND(x, digits)} of a DECIMAL: half up, to the scale of the result type {@code scale}. */
    public static BigDecimal round(BigDecimal x, Long digits, Long scale) {
        if (x == null || digits == null) {
            return null;
        }
        return x.setScale(digits.intValue(), RoundingMode.HALF_UP).setScale(scale.intValue(), RoundingMode.HALF_UP);
    }

    /** {@code ROUND(n, digits)} of an integer: unchanged for digits from 0, else half up to 10^-digits. */
    public static Long round(Long n, Long digits) {
        if (n == null || digits == null) {
            return null;
        }
        return digits >= 0 ? n : BigDecimal.valueOf(n).setScale(digits.intValue(), RoundingMode.HALF_UP).longValue();
    }

    /** {@code ROUND(x, digits)} of an approximate number: its shortest decimal text rounded half up, as Flink. */
    public static Double round(Double x, Long digits) {
        if (x == null || digits == null) {
            return null;
        }
        if (x.isNaN() || x.isInfinite()) {
            return x;
        }
        return BigDecimal.valueOf(x).setScale(digits.intValue(), RoundingMode.HALF_UP).doubleValue();
    }

    /** {@code TRUNCATE(x, digits)} of a DECIMAL: towards zero, to the scale of the result type {@code scale}. */
    public static BigDecimal truncate(BigDecimal x, Long digits, Long scale) {
        if (x == null || digits == null) {
            return null;
        }
        return x.setScale(digits.intValue(), RoundingMode.DOWN).setScale(scale.intValue(), RoundingMode.DOWN);
    }

    /** {@code TRUNCATE(n, digits)} of an integer: unchanged for digits from 0, else towards zero to 10^-digits. */
    public static Long truncate(Long n, Long digits) {
        if (n == null || digits == null) {
            return null;
        }
        return digits >= 0 ? n : BigDecimal.valueOf(n).setScale(digits.intValue(), RoundingMode.DOWN).longValue();
    }

    /** {@code TRUNCATE(x, digits)} of an approximate number, through DECIMAL(38, 18) as Flink. */
    public static Double truncate(Double x, Long digits) {
        if (x == null || digits == null) {
            return null;
        }
        if (x.isNaN() || x.isInfinite()) {
            return x;
        }
        BigDecimal decimal = new BigDecimal(x).setScale(18, RoundingMode.HALF_UP);
        return decimal.setScale(digits.intValue(), RoundingMode.DOWN).doubleValue();
    }

    // ---- narrowing the Long or Double a method returns to its SQL type's representation ----

    public static Byte tinyint(Number n) {
        return n == null ? null : n.byteValue();
    }

    public static Short smallint(Number n) {
        return n == null ? null : n.shortValue();
    }

    public static Integer integer(Number n) {
        return n == null ? null : n.intValue();
    }

    public static Long bigint(Number n) {
        return n == null ? null : n.longValue();
    }

    public static Float real(Number n) {
        return n == null ? null : n.floatValue();
    }

    public static Double doublePrecision(Number n) {
        return n == null ? null : n.doubleValue();
    }

    /** {@code RAND()}: a pseudo-random double in [0, 1). */
    public static double rand() {
        return ThreadLocalRandom.current().nextDouble();
    }

    /** {@code RAND(seed)} with a computed seed: the first value of the sequence of {@code seed}, for each row. */
    public static Double rand(Long seed) {
        return seed == null ? null : new Random(seed).nextDouble();
    }

    /** {@code RAND(seed)} with a literal seed: the next value of the sequence of call site {@code site}. */
    public static Double randSequence(long site, Long seed) {
        return seed == null ? null : sequence(site, seed).nextDouble();
    }

    /** {@code RAND_INTEGER(bound)}: a pseudo-random integer in [0, bound); a bound below 1 is an error. */
    public static Integer randInteger(Long bound) {
        return bound == null ? null : ThreadLocalRandom.current().nextInt(Math.toIntExact(bound));
    }

    /** {@code RAND_INTEGER(seed, bound)} with a computed seed. */
    public static Integer randInteger(Long seed, Long bound) {
        return seed == null || bound == null ? null : new Random(seed).nextInt(Math.toIntExact(bound));
    }

    /** {@code RAND_INTEGER(seed, bound)} with a literal seed, as {@link #randSequence}. */
    public static Integer randIntegerSequence(long site, Long seed, Long bound) {
        return seed == null || bound == null ? null : sequence(site, seed).nextInt(Math.toIntExact(bound));
    }

    /** {@code UUID()}: a random (version 4) UUID, from a cryptographically strong generator. */
    public static String uuid() {
        return UUID.randomUUID().toString();
    }

    private static Random sequence(long site, long seed) {
        return SEQUENCES.get().computeIfAbsent(site, s -> new Random(seed));
    }
}
