package dev.runnel.runtime.state;

import java.util.List;

/** An ordered list of values per key and namespace; with a TTL every element expires on its own (as in Flink). */
public interface ListState<N, T> extends State<N> {
    /** The values in the order they were added; empty (never {@code null}) when there are none. */
    List<T> get();

    /** Appends a copy of {@code value}, which must not be {@code null}. */
    void add(T value);

    /** Replaces the list; an empty list clears it. */
    void update(List<T> values);
}
