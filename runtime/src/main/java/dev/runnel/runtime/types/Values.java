package dev.runnel.runtime.types;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Base64;

/**
 * Converts internal values (see {@link TypeRoot}) to the text Flink prints and writes:
 * {@code 2024-01-02 03:04:05.678} for TIMESTAMP(3), {@code true}, plain decimals.
 */
public final class Values {
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
            case DATE -> LocalDate.ofEpochDay(((Number) value).longValue()).toString();
            case TIME -> formatTime(LocalTime.ofNanoOfDay(((Number) value).longValue() * 1_000_000L), type.precision());
            case TIMESTAMP -> formatTimestamp(LocalDateTime.ofInstant(
                    Instant.ofEpochMilli(((Number) value).longValue()), ZoneOffset.UTC), type.precision());
            case TIMESTAMP_LTZ -> formatTimestamp(LocalDateTime.ofInstant(
                    Instant.ofEpochMilli(((Number) value).longValue()), zone), type.precision());
            case DECIMAL -> ((BigDecimal) value).toPlainString();
            case BINARY, VARBINARY -> Base64.getEncoder().encodeToString((byte[]) value);
            default -> value.toString();
        };
    }

    /** {@link #toText(Object, DataType, ZoneId)} in UTC. */
    public static String toText(Object value, DataType type) {
        return toText(value, type, ZoneOffset.UTC);
    }

    /**
     * Parses the text of a DATE ({@code yyyy-MM-dd}) into days since the epoch.
     *
     * @throws DateTimeParseException if {@code text} is not such a date
     */
    public static int parseDate(String text) {
        return (int) LocalDate.parse(text.trim()).toEpochDay();
    }

    /** Parses {@code HH:mm[:ss[.fraction]]} into milliseconds of the day (the fraction is cut to ms). */
    public static int parseTime(String text) {
        return (int) (LocalTime.parse(text.trim()).toNanoOfDay() / 1_000_000L);
    }

    /**
     * Parses a TIMESTAMP: SQL's {@code yyyy-MM-dd HH:mm:ss[.fraction]} or ISO-8601's
     * {@code yyyy-MM-ddTHH:mm:ss[.fraction]}, into the internal epoch millis of the wall-clock time.
     */
    public static long parseTimestamp(String text) {
        LocalDateTime t = LocalDateTime.parse(isoDateTime(text));
        return t.toEpochSecond(ZoneOffset.UTC) * 1000L + t.getNano() / 1_000_000;
    }

    /**
     * Parses a TIMESTAMP_LTZ as Flink writes it ({@code yyyy-MM-dd HH:mm:ss[.fraction]Z}, or with
     * {@code T}, or with an offset such as {@code +02:00}); text without a zone is read in UTC.
     */
    public static long parseTimestampLtz(String text) {
        String iso = isoDateTime(text);
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

    private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    static String formatTimestamp(LocalDateTime t, int precision) {
        return DATE_TIME.format(t) + fraction(t.getNano(), precision);
    }

    static String formatTime(LocalTime t, int precision) {
        return DateTimeFormatter.ofPattern("HH:mm:ss").format(t) + fraction(t.getNano(), precision);
    }

    private static String fraction(int nanos, int precision) {
        if (precision <= 0) {
            return "";
        }
        String digits = String.format("%09d", nanos);
        return "." + digits.substring(0, Math.min(9, precision));
    }
}
