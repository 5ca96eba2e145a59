package dev.runnel.runtime.state;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.io.Serializable;

/**
 * Writes and reads values of one type in a compact binary form, for keyed state and timers.
 * Serializers know their type's schema (no Java serialization, no class names in the bytes).
 * They are immutable and serializable, so operator factories can carry them in a job graph.
 *
 * <p>Contract: {@code deserialize(serialize(v))} equals {@code v}; for keys, equal values
 * (as SQL compares them) serialize to equal bytes, because backends compare keys as bytes.
 */
public interface TypeSerializer<T> extends Serializable {
    void serialize(T value, DataOutput out) throws IOException;

    T deserialize(DataInput in) throws IOException;

    /** A copy that shares nothing mutable with {@code value} (rows are copied, strings are not). */
    T copy(T value);
}
