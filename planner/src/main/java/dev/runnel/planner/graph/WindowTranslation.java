package dev.runnel.planner.graph;

import dev.runnel.planner.catalog.TypeConversions;
import dev.runnel.planner.graph.JobGraphTranslator.VertexBuilder;
import dev.runnel.planner.plan.physical.AggregateCalls;
import dev.runnel.planner.plan.physical.CalcPhysicalRel;
import dev.runnel.planner.plan.physical.GroupAggregateOptions;
import dev.runnel.planner.plan.physical.WindowAggregatePhysicalRel;
import dev.runnel.planner.plan.physical.WindowTableFunctionPhysicalRel;
import dev.runnel.planner.plan.window.WindowAggregates;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.operators.window.LocalWindowAggregateOperatorFactory;
import dev.runnel.runtime.operators.window.SliceAssigner;
import dev.runnel.runtime.operators.window.WindowAggregateOperatorFactory;
import dev.runnel.runtime.operators.window.WindowAggregateOperatorFactory.GroupField;
import dev.runnel.runtime.operators.window.WindowTableFunctionOperatorFactory;
import dev.runnel.runtime.operators.window.WindowTime;
import dev.runnel.runtime.types.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.OptionalInt;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLocalRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.sql.type.SqlTypeName;

/** Translates the windowing rels (window table functions, window aggregates) into operators of the job graph. */
final class WindowTranslation {
    private WindowTranslation() {
    }

    static boolean handles(RelNode rel) {
        return rel instanceof WindowTableFunctionPhysicalRel || rel instanceof WindowAggregatePhysicalRel;
    }

    static List<VertexBuilder> translate(JobGraphTranslator translator, RelNode rel) {
        if (rel instanceof WindowAggregatePhysicalRel aggregate) {
            return translateAggregate(translator, aggregate);
        }
        WindowTableFunctionPhysicalRel tvf = (WindowTableFunctionPhysicalRel) rel;
        List<VertexBuilder> input = translator.visit(tvf.getInput());
        var call = tvf.call();
        WindowTime time = windowTime(translator, tvf.getInput(), call.timeField());
        // Stateless: it chains to its input like a calc.
        boolean slices = translator.appendsSlices(tvf);
        return translator.attach(input, new WindowTableFunctionOperatorFactory(
                tvf.describe() + (slices ? ", slices" : ""), call.assigner(), call.timeField(), time, slices),
                OptionalInt.empty(), new Partitioning.Rebalance());
    }

    /**
     * The window table function under {@code aggregate} when the aggregate can take each row once
     * with its slice instead of once per window (Flink's slicing window aggregation): event-time
     * TUMBLE, HOP or CUMULATE windows, reached through calcs that use the window columns only
     * to pass them on, and an aggregate that uses them only as GROUP BY fields. Else {@code null}.
     */
    private static WindowTableFunctionPhysicalRel slicedWindowFunction(WindowAggregatePhysicalRel aggregate) {
        WindowAggregates.Shape shape = aggregate.shape();
        if (shape.processingTime() || shape.call().assigner().isMerging()) {
            return null;
        }
        BitSet windowFields = new BitSet();
        WindowTableFunctionPhysicalRel tvf = windowColumns(aggregate.getInput(), windowFields);
        if (tvf == null) {
            return null;
        }
        for (AggregateCall call : aggregate.getAggCallList()) {
            if (call.getArgList().stream().anyMatch(windowFields::get) || call.filterArg >= 0 && windowFields.get(call.filterArg)) {
                return null;
            }
        }
        return tvf;
    }

