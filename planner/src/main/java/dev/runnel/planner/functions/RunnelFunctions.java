package dev.runnel.planner.functions;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.util.Arrays;
import java.util.Base64;
import java.util.TimeZone;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.apache.calcite.avatica.util.ByteString;

/**
 * The implementations of Flink's scalar functions that Calcite lacks (or implements with other
 * semantics), called by the code that {@code CalcCodeGenerator} generates. Every method takes
 * and returns values in Calcite's internal representation: STRING as {@link String}, DATE as
 * days since the epoch ({@code Integer}), TIMESTAMP as milliseconds of the local date-time
 * read as UTC ({@code Long}), TIMESTAMP_LTZ as milliseconds since the epoch ({@code Long}).
 * A NULL argument gives NULL unless said otherwise. Functions that depend on the session time
 * zone ({@code table.local-time-zone}) take it as their last argument. Thread-safe.
 */
public final class RunnelFunctions {
    /** Flink's default format for TO_TIMESTAMP, UNIX_TIMESTAMP and FROM_UNIXTIME. */
    public static final String DEFAULT_TIMESTAMP_FORMAT = "yyyy-MM-dd HH:mm:ss";
    /* Formats and patterns usually are literals; the bound only guards against computed ones. */
    private static final int CACHE_LIMIT = 1_000;
    private static final ConcurrentMap<String, DateTimeFormatter> FORMATTERS = new ConcurrentHashMap<>();
    private static final ConcurrentMap<String, Pattern> PATTERNS = new ConcurrentHashMap<>();

    private RunnelFunctions() {
    }

    // ---- strings ----

    /** {@code LOCATE(needle, haystack)}: 1-based position of the first occurrence, 0 when absent. */
    public static Integer locate(String needle, String haystack) {
        return locate(needle, haystack, 1);
    }

    /**
     * {@code LOCATE(needle, haystack, from)}: searching from the 1-based position {@code from}
     * (from the start when it is below 1), in characters (code points), as Flink.
     */
    public static Integer locate(String needle, String haystack, Integer from) {
        if (needle == null || haystack == null || from == null) {
            return null;
        }
        if (needle.isEmpty()) {
            // As Flink: the empty string is at position 1 wherever the search starts.
            return 1;
        }
        int length = haystack.codePointCount(0, haystack.length());
        int start = Math.max(from, 1) - 1;
        if (start > length) {
            return 0;
        }
        int at = haystack.indexOf(needle, haystack.offsetByCodePoints(0, start));
        return at < 0 ? 0 : haystack.codePointCount(0, at) + 1;
    }

    /**
     * {@code SPLIT_INDEX(str, separator, index)}: the {@code index}-th (0-based) piece of
     * {@code str} split at every occurrence of {@code separator} (a plain string, not a
     * pattern); NULL when the index is negative or beyond the last piece.
     */
    public static String splitIndex(String str, String separator, Integer index) {
        if (str == null || separator == null || index == null || index < 0) {
            return null;
        }
        if (str.isEmpty()) {
            // Flink splits the empty string into no pieces.
            return null;
        }
        if (separator.isEmpty()) {
            return index == 0 ? str : null;
        }
        int start = 0;
        for (int i = 0; i < index; i++) {
            int at = str.indexOf(separator, start);
            if (at < 0) {
                return null;
            }
            start = at + separator.length();
        }
        int end = str.indexOf(separator, start);
        return end < 0 ? str.substring(start) : str.substring(start, end);
    }

    /**
     * {@code SPLIT_INDEX(str, character, index)}: split at the character whose code is
     * {@code character} (1 to 255; NULL otherwise).
     */
    public static String splitIndex(String str, Long character, Integer index) {
        if (str == null || character == null || character < 1 || character > 255) {
            return null;
        }
        return splitIndex(str, String.valueOf((char) character.intValue()), index);
    }

    /** {@code REGEXP_EXTRACT(str, regex)}: the whole first match, as group 0. */
    public static String regexpExtract(String str, String regex) {
        return regexpExtract(str, regex, 0);
    }

    /**
     * {@code REGEXP_EXTRACT(str, regex, group)}: group {@code group} of the first match of the
     * Java regular expression; NULL when nothing matches, the pattern is invalid or the group
     * does not exist (as Flink).
     */
    public static String regexpExtract(String str, String regex, Integer group) {
        if (str == null || regex == null || group == null) {
            return null;
        }
        try {
            Matcher matcher = pattern(regex).matcher(str);
            if (!matcher.find() || group < 0 || group > matcher.groupCount()) {
                return null;
            }
            return matcher.group(group);
        } catch (PatternSyntaxException e) {
            return null;
        }
    }

