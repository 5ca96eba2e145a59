package dev.runnel.planner.plan.physical;

import dev.runnel.planner.catalog.TypeConversions;
import dev.runnel.planner.functions.FlinkAggregateFunctions;
import dev.runnel.planner.plan.logical.GroupingSetsRules;
import dev.runnel.planner.plan.logical.VarianceReductions;
import dev.runnel.runtime.operators.aggregate.functions.AggregateCall;
import dev.runnel.runtime.operators.aggregate.functions.AggregateKind;
import dev.runnel.runtime.types.DataType;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlJsonConstructorNullClause;
import org.apache.calcite.sql.fun.SqlJsonArrayAggAggFunction;
import org.apache.calcite.sql.fun.SqlJsonObjectAggAggFunction;

/**
 * Maps Calcite's aggregate calls onto the runtime's {@link AggregateCall}s, and says which
 * aggregations the runtime cannot run yet: for group aggregates and window aggregates alike.
 */
public final class AggregateCalls {
    private AggregateCalls() {
    }

    /**
     * What about {@code aggregate} is not supported yet (for an error "… is not supported yet"),
     * or {@code null} when the runtime can run it.
     */
    public static String unsupported(Aggregate aggregate) {
        for (org.apache.calcite.rel.core.AggregateCall call : aggregate.getAggCallList()) {
            if (kind(call) == null && !VarianceReductions.reduces(call) && !GroupingSetsRules.isGroupingCall(call)) {
                return "Aggregate function " + call.getAggregation().getName();
            }
            if (!call.getCollation().getFieldCollations().isEmpty()) {
                return "WITHIN GROUP (ORDER BY …) in " + call.getAggregation().getName();
            }
        }
        return null;
    }

    /** The runtime kind of {@code call}, or {@code null} when there is none. */
    public static AggregateKind kind(org.apache.calcite.rel.core.AggregateCall call) {
        return switch (call.getAggregation().getKind()) {
            case COUNT -> call.getArgList().isEmpty() ? AggregateKind.COUNT_STAR : AggregateKind.COUNT;
            case SUM -> AggregateKind.SUM;
            case SUM0 -> AggregateKind.SUM0;
            case AVG -> AggregateKind.AVG;
            case MIN -> AggregateKind.MIN;
            case MAX -> AggregateKind.MAX;
            case FIRST_VALUE -> AggregateKind.FIRST_VALUE;
            case LAST_VALUE -> AggregateKind.LAST_VALUE;
            case LISTAGG -> AggregateKind.LISTAGG;
            case ARRAY_AGG -> call.ignoreNulls() ? AggregateKind.ARRAY_AGG_IGNORE_NULLS : AggregateKind.ARRAY_AGG;
            case COLLECT -> AggregateKind.COLLECT;
            case JSON_ARRAYAGG -> ((SqlJsonArrayAggAggFunction) call.getAggregation()).getNullClause()
                    == SqlJsonConstructorNullClause.NULL_ON_NULL ? AggregateKind.JSON_ARRAYAGG_NULL_ON_NULL
                    : AggregateKind.JSON_ARRAYAGG_ABSENT_ON_NULL;
            case JSON_OBJECTAGG -> ((SqlJsonObjectAggAggFunction) call.getAggregation()).getNullClause()
                    == SqlJsonConstructorNullClause.ABSENT_ON_NULL ? AggregateKind.JSON_OBJECTAGG_ABSENT_ON_NULL
                    : AggregateKind.JSON_OBJECTAGG_NULL_ON_NULL;
            case SINGLE_VALUE -> AggregateKind.SINGLE_VALUE;
            default -> call.getAggregation() == FlinkAggregateFunctions.WELFORD_M2 ? AggregateKind.WELFORD_M2 : null;
        };
    }

    /** The runtime calls of {@code aggregate}, reading fields of its input. */
    public static List<AggregateCall> toRuntime(Aggregate aggregate) {
        return toRuntime(aggregate.getAggCallList(), aggregate.getInput().getRowType());
    }

    /** The runtime calls of {@code aggCalls}, reading fields of {@code input} (also for OVER windows). */
    public static List<AggregateCall> toRuntime(List<org.apache.calcite.rel.core.AggregateCall> aggCalls,
                                                RelDataType input) {
        List<AggregateCall> calls = new ArrayList<>();
        for (org.apache.calcite.rel.core.AggregateCall call : aggCalls) {
            AggregateKind kind = kind(call);
            if (kind == null) {
                throw new IllegalStateException("Aggregate function " + call.getAggregation().getName()
                        + " has no runtime implementation");
            }
            int[] args = call.getArgList().stream().mapToInt(Integer::intValue).toArray();
            List<DataType> argTypes = call.getArgList().stream()
                    .map(i -> TypeConversions.toDataType(input.getFieldList().get(i).getType())).toList();
            calls.add(new AggregateCall(kind, args, argTypes, TypeConversions.toDataType(call.getType()),
                    call.isDistinct(), call.filterArg, call.getName()));
        }
        return calls;
    }

    /** {@code COUNT(DISTINCT b) FILTER c AS n}, with input field names, as plans show calls. */
    static String format(org.apache.calcite.rel.core.AggregateCall call, List<String> inputNames) {
        String args = call.getArgList().isEmpty() ? "*"
                : call.getArgList().stream().map(inputNames::get).collect(Collectors.joining(", "));
        String text = call.getAggregation().getName() + "(" + (call.isDistinct() ? "DISTINCT " : "") + args + ")";
        if (call.filterArg >= 0) {
            text += " FILTER " + inputNames.get(call.filterArg);
        }
        return call.getName() == null ? text : text + " AS " + call.getName();
    }
}
