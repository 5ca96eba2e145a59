package dev.runnel.runtime.state;

/**
 * Receives the timers of a {@link TimerService}. When a callback runs, the backend's current
 * key is the timer's key, so state accessed in it is the timer's key's state.
 */
public interface Triggerable<N> {
    void onEventTime(Timer<N> timer) throws Exception;

    void onProcessingTime(Timer<N> timer) throws Exception;
}
