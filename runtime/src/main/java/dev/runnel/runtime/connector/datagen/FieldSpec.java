package dev.runnel.runtime.connector.datagen;

import dev.runnel.runtime.types.DataType;
import java.io.Serializable;
import java.math.BigDecimal;

/**
 * How datagen fills one column, with every option already checked against the column's type.
 *
 * @param kind random values or a sequence
 * @param min lower bound of random numbers (inclusive), or {@code null} for the type's default
 * @param max upper bound of random numbers (inclusive), or {@code null} for the type's default
 * @param length length of random strings and bytes
 * @param varLength whether random strings and bytes have a random length from 1 to {@code length}
 * @param maxPastMillis how far in the past random timestamps may lie
 * @param start first value of a sequence
 * @param end last value of a sequence
 * @param nullRate the probability of NULL
 */
record FieldSpec(DataGenConnectorFactory.Kind kind, BigDecimal min, BigDecimal max, int length, boolean varLength,
                 long maxPastMillis, long start, long end, double nullRate) implements Serializable {

    /** Random scalar values with the defaults of their type (Flink's length 100, max-past 0). */
    static FieldSpec defaults() {
        return new FieldSpec(DataGenConnectorFactory.Kind.RANDOM, null, null, 100, false, 0, 0, 0, 0);
    }

    /**
     * Random values of {@code type} with its defaults (Flink's: length 100 for strings and bytes,
     * 3 elements for collections, max-past 0).
     */
    static FieldSpec defaults(DataType type) {
        return type.root().isCollection()
                ? new FieldSpec(DataGenConnectorFactory.Kind.RANDOM, null, null, DataGenConnectorFactory.COLLECTION_LENGTH,
                        false, 0, 0, 0, 0)
                : defaults();
    }

    boolean isSequence() {
        return kind == DataGenConnectorFactory.Kind.SEQUENCE;
    }

    /** How many values the sequence holds (saturating at {@link Long#MAX_VALUE}). */
    long sequenceLength() {
        long n = end - start + 1;
        return n <= 0 ? Long.MAX_VALUE : n;
    }
}
