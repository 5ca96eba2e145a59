package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.logical.ExpandLogicalRel;
import java.util.List;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;

/** Converts the Expand of grouping sets into its physical rel. */
public final class ExpandPhysicalRules {
    private ExpandPhysicalRules() {
    }

    public static final ConverterRule EXPAND = ConverterRule.Config.INSTANCE
            .withConversion(ExpandLogicalRel.class, Convention.NONE, RunnelConvention.INSTANCE, "ExpandPhysicalRule")
            .withRuleFactory(ExpandPhysicalRule::new)
            .toRule(ConverterRule.class);

    public static final List<RelOptRule> ALL = List.of(EXPAND);

    static final class ExpandPhysicalRule extends ConverterRule {
        ExpandPhysicalRule(Config config) {
            super(config);
        }

        @Override
        public RelNode convert(RelNode rel) {
            ExpandLogicalRel expand = (ExpandLogicalRel) rel;
            RelNode input = ConverterRule.convert(expand.getInput(),
                    expand.getInput().getTraitSet().replace(RunnelConvention.INSTANCE));
            return new ExpandPhysicalRel(expand.getCluster(), expand.getTraitSet().replace(RunnelConvention.INSTANCE),
                    input, expand.projects(), expand.fieldNames());
        }
    }
}
