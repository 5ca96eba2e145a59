package dev.runnel.runtime.operators.aggregate.functions;

/**
 * The accumulator of one aggregate function as the function sees it: its own fields
 * (numbered from 0, typed as {@link AggregateFunction#accumulatorTypes()} declares) and its own
 * map views (numbered as {@link AggregateFunction#views()} declares). The caller decides where
 * they live: the fields are usually a slice of one state row holding all accumulators of an
 * operator, the views keyed map state.
 */
public interface Accumulator {
    Object get(int field);

    void set(int field, Object value);

    /** The function's {@code index}-th view. */
    MapView<Object, Object> view(int index);
}
