package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.logical.ReplicateRowsLogicalRel;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;

/**
 * The physical rules of what {@code INTERSECT ALL} and {@code EXCEPT ALL} become (the other
 * parts of their plans, and of {@code INTERSECT}/{@code EXCEPT}, are unions, aggregates, calcs
 * and semi/anti joins with their own rules).
 */
public final class SetOpPhysicalRules {
    private SetOpPhysicalRules() {
    }

    public static final ConverterRule REPLICATE_ROWS = ConverterRule.Config.INSTANCE
            .withConversion(ReplicateRowsLogicalRel.class, Convention.NONE, RunnelConvention.INSTANCE,
                    "ReplicateRowsPhysicalRule")
            .withRuleFactory(ReplicateRowsRule::new)
            .toRule(ConverterRule.class);

    static final class ReplicateRowsRule extends ConverterRule {
        ReplicateRowsRule(Config config) {
            super(config);
        }

        @Override
        public RelNode convert(RelNode rel) {
            ReplicateRowsLogicalRel replicate = (ReplicateRowsLogicalRel) rel;
            RelNode input = replicate.getInput();
            return new ReplicateRowsPhysicalRel(replicate.getCluster(),
                    replicate.getTraitSet().replace(RunnelConvention.INSTANCE),
                    ConverterRule.convert(input, input.getTraitSet().replace(RunnelConvention.INSTANCE)));
        }
    }
}
