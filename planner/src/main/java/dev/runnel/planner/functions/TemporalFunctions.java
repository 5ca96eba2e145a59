package dev.runnel.planner.functions;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Timestamp;
import java.text.ParseException;
import java.text.SimpleDateFormat;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.util.HashMap;
import java.util.Map;
import java.util.TimeZone;

/**
 * The implementations of Flink's temporal functions that {@link TemporalOperators} declares,
 * with values in Calcite's internal representation (TIMESTAMP_LTZ as epoch milliseconds).
 * Where Flink parses with {@link SimpleDateFormat} (UNIX_TIMESTAMP, CONVERT_TZ, DATE_FORMAT of a
 * string) so does Runnel: leniently, reading a prefix of the text. Thread-safe.
 */
public final class TemporalFunctions {
    /** Flink's default format of date-time strings. */
    static final String DEFAULT_FORMAT = "yyyy-MM-dd HH:mm:ss";
    /** The first and last instants Flink's timestamps hold: years 0000 to 9999 (UTC). */
    private static final long MIN_EPOCH_SECONDS = -62167219200L;
    private static final long MAX_EPOCH_SECONDS = 253402300799L;
    private static final long MILLIS_PER_DAY = 86_400_000L;
    /** Flink's default timestamp parser: 'yyyy-M[M]-d[d][ H[H]:m[m]:s[s][.fraction]]'. */
    private static final DateTimeFormatter DEFAULT_PARSER = new DateTimeFormatterBuilder()
            .appendPattern("yyyy-[MM][M]-[dd][d]")
            .optionalStart()
            .appendPattern(" [HH][H]:[mm][m]:[ss][s]")
            .appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
            .optionalEnd()
            .toFormatter();
    /* SimpleDateFormat is not thread-safe: each thread keeps its own per pattern. */
    private static final ThreadLocal<Map<String, SimpleDateFormat>> LENIENT_FORMATS =
            ThreadLocal.withInitial(HashMap::new);
    private static final ThreadLocal<Map<String, DateTimeFormatter>> FORMATTERS = ThreadLocal.withInitial(HashMap::new);

    private TemporalFunctions() {
    }

    // ---- TO_TIMESTAMP_LTZ ----

    /** {@code TO_TIMESTAMP_LTZ(millis)}: epoch milliseconds. */
    public static Long toTimestampLtz(Long epoch) {
        return toTimestampLtz(epoch, 3L);
    }

    /** {@code TO_TIMESTAMP_LTZ(epoch)} of an approximate number of milliseconds. */
    public static Long toTimestampLtz(Double epoch) {
        return toTimestampLtz(epoch, 3L);
    }

    /** {@code TO_TIMESTAMP_LTZ(epoch)} of a decimal number of milliseconds (truncated). */
    public static Long toTimestampLtz(BigDecimal epoch) {
        return toTimestampLtz(epoch, 3L);
    }

    /**
     * {@code TO_TIMESTAMP_LTZ(epoch, precision)}: the instant {@code epoch} units of
     * 10^-precision seconds after the epoch (0 seconds, 3 milliseconds, 6 microseconds, 9
     * nanoseconds), to the millisecond; NULL outside the years 0000 to 9999. Another precision
     * is an error.
     */
    public static Long toTimestampLtz(Long epoch, Long precision) {
        if (epoch == null || precision == null) {
            return null;
        }
        long factor = pow10(checkPrecision(precision));
        long seconds = Math.floorDiv(epoch, factor);
        if (seconds < MIN_EPOCH_SECONDS || seconds > MAX_EPOCH_SECONDS) {
            return null;
        }
        long fraction = Math.floorMod(epoch, factor);
        return seconds * 1000 + (precision <= 3 ? fraction * pow10(3 - precision) : fraction / pow10(precision - 3));
    }

    /** {@code TO_TIMESTAMP_LTZ(epoch, precision)} of an approximate number, keeping its fraction. */
    public static Long toTimestampLtz(Double epoch, Long precision) {
        if (epoch == null || precision == null) {
            return null;
        }
        double seconds = epoch / Math.pow(10, checkPrecision(precision));
        if (seconds < MIN_EPOCH_SECONDS || seconds > MAX_EPOCH_SECONDS) {
            return null;
        }
        long nanos = (long) (epoch * Math.pow(10, 9 - precision));
        return Math.floorDiv(nanos, 1_000_000L);
    }

