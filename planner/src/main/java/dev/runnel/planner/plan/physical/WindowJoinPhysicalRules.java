package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.PlanningException;
import dev.runnel.planner.plan.window.WindowAggregates;
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
            WindowJoinSpec spec = WindowJoinSpec.of(join).orElseThrow();
            if (WindowAggregates.isProcessingTimeWindow(join.getLeft(), spec.leftWindowStart())
                    || WindowAggregates.isProcessingTimeWindow(join.getRight(), spec.rightWindowStart())) {
                // The window join waits for the watermark; Flink has no processing-time variant either.
                throw PlanningException.atJoin("Processing time Window Join is not supported yet.");
            }
            return new WindowJoinPhysicalRel(join.getCluster(), join.getTraitSet().replace(RunnelConvention.INSTANCE),
                    JoinPhysicalRules.physical(join.getLeft()), JoinPhysicalRules.physical(join.getRight()),
                    join.getCondition(), join.getJoinType(), spec);
        }
    }
}