    /**
     * The window table function that {@code rel} reads through calcs, setting in {@code fields}
     * the fields of {@code rel} that are its window columns; {@code null} when there is none or a
     * calc computes with a window column (a slice is not a window).
     */
    private static WindowTableFunctionPhysicalRel windowColumns(RelNode rel, BitSet fields) {
        if (rel instanceof WindowTableFunctionPhysicalRel tvf) {
            int arity = tvf.getInput().getRowType().getFieldCount();
            fields.set(arity, arity + 3); // window_start, window_end, window_time
            return tvf;
        }
        if (!(rel instanceof CalcPhysicalRel calc)) {
            return null;
        }
        BitSet inner = new BitSet();
        WindowTableFunctionPhysicalRel tvf = windowColumns(calc.getInput(), inner);
        if (tvf == null) {
            return null;
        }
        RexProgram program = calc.getProgram();
        if (program.getCondition() != null
                && RelOptUtil.InputFinder.bits(program.expandLocalRef(program.getCondition())).asList().stream()
                        .anyMatch(inner::get)) {
            return null;
        }
        List<RexLocalRef> projects = program.getProjectList();
        for (int i = 0; i < projects.size(); i++) {
            RexNode expression = program.expandLocalRef(projects.get(i));
            if (expression instanceof RexInputRef ref && inner.get(ref.getIndex())) {
                fields.set(i);
            } else if (RelOptUtil.InputFinder.bits(expression).asList().stream().anyMatch(inner::get)) {
                return null;
            }
        }
        return tvf;
    }

    /** A keyed operator behind a HASH exchange on the GROUP BY keys (GLOBAL when there are none). */
    private static List<VertexBuilder> translateAggregate(JobGraphTranslator translator,
                                                          WindowAggregatePhysicalRel aggregate) {
        WindowTableFunctionPhysicalRel sliced = slicedWindowFunction(aggregate);
        List<VertexBuilder> input = sliced == null ? translator.visit(aggregate.getInput())
                : translator.visitSliced(aggregate.getInput(), sliced);
        WindowAggregates.Shape shape = aggregate.shape();
        var inputFields = aggregate.getInput().getRowType().getFieldList();
        List<Integer> keys = new ArrayList<>();
        List<GroupField> outputGroup = new ArrayList<>();
        int i = 0;
        for (int field : aggregate.getGroupSet()) {
            WindowAggregates.Property property = shape.group().get(i++);
            if (property == null) {
                outputGroup.add(GroupField.key(keys.size()));
                keys.add(field);
            } else {
                outputGroup.add(GroupField.WindowProperty.valueOf(property.name()));
            }
        }
        int[] keyFields = keys.stream().mapToInt(Integer::intValue).toArray();
        List<DataType> keyTypes = keys.stream().map(k -> TypeConversions.toDataType(inputFields.get(k).getType())).toList();
        WindowTime time = shape.windowTimeType().getSqlTypeName() == SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE
                ? new WindowTime(translator.zone().getId()) : WindowTime.LOCAL;
        var factory = new WindowAggregateOperatorFactory(aggregate.describe(), keyFields, keyTypes, shape.windowStart(),
                shape.windowEnd(), outputGroup, new AggregatesHandle(AggregateCalls.toRuntime(aggregate), false),
                shape.call().function().equals("SESSION"), time,
                shape.processingTime() ? shape.call().assigner() : null,
                sliced == null ? null : new SliceAssigner(shape.call().assigner()));
        if (sliced == null || !GroupAggregateOptions.twoPhase(translator.configuration())) {
            return translator.attachKeyed(List.of(input), factory, List.of(keyFields));
        }
        // Two phases (Flink's LocalWindowAggregate and GlobalWindowAggregate): partial accumulators
        // per key and slice before the shuffle, chained to the input; one partial row per key and
        // slice crosses it instead of every row.
        var local = new LocalWindowAggregateOperatorFactory("Local" + aggregate.describe(), keyFields, keyTypes,
                shape.windowEnd(), factory.aggregates(), factory.slices(), time);
        List<VertexBuilder> partial = translator.attach(input, local, OptionalInt.empty(), new Partitioning.Rebalance());
        partial.forEach(vertex -> vertex.outputType = local.outputType());
        int[] partialKeys = new int[keyFields.length];
        Arrays.setAll(partialKeys, k -> k);
        return translator.attachKeyed(List.of(partial), local.global("Global" + aggregate.describe(), factory),
                List.of(partialKeys));
    }

    /** A TIMESTAMP_LTZ time column is windowed in the session time zone (as Flink does). */
    private static WindowTime windowTime(JobGraphTranslator translator, RelNode input, int timeField) {
        SqlTypeName type = input.getRowType().getFieldList().get(timeField).getType().getSqlTypeName();
        return type == SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE ? new WindowTime(translator.zone().getId())
                : WindowTime.LOCAL;
    }
}
