package dev.runnel.runtime.cluster;

import java.io.Serializable;
import java.util.Objects;
import java.util.UUID;

/** A job's identity: 32 lowercase hex digits, as Flink prints job ids. */
public record JobId(String value) implements Serializable {
    public JobId {
        Objects.requireNonNull(value, "value");
    }

    public static JobId generate() {
        return new JobId(UUID.randomUUID().toString().replace("-", ""));
    }

    @Override
    public String toString() {
        return value;
    }
}
