package dev.runnel.runtime.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.ZoneId;
import java.time.format.DateTimeParseException;
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
    void badTextIsRejected() {
        assertThatThrownBy(() -> Values.parseTimestamp("2024-01-02")).isInstanceOf(DateTimeParseException.class);
        assertThatThrownBy(() -> Values.parseDate("2024-02-30")).isInstanceOf(DateTimeParseException.class);
    }
}
