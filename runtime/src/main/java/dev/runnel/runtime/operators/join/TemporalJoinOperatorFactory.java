package dev.runnel.runtime.operators.join;

import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.operators.calc.CalcFunction;
import dev.runnel.runtime.types.DataType;
import java.util.List;
import java.util.Objects;

/**
 * An event-time temporal join ({@code FROM l JOIN r FOR SYSTEM_TIME AS OF l.ts ON l.k = r.pk}):
 * input 0 is the probe side (append-only), input 1 the changelog of a versioned table keyed by
 * its primary key.
 *
 * @param leftOuter whether a left row without a valid version is emitted padded with nulls
 *        ({@code LEFT JOIN}) rather than dropped
 * @param leftKeys and {@code rightKeys}: the left fields equal to the versioned table's key
 * @param leftTime the left row's time attribute; {@code rightTime} the version's
 * @param condition the residual condition over {@code left ++ right}; {@code null} if none
 */
public record TemporalJoinOperatorFactory(String name, boolean leftOuter, int[] leftKeys, int[] rightKeys,
                                          List<DataType> leftTypes, List<DataType> rightTypes, int leftTime,
                                          int rightTime, GeneratedClass<CalcFunction> condition)
        implements OperatorFactory {
    public TemporalJoinOperatorFactory {
        Objects.requireNonNull(name, "name");
        if (leftKeys.length != rightKeys.length || leftKeys.length == 0) {
            throw new IllegalArgumentException("A temporal join needs the versioned table's key in its condition");
        }
        leftTypes = List.copyOf(leftTypes);
        rightTypes = List.copyOf(rightTypes);
    }

    /** The name and the types of the fields its state holds, so that a changed type is a changed query. */
    @Override
    public String stateSignature() {
        return name + ", leftTypes=" + leftTypes + ", rightTypes=" + rightTypes;
    }

    @Override
    public Operator create() {
        return new TemporalJoinOperator(this);
    }
}
