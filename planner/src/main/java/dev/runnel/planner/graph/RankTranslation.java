package dev.runnel.planner.graph;

import dev.runnel.planner.catalog.TypeConversions;
import dev.runnel.planner.graph.JobGraphTranslator.VertexBuilder;
import dev.runnel.planner.plan.logical.RankSpec;
import dev.runnel.planner.plan.physical.ChangelogNormalizePhysicalRel;
import dev.runnel.planner.plan.physical.DeduplicatePhysicalRel;
import dev.runnel.planner.plan.physical.RankPhysicalRel;
import dev.runnel.planner.plan.physical.SortLimitPhysicalRel;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.operators.rank.ChangelogNormalizeOperatorFactory;
import dev.runnel.runtime.operators.rank.DeduplicateOperatorFactory;
import dev.runnel.runtime.operators.rank.SortKeyComparator;
import dev.runnel.runtime.operators.rank.TopNBuffer;
import dev.runnel.runtime.operators.rank.TopNOperatorFactory;
import dev.runnel.runtime.types.DataType;
import java.util.List;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;

/**
 * Translates Top-N, deduplication and changelog normalization into keyed operators: each runs behind a HASH exchange on
 * its partition key, or with parallelism 1 when there is none.
 */
final class RankTranslation {
    private RankTranslation() {
    }

    static boolean handles(RelNode rel) {
        return rel instanceof RankPhysicalRel || rel instanceof DeduplicatePhysicalRel || rel instanceof SortLimitPhysicalRel
                || rel instanceof ChangelogNormalizePhysicalRel;
    }

    static List<VertexBuilder> translate(JobGraphTranslator translator, RelNode rel) {
        RelNode input = rel.getInput(0);
        List<DataType> inputTypes = input.getRowType().getFieldList().stream()
                .map(f -> TypeConversions.toDataType(f.getType())).toList();
        int[] key;
        OperatorFactory operator;
        if (rel instanceof RankPhysicalRel rank) {
            RankSpec spec = rank.spec();
            key = spec.partitionKey().toArray();
            operator = new TopNOperatorFactory(rank.describe(), key, inputTypes, topN(spec), rank.inputRetracts());
        } else if (rel instanceof SortLimitPhysicalRel limit) {
            key = new int[0];
            operator = new TopNOperatorFactory(limit.describe(), key, inputTypes, topN(limit.spec()),
                    limit.inputRetracts());
        } else if (rel instanceof ChangelogNormalizePhysicalRel normalize) {
            key = normalize.key().toArray();
            operator = new ChangelogNormalizeOperatorFactory(normalize.describe(), key, inputTypes);
        } else {
            DeduplicatePhysicalRel dedup = (DeduplicatePhysicalRel) rel;
            key = dedup.key().toArray();
            operator = new DeduplicateOperatorFactory(dedup.describe(), key, inputTypes, dedup.keepLastRow(),
                    dedup.rowtime() ? dedup.orderField() : -1);
        }
        return translator.attachKeyed(List.of(translator.visit(input)), operator, List.of(key));
    }

    private static TopNBuffer topN(RankSpec spec) {
        return new TopNBuffer(comparator(spec.order()), spec.rankType(), spec.rankStart(), spec.rankEnd(),
                spec.outputRankNumber());
    }

    static SortKeyComparator comparator(RankSpec spec) {
        return comparator(spec.order());
    }

    /** The runtime comparator of {@code order}, with Flink's default NULL order where none is written. */
    static SortKeyComparator comparator(RelCollation order) {
        List<RelFieldCollation> fields = order.getFieldCollations();
        int[] indexes = new int[fields.size()];
        boolean[] ascending = new boolean[fields.size()];
        boolean[] nullsFirst = new boolean[fields.size()];
        for (int i = 0; i < indexes.length; i++) {
            indexes[i] = fields.get(i).getFieldIndex();
            ascending[i] = !fields.get(i).direction.isDescending();
            nullsFirst[i] = RankSpec.nullsFirst(fields.get(i));
        }
        return new SortKeyComparator(indexes, ascending, nullsFirst);
    }
}
