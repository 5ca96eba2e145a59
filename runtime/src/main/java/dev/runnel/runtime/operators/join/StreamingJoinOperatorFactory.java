package dev.runnel.runtime.operators.join;

import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.operators.calc.CalcFunction;
import dev.runnel.runtime.types.DataType;
import java.util.List;
import java.util.Objects;

/**
 * A regular (unbounded) streaming equi-join of two keyed inputs: input 0 is the left side,
 * input 1 the right, both partitioned by their join keys. A semi or anti join
 * ({@link JoinType#isSemiOrAnti()}) emits left rows only ({@link StreamingSemiAntiJoinOperator}).
 *
 * @param leftKeys and {@code rightKeys}: the equi-join key fields of each input, pairwise equal
 *        in type; empty for a join without equi-keys (then the operator runs with parallelism 1)
 * @param nullSafe per key pair, whether it is {@code IS NOT DISTINCT FROM} (null matches null)
 *        rather than {@code =} (a null key matches nothing)
 * @param leftTypes and {@code rightTypes}: the field types of each input, for state
 * @param condition the residual (non-equi) condition over the concatenated row
 *        {@code left ++ right}: a {@link CalcFunction} that returns null to reject; {@code null}
 *        when there is none
 * @param appendOnly per input, whether it only inserts (the planner knows its changelog): an
 *        inner side of a regular join that only inserts keeps its rows as a list
 */
public record StreamingJoinOperatorFactory(String name, JoinType joinType, int[] leftKeys, int[] rightKeys,
                                           boolean[] nullSafe, List<DataType> leftTypes, List<DataType> rightTypes,
                                           GeneratedClass<CalcFunction> condition, boolean[] appendOnly)
        implements OperatorFactory {
    /** Inputs that may retract. */
    public StreamingJoinOperatorFactory(String name, JoinType joinType, int[] leftKeys, int[] rightKeys,
            boolean[] nullSafe, List<DataType> leftTypes, List<DataType> rightTypes,
            GeneratedClass<CalcFunction> condition) {
        this(name, joinType, leftKeys, rightKeys, nullSafe, leftTypes, rightTypes, condition, new boolean[2]);
    }

    public StreamingJoinOperatorFactory {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(joinType, "joinType");
        if (leftKeys.length != rightKeys.length || nullSafe.length != leftKeys.length) {
            throw new IllegalArgumentException("Join keys must come in pairs");
        }
        leftTypes = List.copyOf(leftTypes);
        rightTypes = List.copyOf(rightTypes);
        if (appendOnly.length != 2) {
            throw new IllegalArgumentException("One appendOnly flag per input");
        }
        appendOnly = appendOnly.clone();
    }

    @Override
    public boolean[] appendOnly() {
        return appendOnly.clone();
    }

    /**
     * The name and the types of the fields its state holds, so that a changed type is a changed
     * query, and which sides hold lists rather than counted rows (a savepoint of one cannot fill the other).
     */
    @Override
    public String stateSignature() {
        String lists = joinType.isSemiOrAnti() ? "" : (StreamingJoinOperator.keepsAppendOnly(this, 0) ? ", left=list" : "")
                + (StreamingJoinOperator.keepsAppendOnly(this, 1) ? ", right=list" : "");
        return name + ", leftTypes=" + leftTypes + ", rightTypes=" + rightTypes + lists;
    }

    @Override
    public Operator create() {
        return joinType.isSemiOrAnti() ? new StreamingSemiAntiJoinOperator(this) : new StreamingJoinOperator(this);
    }
}
