package dev.runnel.runtime.scheduler;

import dev.runnel.runtime.taskmanager.TaskManagerId;
import java.util.Comparator;
import java.util.Objects;

/** Slot {@code index} of one TaskManager. */
public record SlotId(TaskManagerId taskManagerId, int index) implements Comparable<SlotId> {
    private static final Comparator<SlotId> ORDER =
            Comparator.comparing(SlotId::taskManagerId).thenComparingInt(SlotId::index);

    public SlotId {
        Objects.requireNonNull(taskManagerId, "taskManagerId");
    }

    @Override
    public int compareTo(SlotId other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        return taskManagerId + "/slot " + index;
    }
}
