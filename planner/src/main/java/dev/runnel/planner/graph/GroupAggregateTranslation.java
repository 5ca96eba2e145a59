package dev.runnel.planner.graph;

import dev.runnel.planner.catalog.TypeConversions;
import dev.runnel.planner.plan.physical.AggregateCalls;
import dev.runnel.planner.plan.physical.GroupAggregatePhysicalRel;
import dev.runnel.planner.plan.physical.GroupAggregateOptions;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.operators.aggregate.GroupAggregateOperatorFactory;
import dev.runnel.runtime.operators.aggregate.LocalGroupAggregateOperatorFactory;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.types.DataType;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;
import org.apache.calcite.rel.type.RelDataType;

/**
 * Translates a {@link GroupAggregatePhysicalRel} into a {@link GroupAggregateOperatorFactory} at
 * the head of a new vertex, fed by HASH edges on the group key (one GLOBAL edge at parallelism
 * 1 for an aggregate without GROUP BY); with mini-batch and {@code table.optimizer.agg-phase-strategy}
 * other than {@code ONE_PHASE}, into a local phase chained to the input and a global phase
 * behind the shuffle, where its calls allow it.
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
        if (aggregate.miniBatch() == null || !GroupAggregateOptions.twoPhase(translator.configuration())
                || !LocalGroupAggregateOperatorFactory.supports(handle)
                // A retraction must meet the row it takes back in the same local subtask (partial
                // counts never go below zero): only where the local phase chains to its one input.
                || handle.withRetraction() && (input.size() != 1 || input.get(0).shared)) {
            return translator.attachKeyed(List.of(input), factory, List.of(keys));
        }
        // Two phases (Flink's LocalGroupAggregate and GlobalGroupAggregate, only with mini-batch,
        // as in Flink): partial accumulators per key for one mini-batch, chained to the input, so
        // that one partial row per key and mini-batch crosses the shuffle instead of every row.
        var local = new LocalGroupAggregateOperatorFactory(aggregate.describe("LocalGroupAggregate"), keys, keyTypes, handle,
                aggregate.miniBatch());
        List<JobGraphTranslator.VertexBuilder> partial = translator.attach(input, local, OptionalInt.empty(),
                new Partitioning.Rebalance());
        partial.forEach(vertex -> vertex.outputType = local.outputType());
        int[] partialKeys = new int[keys.length];
        Arrays.setAll(partialKeys, k -> k);
        return translator.attachKeyed(List.of(partial), local.global(aggregate.describe("GlobalGroupAggregate")),
                List.of(partialKeys));
    }
}
