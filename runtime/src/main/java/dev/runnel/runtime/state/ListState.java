package dev.runnel.runtime.state;

import java.util.List;

/** An ordered list of values per key and namespace; with a TTL every element expires on its own (as in Flink). */
public interface ListState<N, T> extends State<N> {
    /** The values in the order they were added; empty (never {@code null}) when there are none. */
    List<T> get();

    /** Appends a copy of {@code value}, which must not be {@code null}. */
    void add(T value);

    /** Appends copies of {@code values} in order, as one {@link #add} each would; none may be {@code null}. */
    default void addAll(List<T> values) {
        for (T value : values) {
            add(value);
        }
    }

    /** Replaces the list; an empty list clears it. */
    void update(List<T> values);
}
