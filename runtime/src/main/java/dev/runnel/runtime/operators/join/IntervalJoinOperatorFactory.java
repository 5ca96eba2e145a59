package dev.runnel.runtime.operators.join;

import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.operators.calc.CalcFunction;
import dev.runnel.runtime.types.DataType;
import java.util.List;
import java.util.Objects;

/**
 * An interval join: a left row at time {@code l} and a right row at time {@code r} with equal keys
 * join when {@code lowerBound <= l - r <= upperBound} and the residual condition holds. Input 0 is
 * the left side, input 1 the right. On event time a row's time is its time attribute; on
 * processing time (both times {@link #PROCESSING_TIME}) it is when the row reaches the operator.
 *
 * @param leftTime the left input's time attribute (epoch millis); {@code rightTime} the right's;
 *                 both {@link #PROCESSING_TIME} for a processing-time interval join
 * @param lowerBound and {@code upperBound}: the bounds of {@code l - r} in milliseconds
 * @param keys the equi-join keys and the residual condition, as for a regular join
 */
public record IntervalJoinOperatorFactory(String name, JoinType joinType, int leftTime, int rightTime,
                                          long lowerBound, long upperBound, StreamingJoinOperatorFactory keys)
        implements OperatorFactory {
    /** {@link #leftTime} and {@link #rightTime} of a join on processing time: by arrival. */
    public static final int PROCESSING_TIME = -1;

    public IntervalJoinOperatorFactory {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(joinType, "joinType");
        if (lowerBound > upperBound) {
            throw new IllegalArgumentException("Empty interval: " + lowerBound + " > " + upperBound);
        }
        if ((leftTime == PROCESSING_TIME) != (rightTime == PROCESSING_TIME)) {
            throw new IllegalArgumentException("Both times or neither must be PROCESSING_TIME, not " + leftTime
                    + " and " + rightTime);
        }
    }

    /** Whether rows are joined by their arrival times rather than by time attributes. */
    public boolean processingTime() {
        return leftTime == PROCESSING_TIME;
    }

    /** The same parameters spelled out, with keys and condition as a regular join takes them. */
    public static IntervalJoinOperatorFactory of(String name, JoinType joinType, int[] leftKeys, int[] rightKeys,
                                                 boolean[] nullSafe, List<DataType> leftTypes,
                                                 List<DataType> rightTypes, GeneratedClass<CalcFunction> condition,
                                                 int leftTime, int rightTime, long lowerBound, long upperBound) {
        return new IntervalJoinOperatorFactory(name, joinType, leftTime, rightTime, lowerBound, upperBound,
                new StreamingJoinOperatorFactory(name, joinType, leftKeys, rightKeys, nullSafe, leftTypes, rightTypes,
                        condition));
    }

    /** The name and the types of the fields its state holds, so that a changed type is a changed query. */
    @Override
    public String stateSignature() {
        return name + ", leftTypes=" + keys.leftTypes() + ", rightTypes=" + keys.rightTypes();
    }

    @Override
    public Operator create() {
        return new IntervalJoinOperator(this);
    }
}