    /**
     * {@code CONCAT_WS(separator, s1, s2, ...)}: the non-NULL strings joined by
     * {@code separator}; NULL only when the separator is NULL.
     */
    public static String concatWs(String separator, String... strings) {
        if (separator == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        boolean first = true;
        for (String s : strings) {
            if (s != null) {
                if (!first) {
                    sb.append(separator);
                }
                sb.append(s);
                first = false;
            }
        }
        return sb.toString();
    }

    /** {@code FROM_BASE64(str)}: the UTF-8 string whose base64 encoding is {@code str}. */
    public static String fromBase64(String str) {
        if (str == null) {
            return null;
        }
        try {
            return new String(Base64.getDecoder().decode(str), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("FROM_BASE64: '" + str + "' is not base64: " + e.getMessage(), e);
        }
    }

    /** {@code FROM_BASE64(bytes)}: the UTF-8 string whose base64 encoding {@code bytes} holds. */
    public static String fromBase64(ByteString bytes) {
        return bytes == null ? null : fromBase64(new String(bytes.getBytes(), StandardCharsets.UTF_8));
    }

    // ---- math ----

    /** {@code LOG2(x)}, as Flink: {@code ln(x) / ln(2)} (NaN below 0, -Infinity at 0). */
    public static Double log2(Double x) {
        return x == null ? null : Math.log(x) / Math.log(2);
    }

    /** {@code LOG10(x)}, as Flink: {@link Math#log10} (exact for powers of ten). */
    public static Double log10(Double x) {
        return x == null ? null : Math.log10(x);
    }

    // ---- date and time ----

    /**
     * {@code value} with {@code scale} fractional digits (rounded half up), or NULL if it then
     * has more than {@code precision} digits, as Flink's decimals behave on overflow.
     */
    public static BigDecimal rescale(BigDecimal value, Integer precision, Integer scale) {
        if (value == null) {
            return null;
        }
        BigDecimal scaled = value.setScale(scale, RoundingMode.HALF_UP);
        return scaled.precision() > precision ? null : scaled;
    }

    /**
     * {@code CAST(ltz AS STRING)}: the instant as a local date-time in the session time zone,
     * with {@code precision} fractional digits, as Flink prints it (no zone suffix).
     */
    public static String ltzToString(Long instant, Integer precision, TimeZone zone) {
        if (instant == null) {
            return null;
        }
        LocalDateTime local = LocalDateTime.ofInstant(Instant.ofEpochMilli(instant), zone.toZoneId());
        StringBuilder sb = new StringBuilder(local.toLocalDate().toString()).append(' ')
                .append(String.format("%02d:%02d:%02d", local.getHour(), local.getMinute(), local.getSecond()));
        if (precision != null && precision > 0) {
            String fraction = String.format("%09d", local.getNano());
            sb.append('.').append(fraction, 0, Math.min(precision, 9));
        }
        return sb.toString();
    }

    /** Now, as a TIMESTAMP_LTZ (NOW(), PROCTIME(), CURRENT_TIMESTAMP); never NULL. */
    public static long now() {
        return System.currentTimeMillis();
    }

    /** {@code LOCALTIMESTAMP}: now as a local date-time (TIMESTAMP millis) in the session time zone. */
    public static long localTimestamp(TimeZone zone) {
        long now = System.currentTimeMillis();
        return now + zone.getOffset(now);
    }

    /** {@code UNIX_TIMESTAMP()}: seconds since the epoch. */
    public static long unixTimestamp() {
        return System.currentTimeMillis() / 1000;
    }

    /** {@code UNIX_TIMESTAMP(str)}: with the default format. */
    public static Long unixTimestamp(String str, TimeZone zone) {
        return unixTimestamp(str, DEFAULT_TIMESTAMP_FORMAT, zone);
    }

    /**
     * {@code UNIX_TIMESTAMP(str, format)}: seconds since the epoch of the date-time
     * {@code str} in the session time zone, or in the zone the text names ({@code X} in the
     * format); read as Flink reads it, by {@link java.text.SimpleDateFormat} (a prefix of
     * {@code str} is enough). As in Flink, {@link Long#MIN_VALUE} when {@code str} does not parse.
     */
    public static Long unixTimestamp(String str, String format, TimeZone zone) {
        if (str == null || format == null) {
            return null;
        }
        Long millis = TemporalFunctions.parseLenient(str, format, zone);
        return millis == null ? Long.MIN_VALUE : millis / 1000;
    }

    /** {@code FROM_UNIXTIME(seconds)}: with the default format. */
    public static String fromUnixtime(Long seconds, TimeZone zone) {
        return fromUnixtime(seconds, DEFAULT_TIMESTAMP_FORMAT, zone);
    }

    /** {@code FROM_UNIXTIME(seconds, format)}: the instant formatted in the session time zone. */
    public static String fromUnixtime(Long seconds, String format, TimeZone zone) {
        return TemporalFunctions.fromUnixtime(seconds, format, zone);
    }

    /** {@code TO_TIMESTAMP(str)}: 'yyyy-M[M]-d[d][ H[H]:m[m]:s[s][.fff]]'; NULL when it does not parse. */
    public static Long toTimestamp(String str) {
        return TemporalFunctions.toTimestamp(str);
    }

    /** {@code TO_TIMESTAMP(str, format)}; NULL when {@code str} does not match. */
    public static Long toTimestamp(String str, String format) {
        return TemporalFunctions.toTimestamp(str, format);
    }

    /** {@code TO_DATE(str)}: 'yyyy-MM-dd'; NULL when it does not parse. */
    public static Integer toDate(String str) {
        return TemporalFunctions.toDate(str);
    }

    /** {@code TO_DATE(str, format)}; NULL when {@code str} does not match. */
    public static Integer toDate(String str, String format) {
        return TemporalFunctions.toDate(str, format);
    }

    /** {@code DATE_FORMAT(timestamp, format)} of a TIMESTAMP (no time zone involved). */
    public static String dateFormat(Long timestamp, String format) {
        if (timestamp == null || format == null) {
            return null;
        }
        return formatter(format).format(LocalDateTime.ofInstant(Instant.ofEpochMilli(timestamp), ZoneOffset.UTC));
    }

    /** {@code DATE_FORMAT(timestampLtz, format)}: the instant in the session time zone. */
    public static String dateFormatLtz(Long instant, String format, TimeZone zone) {
        if (instant == null || format == null) {
            return null;
        }
        return formatter(format).format(Instant.ofEpochMilli(instant).atZone(zone.toZoneId()));
    }

    /**
     * {@code DATE_FORMAT(str, format)}: {@code str} read as 'yyyy-MM-dd HH:mm:ss' (a prefix is
     * enough, a date alone is not: NULL) and written in {@code format}, both by
     * {@link java.text.SimpleDateFormat} in UTC, as Flink does.
     */
    public static String dateFormat(String timestamp, String format) {
        if (timestamp == null || format == null) {
            return null;
        }
        TimeZone utc = TimeZone.getTimeZone("UTC");
        Long millis = TemporalFunctions.parseLenient(timestamp, TemporalFunctions.DEFAULT_FORMAT, utc);
        return millis == null ? null : TemporalFunctions.formatLenient(millis, format, utc);
    }

    /*
     * Flink's patterns are those of Java's date-time formatters ('yyyy-MM-dd HH:mm:ss'); a
     * pattern that Java rejects is an error that names it.
     */
    private static DateTimeFormatter formatter(String format) {
        if (FORMATTERS.size() > CACHE_LIMIT) {
            FORMATTERS.clear();
        }
        return FORMATTERS.computeIfAbsent(format, f -> {
            try {
                return new DateTimeFormatterBuilder().appendPattern(f).toFormatter()
                        .withResolverStyle(ResolverStyle.SMART);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("Invalid date-time format '" + f + "': " + e.getMessage(), e);
            }
        });
    }

    private static Pattern pattern(String regex) {
        if (PATTERNS.size() > CACHE_LIMIT) {
            PATTERNS.clear();
        }
        return PATTERNS.computeIfAbsent(regex, Pattern::compile);
    }

    /**
     * The bucket of {@code value} among {@code buckets}, the same in every JVM (equal DECIMALs of
     * different scales, such as 1.0 and 1.00, share a bucket); NULL is bucket 0.
     */
    public static int hashBucket(Object value, int buckets) {
        int hash;
        if (value == null) {
            hash = 0;
        } else if (value instanceof BigDecimal d) {
            hash = (d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros()).hashCode();
        } else if (value instanceof byte[] b) {
            hash = Arrays.hashCode(b);
        } else {
            hash = value.hashCode();
        }
        // Spread the bits, so that small integers do not all land in neighbouring buckets only.
        hash ^= hash >>> 16;
        return Math.floorMod(hash * 0x9E3779B9, buckets);
    }
}
