package dev.runnel.runtime.types;

import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Converts internal values (see {@link TypeRoot}) to the text Flink prints and writes:
 * {@code 2024-01-02 03:04:05.678} for TIMESTAMP(3), {@code true}, plain decimals, and parses
 * date and time text back. The common spellings take a fast path that builds no
 * {@code java.time} objects, since formats convert every value of every record.
 */
public final class Values {
    private static final long MILLIS_PER_DAY = 86_400_000L;

    private Values() {
    }

    /**
     * The text of {@code value} of type {@code type}, or {@code null} for SQL NULL.
     * TIMESTAMP_LTZ values are shown in {@code zone}.
     */
    public static String toText(Object value, DataType type, ZoneId zone) {
        if (value == null) {
            return null;
        }
        return switch (type.root()) {
            case DATE -> appendDate(new StringBuilder(10), ((Number) value).longValue()).toString();
            case TIME -> appendTime(new StringBuilder(18), ((Number) value).longValue(), type.precision()).toString();
            case TIMESTAMP -> formatTimestamp(((Number) value).longValue(), type.precision());
            case TIMESTAMP_LTZ -> {
                long millis = ((Number) value).longValue();
                int offsetSeconds = zone instanceof ZoneOffset o ? o.getTotalSeconds()
                        : zone.getRules().getOffset(Instant.ofEpochMilli(millis)).getTotalSeconds();
                yield formatTimestamp(millis + offsetSeconds * 1000L, type.precision());
            }
            case DECIMAL -> ((BigDecimal) value).toPlainString();
            case BINARY, VARBINARY -> Base64.getEncoder().encodeToString((byte[]) value);
            case ROW, ARRAY, MULTISET, MAP -> {
                StringBuilder sb = new StringBuilder();
                appendNested(sb, value, type, zone);
                yield sb.toString();
            }
            default -> value.toString();
        };
    }

    /**
     * Flink's text of a row or collection: a row {@code (1, abc, NULL)}, an array {@code [1, NULL]},
     * a map {@code {a=1, b=NULL}}, a multiset as its element → count map {@code {a=2, b=1}}. Values
     * inside print as Flink prints them there: booleans {@code TRUE}, binary {@code x'0102'}.
     */
    private static void appendNested(StringBuilder sb, Object value, DataType type, ZoneId zone) {
        if (value == null) {
            sb.append("NULL");
            return;
        }
        switch (type.root()) {
            case ROW -> {
                Object[] values = (Object[]) value;
                sb.append('(');
                for (int i = 0; i < values.length; i++) {
                    appendNested(sb.append(i > 0 ? ", " : ""), values[i], type.fields().get(i).type(), zone);
                }
                sb.append(')');
            }
            case ARRAY -> {
                sb.append('[');
                int i = 0;
                for (Object element : (List<?>) value) {
                    appendNested(sb.append(i++ > 0 ? ", " : ""), element, type.elementType(), zone);
                }
                sb.append(']');
            }
            case MAP -> appendEntries(sb, ((Map<?, ?>) value).entrySet(), type.keyType(), type.valueType(), zone);
            case MULTISET -> appendEntries(sb, CollectionValues.counts((List<?>) value).entrySet(), type.elementType(),
                    DataType.of(TypeRoot.INTEGER), zone);
            case BOOLEAN -> sb.append((Boolean) value ? "TRUE" : "FALSE");
            case BINARY, VARBINARY -> sb.append("x'").append(HexFormat.of().formatHex((byte[]) value)).append('\'');
            default -> sb.append(toText(value, type, zone));
        }
    }

    private static void appendEntries(StringBuilder sb, Iterable<? extends Map.Entry<?, ?>> entries, DataType key,
                                      DataType value, ZoneId zone) {
        sb.append('{');
        int i = 0;
        for (Map.Entry<?, ?> e : entries) {
            appendNested(sb.append(i++ > 0 ? ", " : ""), e.getKey(), key, zone);
            appendNested(sb.append('='), e.getValue(), value, zone);
        }
        sb.append('}');
    }

    /** {@link #toText(Object, DataType, ZoneId)} in UTC. */
    public static String toText(Object value, DataType type) {
        return toText(value, type, ZoneOffset.UTC);
    }

    private static String formatTimestamp(long millis, int precision) {
        StringBuilder sb = new StringBuilder(32);
        appendDate(sb, Math.floorDiv(millis, MILLIS_PER_DAY)).append(' ');
        return appendTime(sb, Math.floorMod(millis, MILLIS_PER_DAY), precision).toString();
    }

    private static StringBuilder appendDate(StringBuilder sb, long epochDay) {
        LocalDate d = LocalDate.ofEpochDay(epochDay);
        if (d.getYear() < 0 || d.getYear() > 9999) {
            return sb.append(d);
        }
        append(sb, d.getYear(), 4).append('-');
        append(sb, d.getMonthValue(), 2).append('-');
        return append(sb, d.getDayOfMonth(), 2);
    }