    /** {@code TO_TIMESTAMP_LTZ(epoch, precision)} of a decimal, truncated to an integer first, as Flink. */
    public static Long toTimestampLtz(BigDecimal epoch, Long precision) {
        return epoch == null ? null : toTimestampLtz(epoch.setScale(0, RoundingMode.DOWN).longValue(), precision);
    }

    /**
     * {@code TO_TIMESTAMP_LTZ(str)}: {@code str} in Flink's default format
     * ('yyyy-MM-dd[ HH:mm:ss[.fraction]]') as a UTC date-time; text that does not parse is an
     * error, as in Flink.
     */
    public static Long toTimestampLtz(String str) {
        if (str == null) {
            return null;
        }
        return toMillis(fromAccessor(DEFAULT_PARSER.parse(str)));
    }

    /** {@code TO_TIMESTAMP_LTZ(str, format)}: {@code str} in {@code format} as a UTC date-time; NULL when it does not parse. */
    public static Long toTimestampLtz(String str, String format) {
        if (str == null || format == null) {
            return null;
        }
        LocalDateTime parsed = parse(str, format);
        return parsed == null ? null : toMillis(parsed);
    }

    /** {@code TO_TIMESTAMP_LTZ(str, format, zone)}: {@code str} as a date-time in {@code zone}; NULL for an unknown zone. */
    public static Long toTimestampLtz(String str, String format, String zone) {
        if (str == null || format == null || zone == null) {
            return null;
        }
        LocalDateTime parsed = parse(str, format);
        if (parsed == null) {
            return null;
        }
        try {
            return parsed.atZone(ZoneId.of(zone)).toInstant().toEpochMilli();
        } catch (DateTimeException e) {
            return null;
        }
    }

    private static long checkPrecision(long precision) {
        if (precision < 0 || precision > 9) {
            throw new IllegalArgumentException(
                    "Precision for TO_TIMESTAMP_LTZ must be between 0 and 9 but was " + precision + ".");
        }
        return precision;
    }

    private static long pow10(long exponent) {
        long result = 1;
        for (long i = 0; i < exponent; i++) {
            result *= 10;
        }
        return result;
    }

    /**
     * {@code str} in the Java date-time {@code format}, or as Flink falls back, a JDBC timestamp
     * ('yyyy-[m]m-[d]d hh:mm:ss[.f...]') or date; NULL when neither reads it.
     */
    private static LocalDateTime parse(String str, String format) {
        DateTimeFormatter formatter;
        try {
            formatter = FORMATTERS.get().computeIfAbsent(format, DateTimeFormatter::ofPattern);
        } catch (IllegalArgumentException e) {
            return null;
        }
        try {
            return fromAccessor(formatter.parse(str));
        } catch (DateTimeParseException e) {
            try {
                String trimmed = str.trim();
                return trimmed.indexOf(' ') >= 0 ? Timestamp.valueOf(trimmed).toLocalDateTime()
                        : java.sql.Date.valueOf(trimmed).toLocalDate().atStartOfDay();
            } catch (IllegalArgumentException notJdbc) {
                return null;
            }
        }
    }

    private static LocalDateTime fromAccessor(TemporalAccessor parsed) {
        LocalDate date = parsed.isSupported(ChronoField.EPOCH_DAY)
                ? LocalDate.ofEpochDay(parsed.getLong(ChronoField.EPOCH_DAY))
                : LocalDate.of(1970, 1, 1);
        LocalTime time = parsed.isSupported(ChronoField.NANO_OF_DAY)
                ? LocalTime.ofNanoOfDay(parsed.getLong(ChronoField.NANO_OF_DAY))
                : LocalTime.MIDNIGHT;
        return LocalDateTime.of(date, time);
    }

    private static long toMillis(LocalDateTime dateTime) {
        return dateTime.toInstant(ZoneOffset.UTC).toEpochMilli();
    }

    // ---- TO_DATE, TO_TIMESTAMP, FROM_UNIXTIME ----

