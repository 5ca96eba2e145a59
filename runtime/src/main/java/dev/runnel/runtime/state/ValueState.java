package dev.runnel.runtime.state;

/** One value per key and namespace. */
public interface ValueState<N, T> extends State<N> {
    /**
     * The value, or {@code null} when there is none (or it expired). Do not mutate it: the heap
     * backend returns the stored object; change state through {@link #update}.
     */
    T value();

    /** Sets the value; {@code null} clears it. The state keeps its own copy or bytes. */
    void update(T value);
}
