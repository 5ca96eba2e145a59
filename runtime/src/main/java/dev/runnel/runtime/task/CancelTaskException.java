package dev.runnel.runtime.task;

/** Thrown inside a task's thread to unwind it after the task was cancelled. */
public class CancelTaskException extends RuntimeException {
    public CancelTaskException() {
        super("Task was cancelled");
    }
}
