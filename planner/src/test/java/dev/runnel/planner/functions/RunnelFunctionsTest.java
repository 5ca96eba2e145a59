package dev.runnel.planner.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;

class RunnelFunctionsTest {
    private static final TimeZone UTC = TimeZone.getTimeZone("UTC");
    private static final TimeZone SHANGHAI = TimeZone.getTimeZone("Asia/Shanghai");

    @Test
    void locateIsOneBasedAndZeroWhenAbsent() {
        assertThat(RunnelFunctions.locate("l", "hello")).isEqualTo(3);
        assertThat(RunnelFunctions.locate("l", "hello", 4)).isEqualTo(4);
        assertThat(RunnelFunctions.locate("z", "hello")).isZero();
        assertThat(RunnelFunctions.locate("l", "hello", 9)).isZero();
        assertThat(RunnelFunctions.locate(null, "hello")).isNull();
    }

    @Test
    void splitIndexSplitsAtAPlainStringAndIsNullOutOfRange() {
        assertThat(RunnelFunctions.splitIndex("a,b,c", ",", 0)).isEqualTo("a");
        assertThat(RunnelFunctions.splitIndex("a,b,c", ",", 2)).isEqualTo("c");
        assertThat(RunnelFunctions.splitIndex("a.b", ".", 1)).isEqualTo("b");
        assertThat(RunnelFunctions.splitIndex("a,b,c", ",", 3)).isNull();
        assertThat(RunnelFunctions.splitIndex("a,b,c", ",", -1)).isNull();
        assertThat(RunnelFunctions.splitIndex("a,,b", ",", 1)).isEmpty();
    }

    @Test
    void regexpExtractReturnsTheGroupOrNull() {
        assertThat(RunnelFunctions.regexpExtract("foothebar", "foo(.*?)(bar)", 2)).isEqualTo("bar");
        assertThat(RunnelFunctions.regexpExtract("abc123", "[0-9]+")).isEqualTo("123");
        assertThat(RunnelFunctions.regexpExtract("abc", "(b)", 5)).isNull();
        assertThat(RunnelFunctions.regexpExtract("abc", "x")).isNull();
        assertThat(RunnelFunctions.regexpExtract("abc", "(")).isNull();
    }

    @Test
    void fromBase64DecodesUtf8AndNamesBadInput() {
        assertThat(RunnelFunctions.fromBase64("aGVsbG8=")).isEqualTo("hello");
        assertThat(RunnelFunctions.fromBase64((String) null)).isNull();
        assertThatThrownBy(() -> RunnelFunctions.fromBase64("%%")).hasMessageContaining("'%%' is not base64");
    }

    @Test
    void logarithmsFollowJavaMath() {
        assertThat(RunnelFunctions.log2(8.0)).isEqualTo(3.0);
        assertThat(RunnelFunctions.log10(1000.0)).isEqualTo(3.0);
        assertThat(RunnelFunctions.log2(0.0)).isEqualTo(Double.NEGATIVE_INFINITY);
    }

    @Test
    void toTimestampParsesTheDefaultAndGivenFormatsOrGivesNull() {
        assertThat(RunnelFunctions.toTimestamp("2024-02-29 13:45:10")).isEqualTo(millis(2024, 2, 29, 13, 45, 10));
        assertThat(RunnelFunctions.toTimestamp("2024-02-29")).isEqualTo(millis(2024, 2, 29, 0, 0, 0));
        assertThat(RunnelFunctions.toTimestamp("2024-02-29 13:45:10.5")).isEqualTo(millis(2024, 2, 29, 13, 45, 10) + 500);
        assertThat(RunnelFunctions.toTimestamp("29/02/2024", "dd/MM/yyyy")).isEqualTo(millis(2024, 2, 29, 0, 0, 0));
        assertThat(RunnelFunctions.toTimestamp("nonsense")).isNull();
        assertThat(RunnelFunctions.toDate("2024-02-29")).isEqualTo((int) LocalDate.of(2024, 2, 29).toEpochDay());
        assertThat(RunnelFunctions.toDate("x")).isNull();
    }

    @Test
    void unixTimestampReadsTheSessionZoneAndGivesLongMinOnBadInput() {
        assertThat(RunnelFunctions.unixTimestamp("1970-01-01 08:00:00", SHANGHAI)).isZero();
        assertThat(RunnelFunctions.unixTimestamp("1970-01-02", "yyyy-MM-dd", UTC)).isEqualTo(86_400L);
        assertThat(RunnelFunctions.unixTimestamp("garbage", UTC)).isEqualTo(Long.MIN_VALUE);
        assertThat(RunnelFunctions.unixTimestamp(null, UTC)).isNull();
    }

    @Test
    void fromUnixtimeAndDateFormatFormatInTheRightZone() {
        assertThat(RunnelFunctions.fromUnixtime(0L, SHANGHAI)).isEqualTo("1970-01-01 08:00:00");
        assertThat(RunnelFunctions.fromUnixtime(86_400L, "yyyy-MM-dd", UTC)).isEqualTo("1970-01-02");
        assertThat(RunnelFunctions.dateFormat(millis(2024, 2, 29, 13, 45, 10), "yyyy-MM-dd HH:mm"))
                .isEqualTo("2024-02-29 13:45");
        assertThat(RunnelFunctions.dateFormatLtz(0L, "HH:mm", SHANGHAI)).isEqualTo("08:00");
        assertThat(RunnelFunctions.dateFormat("2024-02-29 13:45:10", "HH")).isEqualTo("13");
    }

    @Test
    void ltzToStringHasThePrecisionsDigitsAndNoZoneName() {
        assertThat(RunnelFunctions.ltzToString(123L, 3, UTC)).isEqualTo("1970-01-01 00:00:00.123");
        assertThat(RunnelFunctions.ltzToString(0L, 0, SHANGHAI)).isEqualTo("1970-01-01 08:00:00");
    }

    private static long millis(int y, int mo, int d, int h, int mi, int s) {
        return LocalDateTime.of(y, mo, d, h, mi, s).toInstant(ZoneOffset.UTC).toEpochMilli();
    }
}
