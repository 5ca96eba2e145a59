package dev.runnel.runtime.taskmanager;

import java.io.Serializable;
import java.util.Objects;
import java.util.UUID;

/** A TaskManager's identity in the cluster. */
public record TaskManagerId(String value) implements Serializable, Comparable<TaskManagerId> {
    public TaskManagerId {
        Objects.requireNonNull(value, "value");
    }

    public static TaskManagerId generate() {
        return new TaskManagerId("tm-" + UUID.randomUUID().toString().substring(0, 8));
    }

    @Override
    public int compareTo(TaskManagerId other) {
        return value.compareTo(other.value);
    }

    @Override
    public String toString() {
        return value;
    }
}
