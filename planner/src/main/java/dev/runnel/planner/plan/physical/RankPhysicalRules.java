package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.TimeAttributes;
import dev.runnel.planner.plan.logical.RankLogicalRel;
import dev.runnel.planner.plan.logical.RankSpec;
import dev.runnel.runtime.operators.rank.RankType;
import java.util.Optional;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;

/**
 * Converts a {@link RankLogicalRel} into a deduplication when Flink would (the first row by a
 * time attribute, without the row number), else into a Top-N.
 */
public final class RankPhysicalRules {
    private RankPhysicalRules() {
    }

    public static final ConverterRule RANK = ConverterRule.Config.INSTANCE
            .withConversion(RankLogicalRel.class, Convention.NONE, RunnelConvention.INSTANCE, "RankPhysicalRule")
            .withRuleFactory(RankPhysicalRule::new)
            .toRule(ConverterRule.class);

    static final class RankPhysicalRule extends ConverterRule {
        RankPhysicalRule(Config config) {
            super(config);
        }

        @Override
        public RelNode convert(RelNode rel) {
            RankLogicalRel rank = (RankLogicalRel) rel;
            RankSpec spec = rank.spec();
            RelNode input = ConverterRule.convert(rank.getInput(),
                    rank.getInput().getTraitSet().replace(RunnelConvention.INSTANCE));
            var traits = rank.getTraitSet().replace(RunnelConvention.INSTANCE);
            boolean firstRowOnly = spec.rankType() == RankType.ROW_NUMBER && spec.rankStart() == 1 && spec.rankEnd() == 1
                    && !spec.outputRankNumber() && spec.order().getFieldCollations().size() == 1;
            if (firstRowOnly) {
                RelFieldCollation order = spec.order().getFieldCollations().get(0);
                Optional<TimeAttributes.Kind> time = TimeAttributes.of(rank.getInput(), order.getFieldIndex());
                if (time.isPresent()) {
                    return new DeduplicatePhysicalRel(rank.getCluster(), traits, input, spec.partitionKey(),
                            order.direction.isDescending(), order.getFieldIndex(), time.get() == TimeAttributes.Kind.ROWTIME);
                }
            }
            return new RankPhysicalRel(rank.getCluster(), traits, input, spec);
        }
    }
}
