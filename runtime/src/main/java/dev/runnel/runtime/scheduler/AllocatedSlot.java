package dev.runnel.runtime.scheduler;

import dev.runnel.runtime.taskmanager.TaskExecutorGateway;

/** A slot given to a job, with the TaskManager that offers it. */
public record AllocatedSlot(SlotId id, TaskExecutorGateway taskManager) {
}
