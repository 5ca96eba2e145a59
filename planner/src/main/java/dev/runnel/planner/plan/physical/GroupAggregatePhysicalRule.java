package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.window.WindowAggregates;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.logical.LogicalAggregate;

/** Converts a {@link LogicalAggregate} with a simple group (no grouping sets, no window) into a {@link GroupAggregatePhysicalRel}. */
public final class GroupAggregatePhysicalRule extends ConverterRule {
    public static final GroupAggregatePhysicalRule INSTANCE = Config.INSTANCE
            .withConversion(LogicalAggregate.class, (LogicalAggregate a) -> AggregateCalls.unsupported(a) == null
                            // A GROUP BY window_start, window_end over a window TVF is a window aggregate.
                            && WindowAggregates.shape(a) == null,
                    Convention.NONE, RunnelConvention.INSTANCE, "GroupAggregatePhysicalRule")
            .withRuleFactory(GroupAggregatePhysicalRule::new)
            .toRule(GroupAggregatePhysicalRule.class);

    private GroupAggregatePhysicalRule(Config config) {
        super(config);
    }

    @Override
    public RelNode convert(RelNode rel) {
        LogicalAggregate aggregate = (LogicalAggregate) rel;
        RelNode input = convert(aggregate.getInput(), aggregate.getInput().getTraitSet().replace(RunnelConvention.INSTANCE));
        return new GroupAggregatePhysicalRel(aggregate.getCluster(), aggregate.getTraitSet().replace(RunnelConvention.INSTANCE),
                input, aggregate.getGroupSet(), aggregate.getAggCallList(), null);
    }
}
