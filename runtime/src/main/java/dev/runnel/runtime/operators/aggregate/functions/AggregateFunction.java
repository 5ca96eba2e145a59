package dev.runnel.runtime.operators.aggregate.functions;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;

import java.io.Serializable;
import java.util.List;

/**
 * One aggregate function over one {@link AggregateCall}, working on an {@link Accumulator}
 * that the caller stores (see {@link AggregateFunctions#create} to get one, and
 * {@link AggregatesHandle} to drive all calls of an operator at once).
 *
 * <p>Contract:
 * <ul>
 *   <li>The accumulator has {@link #accumulatorTypes()} fields (each may be null) and the
 *       {@link #views()}; {@link #init} sets the fields of an empty accumulator (views start empty).</li>
 *   <li>{@link #accumulate} adds an input row, {@link #retract} takes back a row accumulated
 *       earlier (only when {@link #supportsRetraction()}); the function reads its arguments from
 *       the row at {@link AggregateCall#args()}. FILTER is the caller's job (see
 *       {@link AggregatesHandle}); DISTINCT is handled by a wrapping function.</li>
 *   <li>{@link #merge} folds another accumulator of the same function into this one, as if its
 *       rows had been accumulated after this one's (windows merging, local/global splits).</li>
 *   <li>{@link #getValue} is the result for the rows accumulated so far, of the call's result
 *       type; it does not change the accumulator.</li>
 * </ul>
 * Implementations are stateless and serializable; they are shared by all keys of an operator.
 */
public interface AggregateFunction extends Serializable {
    /** The internal types of the accumulator fields, so that accumulators can be serialized. */
    List<DataType> accumulatorTypes();

    /** The map views the accumulator uses; most functions use none. */
    default List<ViewSpec> views() {
        return List.of();
    }

    void init(Accumulator acc);

    void accumulate(Accumulator acc, Row input);

    /** Whether {@link #retract} works (it does for all functions created with retraction). */
    boolean supportsRetraction();

    default void retract(Accumulator acc, Row input) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " does not support retraction");
    }

    void merge(Accumulator acc, Accumulator other);

    Object getValue(Accumulator acc);
}
