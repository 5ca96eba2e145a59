package dev.runnel.runtime.scheduler;

import java.util.List;

/**
 * Slot sharing with one sharing group per job: slot {@code i} of the job hosts subtask
 * {@code i} of every vertex, so a job needs as many slots as its largest parallelism and a
 * pipeline of subtasks with the same index stays in one slot.
 */
public final class SlotSharing {
    private SlotSharing() {
    }

    /** The slot that runs {@code subtaskIndex} of any vertex, among the job's slots in order. */
    public static AllocatedSlot slotFor(List<AllocatedSlot> jobSlots, int subtaskIndex) {
        if (subtaskIndex >= jobSlots.size()) {
            throw new IllegalArgumentException("Subtask " + subtaskIndex + " needs slot " + subtaskIndex
                    + " but the job has " + jobSlots.size() + " slots");
        }
        return jobSlots.get(subtaskIndex);
    }
}
