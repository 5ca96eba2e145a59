package dev.runnel.planner.graph;

import dev.runnel.planner.catalog.TypeConversions;
import dev.runnel.planner.graph.JobGraphTranslator.VertexBuilder;
import dev.runnel.planner.plan.physical.AggregateCalls;
import dev.runnel.planner.plan.physical.ChangelogMode;
import dev.runnel.planner.plan.physical.OverAggregatePhysicalRel;
import dev.runnel.planner.plan.physical.PhysicalRel;
import dev.runnel.planner.session.SqlExecutionException;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.operators.over.OverAggregateOperatorFactory;
import dev.runnel.runtime.types.DataType;
import java.util.List;
import org.apache.calcite.rel.RelNode;

/**
 * Translates an OVER aggregation into a keyed operator behind a HASH exchange on its partition
 * key (parallelism 1 without PARTITION BY). Its input must be append-only, as in Flink.
 */
final class OverAggregateTranslation {
    private OverAggregateTranslation() {
    }

    static List<VertexBuilder> translate(JobGraphTranslator translator, OverAggregatePhysicalRel over) {
        RelNode input = over.getInput();
        ChangelogMode mode = ((PhysicalRel) input).changelogMode();
        if (!mode.isInsertOnly()) {
            throw new SqlExecutionException("The input of an OVER aggregation must be append-only, but it updates"
                    + " earlier rows (" + mode + "): " + over.describe());
        }
        List<DataType> inputTypes = input.getRowType().getFieldList().stream()
                .map(f -> TypeConversions.toDataType(f.getType())).toList();
        int[] key = over.group().keys.toArray();
        AggregatesHandle aggregates = new AggregatesHandle(
                AggregateCalls.toRuntime(over.aggregateCalls(), input.getRowType()), false);
        int orderField = over.processingTime() ? OverAggregateOperatorFactory.PROCESSING_TIME : over.orderField();
        var operator = new OverAggregateOperatorFactory(over.describe(), key, inputTypes, orderField,
                over.group().isRows, over.preceding(), aggregates);
        return translator.attachKeyed(List.of(translator.visit(input)), operator, List.of(key));
    }
}
