package dev.runnel.planner.plan.window;

import dev.runnel.planner.plan.TimeAttributes;
import dev.runnel.planner.plan.logical.ExpandLogicalRel;
import dev.runnel.planner.plan.physical.AggregateCalls;
import dev.runnel.planner.plan.physical.WindowJoinSpec;
import dev.runnel.planner.session.SqlExecutionException;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.volcano.RelSubset;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Calc;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.TableFunctionScan;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;

/**
 * Recognizes a window aggregation: an {@link Aggregate} whose GROUP BY holds the
 * {@code window_start} and {@code window_end} of one windowing table function (passed through
 * projections unchanged), as Flink requires. Such an aggregate becomes a window aggregate
 * operator instead of a (updating) group aggregate.
 */
public final class WindowAggregates {
    private WindowAggregates() {
    }

    /** A window property of the windowing function, read through projections. */
    public enum Property { START, END, TIME }

    /**
     * Where a field of an aggregate's input comes from: a window property of {@code tvf}, or
     * {@code null} property for anything else.
     */
    private record Origin(TableFunctionScan tvf, Property property, int inputField) {
    }

    /** The window shape of {@code aggregate}, or {@code null} when it is not a window aggregation. */
    public static Shape shape(Aggregate aggregate) {
        if (aggregate.getGroupType() != Aggregate.Group.SIMPLE) {
            return null;
        }
        TableFunctionScan tvf = null;
        int start = -1;
        int end = -1;
        List<Property> group = new ArrayList<>();
        List<Origin> keys = new ArrayList<>();
        for (int field : aggregate.getGroupSet()) {
            Origin origin = origin(aggregate.getInput(), field);
            if (origin == null || origin.property == null) {
                group.add(null);
                keys.add(origin);
                continue;
            }
            if (tvf != null && tvf != origin.tvf) {
                return null;
            }
            tvf = origin.tvf;
            group.add(origin.property);
            if (origin.property == Property.START) {
                start = field;
            } else if (origin.property == Property.END) {
                end = field;
            }
        }
        if (start < 0 || end < 0) {
            return null;
        }
        WindowTableFunctionCall call = WindowTableFunctionCall.of(tvf);
        if (call.function().equals("SESSION")) {
            // Sessions are per partition key: the GROUP BY keys must be exactly those (Flink requires it too).
            List<Integer> keyFields = new ArrayList<>();
            for (Origin key : keys) {
                if (key == null || key.tvf != tvf) {
                    return null;
                }
                keyFields.add(key.inputField);
            }
            if (!new java.util.HashSet<>(keyFields).equals(new java.util.HashSet<>(call.partitionKeys()))) {
                return null;
            }
        }
        boolean processingTime = TimeAttributes.isProctime(tvf.getInputs().get(0), call.timeField());
        return new Shape(call, start, end, group, windowTimeType(tvf), processingTime);
    }

    /**
     * Whether field {@code field} of {@code rel}, a window column, comes from a window table function
     * over a processing-time attribute.
     */
    public static boolean isProcessingTimeWindow(RelNode rel, int field) {
        Origin origin = origin(rel, field);
        return origin != null && TimeAttributes.isProctime(origin.tvf.getInputs().get(0),
                WindowTableFunctionCall.of(origin.tvf).timeField());
    }

    /**
     * Fails unless every SESSION windowing function in {@code root} feeds a window aggregation:
     * a session's end depends on later rows, so the function cannot run on its own yet.
     */
    public static void checkSessionsAggregated(RelNode root) {
        checkSessions(root, false);
    }

    private static void checkSessions(RelNode rel, boolean aggregated) {
        if (rel instanceof TableFunctionScan tvf && WindowTableFunctionCall.isWindowing(tvf)
                && WindowTableFunctionCall.of(tvf).function().equals("SESSION") && !aggregated) {
            throw new SqlExecutionException("The SESSION window table function outside a window aggregation (GROUP BY"
                    + " its partition keys, window_start and window_end) is not supported yet");
        }
        boolean passOn = rel instanceof Aggregate aggregate ? shape(aggregate) != null
                : aggregated && (rel instanceof Project || rel instanceof Calc || rel instanceof Filter);
        for (RelNode input : rel.getInputs()) {
            checkSessions(input, passOn);
        }
    }

