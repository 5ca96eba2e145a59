package dev.runnel.runtime.state;

/**
 * Keyed timers of one operator, stored in its state backend (so they survive with its state).
 * Registration uses the backend's current key. A timer registered twice for the same key,
 * namespace and time fires once. Event-time timers fire, in timestamp order, when the
 * operator calls {@link KeyedStateBackend#advanceWatermark}; processing-time timers fire in
 * the task's thread when the wall clock reaches them.
 */
public interface TimerService<N> {
    void registerEventTimeTimer(N namespace, long time);

    void deleteEventTimeTimer(N namespace, long time);

    void registerProcessingTimeTimer(N namespace, long time);

    void deleteProcessingTimeTimer(N namespace, long time);

    /** The last watermark passed to {@link KeyedStateBackend#advanceWatermark}; {@link Long#MIN_VALUE} before the first. */
    long currentWatermark();

    long currentProcessingTime();
}
