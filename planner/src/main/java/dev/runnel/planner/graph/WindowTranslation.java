package dev.runnel.planner.graph;

import dev.runnel.planner.graph.JobGraphTranslator.VertexBuilder;
import dev.runnel.planner.catalog.TypeConversions;
import dev.runnel.planner.plan.physical.AggregateCalls;
import dev.runnel.planner.plan.physical.WindowAggregatePhysicalRel;
import dev.runnel.planner.plan.physical.WindowTableFunctionPhysicalRel;
import dev.runnel.planner.plan.window.WindowAggregates;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.operators.window.WindowAggregateOperatorFactory;
import dev.runnel.runtime.operators.window.WindowAggregateOperatorFactory.GroupField;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.operators.window.WindowTableFunctionOperatorFactory;
import dev.runnel.runtime.operators.window.WindowTime;
import dev.runnel.runtime.types.DataType;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.apache.calcite.rel.RelNode;
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
        return translator.attach(input, new WindowTableFunctionOperatorFactory(tvf.describe(), call.assigner(),
                call.timeField(), time), OptionalInt.empty(), new Partitioning.Rebalance());
    }

    /** A keyed operator behind a HASH exchange on the GROUP BY keys (GLOBAL when there are none). */
    private static List<VertexBuilder> translateAggregate(JobGraphTranslator translator,
                                                          WindowAggregatePhysicalRel aggregate) {
        List<VertexBuilder> input = translator.visit(aggregate.getInput());
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
                shape.processingTime() ? shape.call().assigner() : null);
        return translator.attachKeyed(List.of(input), factory, List.of(keyFields));
    }

    /** A TIMESTAMP_LTZ time column is windowed in the session time zone (as Flink does). */
    private static WindowTime windowTime(JobGraphTranslator translator, RelNode input, int timeField) {
        SqlTypeName type = input.getRowType().getFieldList().get(timeField).getType().getSqlTypeName();
        return type == SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE ? new WindowTime(translator.zone().getId())
                : WindowTime.LOCAL;
    }
}
