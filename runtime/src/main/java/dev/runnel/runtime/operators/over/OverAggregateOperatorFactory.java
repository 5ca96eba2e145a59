package dev.runnel.runtime.operators.over;

import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.types.DataType;
import java.util.List;
import java.util.Objects;

/**
 * An OVER aggregation, as Flink's: {@code agg(x) OVER (PARTITION BY key ORDER BY time ROWS|RANGE
 * BETWEEN … PRECEDING AND CURRENT ROW)} over an insert-only input. Each output row is the input row
 * followed by the aggregates over its frame. On event time it is emitted once the watermark passes
 * the row's time, in time order per key ({@link OverAggregateOperator}); on processing time
 * ({@link #PROCESSING_TIME}) rows are ordered by arrival and emitted as they arrive, a RANGE frame's
 * once their millisecond has passed ({@link ProcTimeOverAggregateOperator}).
 *
 * @param name readable name, such as {@code OverAggregate(partitionBy=[k], orderBy=[ts], …)}
 * @param keyFields the partition key fields (empty: one key)
 * @param inputTypes the input's field types, for state
 * @param rowtimeField the event-time field the rows are ordered by, or {@link #PROCESSING_TIME}
 * @param rowsFrame a ROWS frame (counted in rows) rather than a RANGE frame (in milliseconds)
 * @param preceding how many rows (ROWS) or milliseconds (RANGE) before the current row the
 *     frame starts, or {@link #UNBOUNDED}
 * @param aggregates the aggregate calls, reading input fields; without retraction
 */
public record OverAggregateOperatorFactory(String name, int[] keyFields, List<DataType> inputTypes, int rowtimeField,
                                           boolean rowsFrame, long preceding, AggregatesHandle aggregates)
        implements OperatorFactory {
    /** {@link #preceding} of a frame from UNBOUNDED PRECEDING. */
    public static final long UNBOUNDED = -1;
    /** {@link #rowtimeField} of an OVER window ordered by a processing-time attribute: by arrival. */
    public static final int PROCESSING_TIME = -1;

    public OverAggregateOperatorFactory {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(keyFields, "keyFields");
        Objects.requireNonNull(aggregates, "aggregates");
        inputTypes = List.copyOf(inputTypes);
        if (rowtimeField < PROCESSING_TIME) {
            throw new IllegalArgumentException("rowtimeField must be a field or PROCESSING_TIME, not " + rowtimeField);
        }
        if (preceding < UNBOUNDED) {
            throw new IllegalArgumentException("preceding must be UNBOUNDED or >= 0, not " + preceding);
        }
    }

    boolean unbounded() {
        return preceding == UNBOUNDED;
    }

    /** The name and the types of the fields its state holds, so that a changed type is a changed query. */
    @Override
    public String stateSignature() {
        return name + ", inputTypes=" + inputTypes + aggregates.stateLayout();
    }

    boolean processingTime() {
        return rowtimeField == PROCESSING_TIME;
    }

    @Override
    public Operator create() {
        return processingTime() ? new ProcTimeOverAggregateOperator(this) : new OverAggregateOperator(this);
    }
}
