package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.logical.UnnestLogicalRel;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;

/** The rule that plans {@code UNNEST} ({@link UnnestLogicalRel}) as a {@link CorrelatePhysicalRel}. */
public final class CorrelatePhysicalRules {
    private CorrelatePhysicalRules() {
    }

    public static final ConverterRule CORRELATE = ConverterRule.Config.INSTANCE
            .withConversion(UnnestLogicalRel.class, Convention.NONE, RunnelConvention.INSTANCE,
                    "CorrelatePhysicalRule")
            .withRuleFactory(CorrelateRule::new)
            .toRule(ConverterRule.class);

    static final class CorrelateRule extends ConverterRule {
        CorrelateRule(Config config) {
            super(config);
        }

        @Override
        public RelNode convert(RelNode rel) {
            UnnestLogicalRel unnest = (UnnestLogicalRel) rel;
            RelNode input = convert(unnest.getInput(), unnest.getInput().getTraitSet().replace(RunnelConvention.INSTANCE));
            return CorrelatePhysicalRel.of(unnest, unnest.getTraitSet().replace(RunnelConvention.INSTANCE), input);
        }
    }
}
