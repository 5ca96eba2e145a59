package dev.runnel.planner.plan.physical;

import org.apache.calcite.plan.Convention;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.logical.LogicalJoin;

/**
 * Turns a join of two windowed inputs on both window bounds ({@link WindowJoinSpec}) into a
 * {@link WindowJoinPhysicalRel}; the regular and interval join rules leave those joins alone.
 */
public final class WindowJoinPhysicalRules {
    private WindowJoinPhysicalRules() {
    }

    public static final ConverterRule WINDOW_JOIN = ConverterRule.Config.INSTANCE
            .withConversion(LogicalJoin.class, JoinPhysicalRules::isWindowJoin, Convention.NONE,
                    RunnelConvention.INSTANCE, "WindowJoinPhysicalRule")
            .withRuleFactory(WindowJoinRule::new)
            .toRule(ConverterRule.class);

    static final class WindowJoinRule extends ConverterRule {
        WindowJoinRule(Config config) {
            super(config);
        }

        @Override
        public RelNode convert(RelNode rel) {
            LogicalJoin join = (LogicalJoin) rel;
            return new WindowJoinPhysicalRel(join.getCluster(), join.getTraitSet().replace(RunnelConvention.INSTANCE),
                    JoinPhysicalRules.physical(join.getLeft()), JoinPhysicalRules.physical(join.getRight()),
                    join.getCondition(), join.getJoinType(), WindowJoinSpec.of(join).orElseThrow());
        }
    }
}
