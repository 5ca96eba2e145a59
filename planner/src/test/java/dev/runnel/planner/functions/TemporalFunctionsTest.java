package dev.runnel.planner.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;

/** Flink's temporal functions, including the lenient parsing Flink inherits from SimpleDateFormat. */
class TemporalFunctionsTest {
    private static final TimeZone UTC = TimeZone.getTimeZone("UTC");

    @Test
    void toTimestampLtzTakesEpochsOfAnyPrecisionAndStrings() {
        assertThat(TemporalFunctions.toTimestampLtz(5L, 0L)).isEqualTo(5_000L);
        assertThat(TemporalFunctions.toTimestampLtz(5L)).isEqualTo(5L);
        assertThat(TemporalFunctions.toTimestampLtz(1_500_000L, 6L)).isEqualTo(1_500L);
        assertThat(TemporalFunctions.toTimestampLtz(1.5, 0L)).isEqualTo(1_500L);
        assertThat(TemporalFunctions.toTimestampLtz(new BigDecimal("1.5"), 0L)).as("truncated first").isEqualTo(1_000L);
        assertThat(TemporalFunctions.toTimestampLtz(253402300800L, 0L)).as("after 9999").isNull();
        assertThatThrownBy(() -> TemporalFunctions.toTimestampLtz(1L, 10L)).hasMessageContaining("between 0 and 9");
        assertThat(TemporalFunctions.toTimestampLtz("1970-01-01 00:00:01.5")).isEqualTo(1_500L);
        assertThatThrownBy(() -> TemporalFunctions.toTimestampLtz("bad")).hasMessageContaining("could not be parsed");
        assertThat(TemporalFunctions.toTimestampLtz("bad", "yyyy")).isNull();
        assertThat(TemporalFunctions.toTimestampLtz("1970-01-01 08:00:00", "yyyy-MM-dd HH:mm:ss", "Asia/Shanghai"))
                .isZero();
        assertThat(TemporalFunctions.toTimestampLtz("1970-01-01", "yyyy-MM-dd", "bogus")).isNull();
    }

    @Test
    void convertTzReadsAPrefixAndTakesAnUnknownZoneForGmt() {
        assertThat(TemporalFunctions.convertTz("1970-01-01 00:00:00", "UTC", "America/Los_Angeles"))
                .isEqualTo("1969-12-31 16:00:00");
        assertThat(TemporalFunctions.convertTz("2024-01-01 00:00:00.123", "UTC", "PST")).isEqualTo("2023-12-31 16:00:00");
        assertThat(TemporalFunctions.convertTz("2024-01-01 00:00:00", "bogus", "UTC")).isEqualTo("2024-01-01 00:00:00");
        assertThat(TemporalFunctions.convertTz("2024-01-01", "UTC", "UTC")).isNull();
    }

    @Test
    void datesAndTimestampsParseAsFlinkReadsThem() {
        assertThat(TemporalFunctions.toDate("2024-01-02")).isEqualTo(days(2024, 1, 2));
        assertThat(TemporalFunctions.toDate("2024")).isEqualTo(days(2024, 1, 1));
        assertThat(TemporalFunctions.toDate("2024-01-02 10:00:00")).isEqualTo(days(2024, 1, 2));
        assertThat(TemporalFunctions.toDate("2024-13-01")).isNull();
        assertThat(TemporalFunctions.toDate("2024-02-30")).isNull();
        assertThat(TemporalFunctions.toDate("2024-02-30", "yyyy-MM-dd")).as("lenient").isEqualTo(days(2024, 3, 1));
        assertThat(TemporalFunctions.toTimestamp("2024-1-2 3:4:5")).isEqualTo(millis(2024, 1, 2, 3, 4, 5));
        assertThat(TemporalFunctions.toTimestamp("2024-01-02 03:04")).isNull();
        assertThat(TemporalFunctions.toTimestamp("2024-01-02 03:04", "yyyy-MM-dd HH:mm")).isEqualTo(millis(2024, 1, 2, 3, 4, 0));
        assertThat(RunnelFunctions.unixTimestamp("1970-01-01 08:00:01.001 +0800", "yyyy-MM-dd HH:mm:ss.SSS X", UTC))
                .as("the zone of the text").isEqualTo(1L);
        assertThat(RunnelFunctions.unixTimestamp("2024-01-01 00:00:00 junk", UTC)).isEqualTo(1_704_067_200L);
        assertThat(RunnelFunctions.dateFormat("2024-01-01", "yyyy")).as("a date alone").isNull();
        assertThat(TemporalFunctions.fromUnixtime(0L, "yyyy u", UTC)).isEqualTo("1970 4");
    }

    @Test
    void timestampDiffInMonthsCountsAMonthEndingOnTheLastDay() {
        assertThat(TemporalFunctions.timestampDiffMonths(days(2024, 1, 31), days(2024, 2, 29), 1L)).isEqualTo(1);
        assertThat(TemporalFunctions.timestampDiffMonths(days(2024, 3, 31), days(2024, 2, 29), 1L)).isEqualTo(-1);
        assertThat(TemporalFunctions.timestampDiffMonths(days(2020, 2, 29), days(2021, 2, 28), 12L)).isEqualTo(1);
        assertThat(TemporalFunctions.timestampDiffMonths(millis(2024, 1, 31, 10, 0, 0), millis(2024, 2, 29, 9, 0, 0),
                1L)).isZero();
        assertThat(TemporalFunctions.timestampDiffMonths(days(2024, 1, 31), days(2024, 7, 30), 3L)).isEqualTo(1);
    }

    @Test
    void castToStringWritesFlinksFractionDigits() {
        assertThat(TemporalFunctions.timestampToString(0L, 3L)).isEqualTo("1970-01-01 00:00:00.000");
        assertThat(TemporalFunctions.timestampToString(100L, 1L)).isEqualTo("1970-01-01 00:00:00.1");
        assertThat(TemporalFunctions.timeToString(3_723_400, 3L)).isEqualTo("01:02:03.4");
        assertThat(TemporalFunctions.timeToString(3_723_000, 3L)).isEqualTo("01:02:03.0");
        assertThat(TemporalFunctions.timeToString(null, 3L)).isNull();
    }

    @Test
    void castToLtzKeepsTheMillisecondsInTheSessionTimeZone() {
        assertThat(TemporalFunctions.timestampToLtz(millis(2024, 1, 1, 10, 0, 0) + 123, TimeZone.getTimeZone("UTC")))
                .isEqualTo(1_704_103_200_123L);
        assertThat(TemporalFunctions.timestampToLtz(millis(2024, 1, 1, 10, 0, 0) + 123,
                TimeZone.getTimeZone("Asia/Shanghai"))).isEqualTo(1_704_074_400_123L);
        assertThat(TemporalFunctions.timestampToLtz(null, TimeZone.getTimeZone("UTC"))).isNull();
    }

    private static int days(int y, int m, int d) {
        return (int) LocalDate.of(y, m, d).toEpochDay();
    }

    private static long millis(int y, int mo, int d, int h, int mi, int s) {
        return LocalDateTime.of(y, mo, d, h, mi, s).toInstant(ZoneOffset.UTC).toEpochMilli();
    }
}
