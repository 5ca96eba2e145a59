package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.window.WindowTableFunctionCall;
import java.util.List;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
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

    public static final List<RelOptRule> ALL = List.of(WINDOW_TABLE_FUNCTION);

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
            return new WindowTableFunctionPhysicalRel(scan.getCluster(), scan.getTraitSet().replace(RunnelConvention.INSTANCE),
                    convert(input, input.getTraitSet().replace(RunnelConvention.INSTANCE)), call, scan.getRowType());
        }
    }
}
