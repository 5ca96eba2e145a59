package dev.runnel.runtime.operators.window;

import java.io.Serializable;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where windows are aligned. A TIMESTAMP time column is windowed as it is; a TIMESTAMP_LTZ one
 * (an instant) is windowed in the session time zone, as Flink does, so that a one-day window
 * starts at local midnight: {@code window_start}/{@code window_end} are local TIMESTAMP(3)
 * values and {@code window_time} is the instant just before {@code window_end}.
 *
 * @param zone the session time zone for a TIMESTAMP_LTZ time column, {@code null} for TIMESTAMP
 */
public record WindowTime(String zone) implements Serializable {
    public static final WindowTime LOCAL = new WindowTime(null);

    /** Zones by id: {@link ZoneId#of} checks the id's syntax on every call, and windows ask for each row. */
    private static final Map<String, ZoneId> ZONES = new ConcurrentHashMap<>();

    /** The time column's value as the local wall-clock millis that windows are aligned on. */
    public long toLocal(long timestamp) {
        if (zone == null) {
            return timestamp;
        }
        int offsetSeconds = zoneId().getRules().getOffset(Instant.ofEpochMilli(timestamp)).getTotalSeconds();
        return timestamp + offsetSeconds * 1000L;
    }

    private ZoneId zoneId() {
        return ZONES.computeIfAbsent(zone, ZoneId::of);
    }

    /** The {@code window_time} value of {@code window}: its last millisecond, in the time column's type. */
    public long windowTime(TimeWindow window) {
        if (zone == null) {
            return window.maxTimestamp();
        }
        return toUtc(window.end()) - 1;
    }

    /** The instant (epoch millis) at which event time passes the local {@code millis}. */
    public long toUtc(long localMillis) {
        if (zone == null) {
            return localMillis;
        }
        LocalDateTime local = LocalDateTime.ofEpochSecond(Math.floorDiv(localMillis, 1000L),
                (int) Math.floorMod(localMillis, 1000L) * 1_000_000, ZoneOffset.UTC);
        return local.atZone(zoneId()).toInstant().toEpochMilli();
    }
}
