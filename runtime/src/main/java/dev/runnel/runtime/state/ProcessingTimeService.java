package dev.runnel.runtime.state;

/**
 * The wall clock of a task, and callbacks at a time that run in the task's thread (between
 * input elements), so they need no locks. Tests use a manual clock.
 */
public interface ProcessingTimeService {
    long currentTime();

    /** Runs {@code callback} in the task's thread at or soon after {@code time}; the result cancels it. */
    Cancellable schedule(long time, Callback callback);

    @FunctionalInterface
    interface Callback {
        void onTime(long time) throws Exception;
    }

    @FunctionalInterface
    interface Cancellable {
        void cancel();
    }
}