    /**
     * {@code TO_DATE(str)}: 'y[-m[-d]]' (what follows a space is ignored, so a timestamp's date
     * reads), as Flink reads it; NULL when it is no date of the years 0 to 9999.
     */
    public static Integer toDate(String str) {
        if (str == null) {
            return null;
        }
        int space = str.indexOf(' ');
        String date = space > 0 ? str.substring(0, space) : str;
        String[] parts = date.split("-", 3);
        int[] ymd = {0, 1, 1};
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i].trim();
            if (part.isEmpty() || !part.chars().allMatch(c -> c >= '0' && c <= '9') || part.length() > 9) {
                return null;
            }
            ymd[i] = Integer.parseInt(part);
        }
        if (ymd[0] > 9999 || ymd[1] < 1 || ymd[1] > 12 || ymd[2] < 1
                || ymd[2] > LocalDate.of(ymd[0], ymd[1], 1).lengthOfMonth()) {
            return null;
        }
        return (int) LocalDate.of(ymd[0], ymd[1], ymd[2]).toEpochDay();
    }

    /**
     * {@code TO_DATE(str, format)}: {@code str} read by {@link SimpleDateFormat} (leniently: Feb 30
     * is Mar 1), as in Flink; NULL when it does not parse (Flink returns a date of year
     * -292275055 then).
     */
    public static Integer toDate(String str, String format) {
        if (str == null || format == null) {
            return null;
        }
        Long millis = parseLenient(str, format, TimeZone.getTimeZone("UTC"));
        return millis == null ? null : (int) Math.floorDiv(millis, MILLIS_PER_DAY);
    }

    /** {@code TO_TIMESTAMP(str)}: Flink's default format; NULL when {@code str} does not parse. */
    public static Long toTimestamp(String str) {
        if (str == null) {
            return null;
        }
        try {
            return toMillis(fromAccessor(DEFAULT_PARSER.parse(str)));
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** {@code TO_TIMESTAMP(str, format)}: NULL when neither {@code format} nor the JDBC timestamp syntax reads it. */
    public static Long toTimestamp(String str, String format) {
        if (str == null || format == null) {
            return null;
        }
        LocalDateTime parsed = parse(str, format);
        return parsed == null ? null : toMillis(parsed);
    }

    /** {@code FROM_UNIXTIME(seconds, format)}: written by {@link SimpleDateFormat} in the session time zone, as Flink. */
    public static String fromUnixtime(Long seconds, String format, TimeZone zone) {
        if (seconds == null || format == null) {
            return null;
        }
        return formatLenient(seconds * 1000, format, zone);
    }

    // ---- CAST ----

    /**
     * {@code CAST(ts AS TIMESTAMP_LTZ)}: the instant at which the session time zone's clocks show
     * the date-time {@code millis} (milliseconds since 1970-01-01 00:00 of that local time), to
     * the millisecond.
     */
    public static Long timestampToLtz(Long millis, TimeZone zone) {
        if (millis == null) {
            return null;
        }
        return LocalDateTime.ofInstant(java.time.Instant.ofEpochMilli(millis), ZoneOffset.UTC)
                .atZone(zone.toZoneId()).toInstant().toEpochMilli();
    }

    // ---- CAST to STRING ----

    /** {@code CAST(ts AS STRING)} of a TIMESTAMP(p): always p fraction digits, as Flink prints it. */
    public static String timestampToString(Long millis, Long precision) {
        if (millis == null) {
            return null;
        }
        LocalDateTime dateTime = LocalDateTime.ofInstant(java.time.Instant.ofEpochMilli(millis), ZoneOffset.UTC);
        StringBuilder sb = new StringBuilder(dateTime.toLocalDate().toString()).append(' ')
                .append(String.format("%02d:%02d:%02d", dateTime.getHour(), dateTime.getMinute(),
                        dateTime.getSecond()));
        if (precision > 0) {
            String fraction = String.format("%09d", dateTime.getNano());
            sb.append('.').append(fraction, 0, (int) Math.min(precision, 9));
        }
        return sb.toString();
    }

    /**
     * {@code CAST(t AS STRING)} of a TIME(p): the fraction digits up to the last one that is not
     * 0 (at least one, at most p), as Flink prints it: {@code 01:02:03.4}, {@code 01:02:03.0}.
     */
    public static String timeToString(Integer millis, Long precision) {
        if (millis == null) {
            return null;
        }
        int time = Math.floorMod(millis, (int) MILLIS_PER_DAY);
        StringBuilder sb = new StringBuilder(String.format("%02d:%02d:%02d", time / 3_600_000, time / 60_000 % 60,
                time / 1000 % 60));
        if (precision > 0) {
            sb.append('.');
            int ms = time % 1000;
            for (long digits = precision; digits > 0; digits--) {
                sb.append((char) ('0' + ms / 100));
                ms = ms % 100 * 10;
                if (ms == 0) {
                    break;
                }
            }
        }
        return sb.toString();
    }

    // ---- TIMESTAMPDIFF in months ----

    /**
     * {@code TIMESTAMPDIFF(MONTH | QUARTER | YEAR, t1, t2)} as Flink counts it: the whole months
     * from {@code t1} to {@code t2}, where a month ending on a shorter month's last day counts
     * (Jan 31 to Feb 29 is one), divided by {@code months} (1, 3 or 12). DATE operands are days,
     * TIMESTAMP operands milliseconds.
     */
    public static Integer timestampDiffMonths(Long t1, Long t2, Long months) {
        if (t1 == null || t2 == null || months == null) {
            return null;
        }
        return monthsBetween(t2, t1) / months.intValue();
    }

    public static Integer timestampDiffMonths(Integer d1, Integer d2, Long months) {
        return d1 == null || d2 == null ? null : timestampDiffMonths(d1 * MILLIS_PER_DAY, d2 * MILLIS_PER_DAY, months);
    }

    public static Integer timestampDiffMonths(Integer d1, Long t2, Long months) {
        return d1 == null ? null : timestampDiffMonths(d1 * MILLIS_PER_DAY, t2, months);
    }

    public static Integer timestampDiffMonths(Long t1, Integer d2, Long months) {
        return d2 == null ? null : timestampDiffMonths(t1, d2 * MILLIS_PER_DAY, months);
    }

    /** Whole months from {@code t1} to {@code t0} (negative when {@code t0} is earlier), by date, then by time of day. */
    private static int monthsBetween(long t0, long t1) {
        long millis0 = Math.floorMod(t0, MILLIS_PER_DAY);
        long millis1 = Math.floorMod(t1, MILLIS_PER_DAY);
        LocalDate d0 = LocalDate.ofEpochDay(Math.floorDiv(t0, MILLIS_PER_DAY));
        LocalDate d1 = LocalDate.ofEpochDay(Math.floorDiv(t1, MILLIS_PER_DAY));
        int months = monthsBetween(d0, d1);
        if (d1.plusMonths(months).equals(d0) && millis0 < millis1) {
            months--;
        }
        return months;
    }

    private static int monthsBetween(LocalDate d0, LocalDate d1) {
        if (d0.isBefore(d1)) {
            return -monthsBetween(d1, d0);
        }
        int months = (int) ((d0.toEpochDay() - d1.toEpochDay()) / 31);
        while (true) {
            if (!d1.plusMonths(months).isBefore(d0) || d1.plusMonths(months + 1).isAfter(d0)) {
                return months;
            }
            months++;
        }
    }

    // ---- SimpleDateFormat functions ----

    /**
     * {@code CONVERT_TZ(str, from, to)}: the date-time {@code str} ('yyyy-MM-dd HH:mm:ss', a
     * prefix is enough) in zone {@code from} as a date-time in zone {@code to}; an unknown zone
     * is GMT (as {@link TimeZone#getTimeZone(String)} reads it); NULL when {@code str} does not parse.
     */
    public static String convertTz(String str, String from, String to) {
        if (str == null || from == null || to == null) {
            return null;
        }
        Long millis = parseLenient(str, DEFAULT_FORMAT, TimeZone.getTimeZone(from));
        return millis == null ? null : formatLenient(millis, DEFAULT_FORMAT, TimeZone.getTimeZone(to));
    }

    /**
     * Epoch milliseconds of the date-time {@code str} in {@code format} and {@code zone}, as
     * {@link SimpleDateFormat} reads it (leniently, a prefix of {@code str}; a zone in the text
     * wins); NULL when it does not parse.
     */
    static Long parseLenient(String str, String format, TimeZone zone) {
        SimpleDateFormat parser = lenientFormat(format);
        parser.setTimeZone(zone);
        try {
            return parser.parse(str).getTime();
        } catch (ParseException e) {
            return null;
        }
    }

    /** {@code millis} in {@code format} and {@code zone}, as {@link SimpleDateFormat} writes it. */
    static String formatLenient(long millis, String format, TimeZone zone) {
        SimpleDateFormat formatter = lenientFormat(format);
        formatter.setTimeZone(zone);
        return formatter.format(new java.util.Date(millis));
    }

    private static SimpleDateFormat lenientFormat(String format) {
        Map<String, SimpleDateFormat> formats = LENIENT_FORMATS.get();
        if (formats.size() > 100) {
            formats.clear();
        }
        return formats.computeIfAbsent(format, f -> {
            try {
                return new SimpleDateFormat(f);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("Invalid date-time format '" + f + "': " + e.getMessage(), e);
            }
        });
    }
}
