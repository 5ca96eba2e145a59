package dev.runnel.runtime.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ValuesTest {
    private static final DataType TS3 = DataType.of(TypeRoot.TIMESTAMP, 3);
    private static final DataType LTZ3 = DataType.of(TypeRoot.TIMESTAMP_LTZ, 3);

    @Test
    void parsesDatesAndTimesIntoTheInternalRepresentation() {
        assertThat(Values.parseDate("1970-01-02")).isEqualTo(1);
        assertThat(Values.parseDate("1969-12-31")).isEqualTo(-1);
        assertThat(Values.parseTime("00:00:01.5")).isEqualTo(1500);
        assertThat(Values.parseTime("23:59")).isEqualTo(86_340_000);
        assertThat(Values.parseTimestamp("1970-01-01 00:00:01.234")).isEqualTo(1234L);
        assertThat(Values.parseTimestamp("1970-01-01T00:00:01.234567")).isEqualTo(1234L);
        assertThat(Values.parseTimestamp("1969-12-31 23:59:59.5")).isEqualTo(-500L);
    }

    @Test
    void timestampLtzAcceptsZoneSuffixesAndDefaultsToUtc() {
        assertThat(Values.parseTimestampLtz("1970-01-01 00:00:01Z")).isEqualTo(1000L);
        assertThat(Values.parseTimestampLtz("1970-01-01T01:00:01.5+01:00")).isEqualTo(1500L);
        assertThat(Values.parseTimestampLtz("1970-01-01 00:00:02")).isEqualTo(2000L);
    }

    @Test
    void textRoundTripsAndLtzFollowsTheZone() {
        long ts = Values.parseTimestamp("2024-01-02 03:04:05.678");
        assertThat(Values.toText(ts, TS3)).isEqualTo("2024-01-02 03:04:05.678");
        assertThat(Values.toText(ts, DataType.of(TypeRoot.TIMESTAMP, 0))).isEqualTo("2024-01-02 03:04:05");
        assertThat(Values.toText(ts, LTZ3, ZoneId.of("Europe/Paris"))).isEqualTo("2024-01-02 04:04:05.678");
        assertThat(Values.toText(Values.parseTime("13:14:15.1"), DataType.of(TypeRoot.TIME, 3))).isEqualTo("13:14:15.100");
    }

    @Test
    void fastPathsAgreeWithJavaTime() {
        SplittableRandom random = new SplittableRandom(42);
        DateTimeFormatter sql = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");
        for (int i = 0; i < 2000; i++) {
            long millis = random.nextLong(-5_000_000_000_000L, 50_000_000_000_000L);
            LocalDateTime t = LocalDateTime.ofEpochSecond(Math.floorDiv(millis, 1000), (int) Math.floorMod(millis, 1000)
                    * 1_000_000, ZoneOffset.UTC);
            String text = Values.toText(millis, TS3);
            assertThat(text).isEqualTo(sql.format(t));
            assertThat(Values.parseTimestamp(text)).isEqualTo(millis);
            assertThat(Values.parseTimestampLtz(text.replace(' ', 'T') + "Z")).isEqualTo(millis);
            assertThat(Values.parseDate(text.substring(0, 10))).isEqualTo((int) t.toLocalDate().toEpochDay());
        }
        assertThat(Values.parseTimestampLtz("1970-01-01T00:01Z")).isEqualTo(60_000L);
        assertThat(Values.toText(-1L, DataType.of(TypeRoot.TIMESTAMP, 1))).isEqualTo("1969-12-31 23:59:59.9");
        assertThat(Values.toText(0L, DataType.of(TypeRoot.TIMESTAMP, 9))).isEqualTo("1970-01-01 00:00:00.000000000");
    }

    @Test
    void badTextIsRejected() {
        assertThatThrownBy(() -> Values.parseTimestamp("2024-01-02")).isInstanceOf(DateTimeParseException.class);
        assertThatThrownBy(() -> Values.parseDate("2024-02-30")).isInstanceOf(DateTimeParseException.class);
        assertThatThrownBy(() -> Values.parseTime("24:00:00")).isInstanceOf(DateTimeParseException.class);
    }
}
