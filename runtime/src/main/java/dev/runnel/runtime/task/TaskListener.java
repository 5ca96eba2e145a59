package dev.runnel.runtime.task;

/** Told by a task's thread about each of the task's state changes (the TaskManager forwards them). */
@FunctionalInterface
public interface TaskListener {
    void stateChanged(TaskExecutionState state);
}
