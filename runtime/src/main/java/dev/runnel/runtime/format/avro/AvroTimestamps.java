package dev.runnel.runtime.format.avro;

import dev.runnel.runtime.types.DataType;

/**
 * Timestamps between Runnel's milliseconds and the unit of the Avro logical type that
 * {@link AvroSchemas} gives a TIMESTAMP or TIMESTAMP_LTZ outside the legacy mapping: millis up
 * to precision 3, micros up to 6, nanos up to 9. Runnel keeps milliseconds, so reading drops
 * what is finer (rounding down, as truncating an instant does).
 */
final class AvroTimestamps {
    private AvroTimestamps() {
    }

    /** The Avro value of {@code millis}. */
    static long toEpoch(long millis, DataType type) {
        return Math.multiplyExact(millis, unitsPerMilli(type));
    }

    /** The milliseconds of the Avro value {@code epoch}. */
    static long toMillis(long epoch, DataType type) {
        return Math.floorDiv(epoch, unitsPerMilli(type));
    }

    private static long unitsPerMilli(DataType type) {
        return type.precision() <= 3 ? 1 : type.precision() <= 6 ? 1_000 : 1_000_000;
    }
}
