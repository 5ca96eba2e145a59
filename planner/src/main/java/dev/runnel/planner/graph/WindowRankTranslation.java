package dev.runnel.planner.graph;

import dev.runnel.planner.catalog.TypeConversions;
import dev.runnel.planner.graph.JobGraphTranslator.VertexBuilder;
import dev.runnel.planner.plan.logical.RankSpec;
import dev.runnel.planner.plan.physical.WindowRankPhysicalRel;
import dev.runnel.runtime.operators.rank.WindowTopNOperatorFactory;
import dev.runnel.runtime.types.DataType;
import java.util.List;
import org.apache.calcite.rel.RelNode;

/**
 * Translates window Top-N and window deduplication into a keyed {@code WindowTopNOperator}
 * behind a HASH exchange on the partition key (which includes the window).
 */
final class WindowRankTranslation {
    private WindowRankTranslation() {
    }

    static boolean handles(RelNode rel) {
        return rel instanceof WindowRankPhysicalRel;
    }

    static List<VertexBuilder> translate(JobGraphTranslator translator, RelNode rel) {
        WindowRankPhysicalRel rank = (WindowRankPhysicalRel) rel;
        List<DataType> inputTypes = rank.getInput().getRowType().getFieldList().stream()
                .map(f -> TypeConversions.toDataType(f.getType())).toList();
        RankSpec spec = rank.spec();
        int[] key = spec.partitionKey().toArray();
        var operator = new WindowTopNOperatorFactory(rank.describe(), key, rank.windowEndField(), inputTypes,
                RankTranslation.comparator(spec), Math.toIntExact(spec.rankEnd()), rank.keepLastRow(),
                spec.outputRankNumber());
        return translator.attachKeyed(List.of(translator.visit(rank.getInput())), operator, List.of(key));
    }
}