    /** {@code HH:mm:ss} and {@code precision} fractional digits (beyond milliseconds they are zeros). */
    private static StringBuilder appendTime(StringBuilder sb, long millisOfDay, int precision) {
        int ms = (int) millisOfDay;
        append(sb, ms / 3_600_000, 2).append(':');
        append(sb, ms / 60_000 % 60, 2).append(':');
        append(sb, ms / 1000 % 60, 2);
        if (precision > 0) {
            sb.append('.');
            int fraction = ms % 1000;
            if (precision >= 3) {
                append(sb, fraction, 3);
                for (int i = 3; i < Math.min(9, precision); i++) {
                    sb.append('0');
                }
            } else {
                append(sb, precision == 1 ? fraction / 100 : fraction / 10, precision);
            }
        }
        return sb;
    }

    private static StringBuilder append(StringBuilder sb, int value, int width) {
        for (int divisor = (int) Math.pow(10, width - 1); divisor > 0; divisor /= 10) {
            sb.append((char) ('0' + value / divisor % 10));
        }
        return sb;
    }

    /**
     * Parses the text of a DATE ({@code yyyy-MM-dd}) into days since the epoch.
     *
     * @throws DateTimeParseException if {@code text} is not such a date
     */
    public static int parseDate(String text) {
        String s = text.trim();
        if (s.length() == 10) {
            long day = fastDate(s);
            if (day != Long.MIN_VALUE) {
                return (int) day;
            }
        }
        return (int) LocalDate.parse(s).toEpochDay();
    }

    /** Parses {@code HH:mm[:ss[.fraction]]} into milliseconds of the day (the fraction is cut to ms). */
    public static int parseTime(String text) {
        String s = text.trim();
        int ms = fastTime(s, 0);
        return ms >= 0 ? ms : (int) (LocalTime.parse(s).toNanoOfDay() / 1_000_000L);
    }

    /**
     * Parses a TIMESTAMP: SQL's {@code yyyy-MM-dd HH:mm:ss[.fraction]} or ISO-8601's
     * {@code yyyy-MM-ddTHH:mm:ss[.fraction]}, into the internal epoch millis of the wall-clock time.
     */
    public static long parseTimestamp(String text) {
        String s = text.trim();
        if (s.length() >= 19 && (s.charAt(10) == ' ' || s.charAt(10) == 'T')) {
            long day = fastDate(s);
            int ms = day == Long.MIN_VALUE ? -1 : fastTime(s, 11);
            if (ms >= 0) {
                return day * MILLIS_PER_DAY + ms;
            }
        }
        LocalDateTime t = LocalDateTime.parse(isoDateTime(s));
        return t.toEpochSecond(ZoneOffset.UTC) * 1000L + t.getNano() / 1_000_000;
    }

    /**
     * Parses a TIMESTAMP_LTZ as Flink writes it ({@code yyyy-MM-dd HH:mm:ss[.fraction]Z}, or with
     * {@code T}, or with an offset such as {@code +02:00}); text without a zone is read in UTC.
     */
    public static long parseTimestampLtz(String text) {
        String iso = isoDateTime(text);
        if (iso.endsWith("Z") && iso.length() >= 20) {
            return parseTimestamp(iso.substring(0, iso.length() - 1));
        }
        boolean hasZone = iso.endsWith("Z") || iso.lastIndexOf('+') > 10 || iso.lastIndexOf('-') > 10;
        if (hasZone) {
            return OffsetDateTime.parse(iso).toInstant().toEpochMilli();
        }
        return parseTimestamp(iso);
    }

    private static String isoDateTime(String text) {
        String s = text.trim();
        if (s.length() > 10 && s.charAt(10) == ' ') {
            s = s.substring(0, 10) + 'T' + s.substring(11);
        }
        return s;
    }

    /** The epoch day of {@code yyyy-MM-dd} at the start of {@code s}, or {@link Long#MIN_VALUE} if it is not one. */
    private static long fastDate(String s) {
        if (s.charAt(4) != '-' || s.charAt(7) != '-') {
            return Long.MIN_VALUE;
        }
        int year = digits(s, 0, 4);
        int month = digits(s, 5, 2);
        int day = digits(s, 8, 2);
        if (year < 0 || month < 0 || day < 0) {
            return Long.MIN_VALUE;
        }
        try {
            return LocalDate.of(year, month, day).toEpochDay();
        } catch (DateTimeException e) {
            return Long.MIN_VALUE;
        }
    }

    /** Milliseconds of {@code HH:mm:ss[.fraction]} from {@code start} to the end of {@code s}, or -1. */
    private static int fastTime(String s, int start) {
        int n = s.length();
        if (n - start < 8 || s.charAt(start + 2) != ':' || s.charAt(start + 5) != ':') {
            return -1;
        }
        int h = digits(s, start, 2);
        int m = digits(s, start + 3, 2);
        int sec = digits(s, start + 6, 2);
        if (h < 0 || h > 23 || m < 0 || m > 59 || sec < 0 || sec > 59) {
            return -1;
        }
        int ms = 0;
        int i = start + 8;
        if (i < n) {
            if (s.charAt(i) != '.' || i + 1 == n || n - i - 1 > 9) {
                return -1;
            }
            int scale = 100;
            for (i++; i < n; i++) {
                char c = s.charAt(i);
                if (c < '0' || c > '9') {
                    return -1;
                }
                ms += (c - '0') * scale;
                scale /= 10;
            }
        }
        return (h * 3600 + m * 60 + sec) * 1000 + ms;
    }

    private static int digits(String s, int from, int count) {
        int v = 0;
        for (int i = from; i < from + count; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }
}
