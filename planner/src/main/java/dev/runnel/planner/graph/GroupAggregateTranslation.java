package dev.runnel.planner.graph;

import dev.runnel.planner.catalog.TypeConversions;
import dev.runnel.planner.plan.physical.AggregateCalls;
import dev.runnel.planner.plan.physical.GroupAggregatePhysicalRel;
import dev.runnel.runtime.operators.aggregate.GroupAggregateOperatorFactory;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.types.DataType;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;

/**
 * Translates a {@link GroupAggregatePhysicalRel} into a {@link GroupAggregateOperatorFactory} at
 * the head of a new vertex, fed by HASH edges on the group key (one GLOBAL edge at parallelism
 * 1 for an aggregate without GROUP BY).
 */
final class GroupAggregateTranslation {
    private GroupAggregateTranslation() {
    }

    static List<JobGraphTranslator.VertexBuilder> translate(JobGraphTranslator translator,
                                                            GroupAggregatePhysicalRel aggregate) {
        List<JobGraphTranslator.VertexBuilder> input = translator.visit(aggregate.getInput());
        int[] keys = aggregate.getGroupSet().toArray();
        RelDataType inputType = aggregate.getInput().getRowType();
        List<DataType> keyTypes = aggregate.getGroupSet().asList().stream()
                .map(i -> TypeConversions.toDataType(inputType.getFieldList().get(i).getType())).toList();
        AggregatesHandle handle = new AggregatesHandle(AggregateCalls.toRuntime(aggregate), aggregate.inputRetracts());
        GroupAggregateOperatorFactory factory = new GroupAggregateOperatorFactory(aggregate.describe(), keys, keyTypes,
                handle, aggregate.miniBatch());
        return translator.attachKeyed(List.of(input), factory, List.of(keys));
    }
}
