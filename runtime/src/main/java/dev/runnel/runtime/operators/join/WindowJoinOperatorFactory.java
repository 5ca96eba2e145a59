package dev.runnel.runtime.operators.join;

import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.operators.calc.CalcFunction;
import dev.runnel.runtime.types.DataType;
import java.util.List;
import java.util.Objects;

/**
 * An event-time window join (Flink's {@code WindowJoinOperator}): the rows of both inputs that
 * belong to the same window (equal {@code window_end}; the planner has checked that
 * {@code window_start} is equal too) and have equal keys join when the watermark passes the
 * window's end. Input 0 is the left side, input 1 the right.
 *
 * @param leftWindowEnd the left input's {@code window_end} field (epoch millis); {@code rightWindowEnd} the right's
 * @param keys the equi-join keys (without the window bounds) and the residual condition, as for a regular join
 */
public record WindowJoinOperatorFactory(String name, JoinType joinType, int leftWindowEnd, int rightWindowEnd,
                                        StreamingJoinOperatorFactory keys) implements OperatorFactory {
    public WindowJoinOperatorFactory {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(joinType, "joinType");
        Objects.requireNonNull(keys, "keys");
    }

    /** The same parameters spelled out, with keys and condition as a regular join takes them. */
    public static WindowJoinOperatorFactory of(String name, JoinType joinType, int[] leftKeys, int[] rightKeys,
                                               boolean[] nullSafe, List<DataType> leftTypes,
                                               List<DataType> rightTypes, GeneratedClass<CalcFunction> condition,
                                               int leftWindowEnd, int rightWindowEnd) {
        return new WindowJoinOperatorFactory(name, joinType, leftWindowEnd, rightWindowEnd,
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
        return new WindowJoinOperator(this);
    }
}
