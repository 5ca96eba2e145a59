package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.logical.RankSpec;
import dev.runnel.planner.plan.logical.WindowRankLogicalRel;
import dev.runnel.planner.plan.logical.WindowRankRules;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;

/**
 * Converts a {@link WindowRankLogicalRel} into a {@link WindowRankPhysicalRel}: a window
 * deduplication when it keeps one row ordered by a rowtime attribute, else a window Top-N.
 */
public final class WindowRankPhysicalRules {
    private WindowRankPhysicalRules() {
    }

    public static final ConverterRule WINDOW_RANK = ConverterRule.Config.INSTANCE
            .withConversion(WindowRankLogicalRel.class, Convention.NONE, RunnelConvention.INSTANCE,
                    "WindowRankPhysicalRule")
            .withRuleFactory(WindowRankPhysicalRule::new)
            .toRule(ConverterRule.class);

    static final class WindowRankPhysicalRule extends ConverterRule {
        WindowRankPhysicalRule(Config config) {
            super(config);
        }

        @Override
        public RelNode convert(RelNode rel) {
            WindowRankLogicalRel rank = (WindowRankLogicalRel) rel;
            RankSpec spec = rank.spec();
            RelNode input = ConverterRule.convert(rank.getInput(),
                    rank.getInput().getTraitSet().replace(RunnelConvention.INSTANCE));
            boolean deduplicate = spec.rankEnd() == 1 && spec.order().getFieldCollations().size() == 1
                    && WindowRankRules.isRowtime(rank.getInput(), spec.order().getFieldCollations().get(0).getFieldIndex());
            return new WindowRankPhysicalRel(rank.getCluster(), rank.getTraitSet().replace(RunnelConvention.INSTANCE),
                    input, spec, rank.windowEndField(), deduplicate);
        }
    }
}