    /**
     * A window aggregation.
     *
     * @param windowStart the aggregate input's field holding {@code window_start}
     * @param windowEnd the aggregate input's field holding {@code window_end}
     * @param group per GROUP BY field (in field order): its window property, or {@code null} for a key
     * @param windowTimeType the SQL type name of {@code window_time} (TIMESTAMP or TIMESTAMP_LTZ)
     * @param processingTime whether the windows are over a {@code PROCTIME()} attribute
     */
    public record Shape(WindowTableFunctionCall call, int windowStart, int windowEnd, List<Property> group,
                        RelDataType windowTimeType, boolean processingTime) {
    }

    /**
     * What about the window aggregation {@code aggregate} is not supported yet (for "… is not
     * supported yet"), or {@code null}.
     */
    public static String unsupported(Aggregate aggregate) {
        // The window operator has no distinct views of its input yet, unlike the group aggregate.
        if (aggregate.getAggCallList().stream().anyMatch(org.apache.calcite.rel.core.AggregateCall::isDistinct)) {
            return "DISTINCT in a window aggregation";
        }
        String common = AggregateCalls.unsupported(aggregate);
        return common == null ? null : common + " in a window aggregation";
    }

    private static RelDataType windowTimeType(TableFunctionScan tvf) {
        List<org.apache.calcite.rel.type.RelDataTypeField> fields = tvf.getRowType().getFieldList();
        return fields.get(fields.size() - 1).getType();
    }

    /**
     * Where field {@code field} of a window join comes from: the window columns of a side that is
     * never padded, as in Flink. Both sides' windows are the same in each joined row, so when the
     * left side is never padded a right window column stands for the left one: a GROUP BY may mix
     * them.
     */
    private static Origin throughWindowJoin(Join join, int field) {
        var input = WindowJoins.preservedInputField(join, field);
        if (input.isEmpty()) {
            return null;
        }
        Origin origin = origin(join.getInput(input.get().input()), input.get().field());
        if (origin != null && origin.property != null && input.get().input() == 1 && WindowJoins.leftPreserved(join)) {
            Origin left = origin(join.getLeft(), WindowJoinSpec.of(join).orElseThrow().leftWindowStart());
            return left == null ? null : new Origin(left.tvf, origin.property, -1);
        }
        return origin;
    }

    /**
     * Follows {@code field} of {@code rel} down through plain projections, filters, the window
     * bounds of window aggregates and window joins to a windowing function's window column.
     */
    private static Origin origin(RelNode rel, int field) {
        if (rel instanceof RelSubset subset) {
            return origin(subset.getOriginal(), field);
        }
        if (rel instanceof TableFunctionScan tvf && WindowTableFunctionCall.isWindowing(tvf)) {
            int inputArity = tvf.getInputs().get(0).getRowType().getFieldCount();
            return switch (field - inputArity) {
                case 0 -> new Origin(tvf, Property.START, -1);
                case 1 -> new Origin(tvf, Property.END, -1);
                case 2 -> new Origin(tvf, Property.TIME, -1);
                default -> new Origin(tvf, null, field);
            };
        }
        if (rel instanceof Filter) {
            return origin(rel.getInput(0), field);
        }
        if (rel instanceof Join join) {
            return throughWindowJoin(join, field);
        }
        if (rel instanceof ExpandLogicalRel expand) {
            // grouping sets: the window bounds are in every set, so every projection forwards them
            int source = ExpandLogicalRel.forwardedField(expand.projects(), field);
            return source < 0 ? null : origin(expand.getInput(), source);
        }
        if (rel instanceof Aggregate inner && field < inner.getGroupCount() && shape(inner) != null) {
            // a window aggregate passes its window bounds on: an aggregate grouped by them again is a
            // window aggregate over the same windows (Flink's cascading window aggregation)
            Origin bound = origin(inner.getInput(), inner.getGroupSet().asList().get(field));
            return bound != null && (bound.property == Property.START || bound.property == Property.END) ? bound : null;
        }
        RexNode expression;
        if (rel instanceof Project project) {
            expression = project.getProjects().get(field);
        } else if (rel instanceof Calc calc) {
            expression = calc.getProgram().expandLocalRef(calc.getProgram().getProjectList().get(field));
        } else {
            return null;
        }
        return expression instanceof RexInputRef ref ? origin(rel.getInput(0), ref.getIndex()) : null;
    }
}
