package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.window.WindowAggregates;
import dev.runnel.planner.plan.window.WindowTableFunctionCall;
import java.util.List;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.volcano.RelSubset;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.core.Exchange;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.logical.LogicalTableFunctionScan;

/** The physical rules of windowing: window table functions (and, later, window aggregates, Top-N, joins). */
public final class WindowPhysicalRules {
    private WindowPhysicalRules() {
    }

    public static final ConverterRule WINDOW_TABLE_FUNCTION = ConverterRule.Config.INSTANCE
            .withConversion(LogicalTableFunctionScan.class, WindowTableFunctionCall::isWindowing, Convention.NONE,
                    RunnelConvention.INSTANCE, "WindowTableFunctionPhysicalRule")
            .withRuleFactory(WindowTableFunctionPhysicalRule::new)
            .toRule(ConverterRule.class);

    public static final ConverterRule WINDOW_AGGREGATE = ConverterRule.Config.INSTANCE
            .withConversion(LogicalAggregate.class, (LogicalAggregate a) -> WindowAggregates.shape(a) != null,
                    Convention.NONE, RunnelConvention.INSTANCE, "WindowAggregatePhysicalRule")
            .withRuleFactory(WindowAggregatePhysicalRule::new)
            .toRule(ConverterRule.class);

    public static final List<RelOptRule> ALL = List.of(WINDOW_TABLE_FUNCTION, WINDOW_AGGREGATE);

    /** A window table function whose windows nothing aggregates: rows get their windows appended. */
    static final class WindowTableFunctionPhysicalRule extends ConverterRule {
        WindowTableFunctionPhysicalRule(Config config) {
            super(config);
        }

        @Override
        public RelNode convert(RelNode rel) {
            LogicalTableFunctionScan scan = (LogicalTableFunctionScan) rel;
            WindowTableFunctionCall call = WindowTableFunctionCall.of(scan);
            RelNode input = scan.getInputs().get(0);
            // SESSION's TABLE t PARTITION BY k arrives as an exchange by k; the window aggregate above
            // exchanges by its keys (the same ones) anyway.
            if ((input instanceof RelSubset subset ? subset.getOriginal() : input) instanceof Exchange exchange) {
                input = exchange.getInput();
            }
            return new WindowTableFunctionPhysicalRel(scan.getCluster(), scan.getTraitSet().replace(RunnelConvention.INSTANCE),
                    convert(input, input.getTraitSet().replace(RunnelConvention.INSTANCE)), call, scan.getRowType());
        }
    }

    /** GROUP BY window_start, window_end[, keys] over a windowing table function. */
    static final class WindowAggregatePhysicalRule extends ConverterRule {
        WindowAggregatePhysicalRule(Config config) {
            super(config);
        }

        @Override
        public RelNode convert(RelNode rel) {
            LogicalAggregate aggregate = (LogicalAggregate) rel;
            RelNode input = aggregate.getInput();
            return new WindowAggregatePhysicalRel(aggregate.getCluster(),
                    aggregate.getTraitSet().replace(RunnelConvention.INSTANCE),
                    convert(input, input.getTraitSet().replace(RunnelConvention.INSTANCE)), aggregate.getGroupSet(),
                    aggregate.getAggCallList(), WindowAggregates.shape(aggregate));
        }
    }
}
