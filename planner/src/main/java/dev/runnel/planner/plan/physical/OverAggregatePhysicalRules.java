package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.TimeAttributes;
import dev.runnel.runtime.operators.over.OverAggregateOperatorFactory;
import java.math.BigDecimal;
import java.util.Optional;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rel.logical.LogicalWindow;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexWindowBound;
import org.apache.calcite.rex.RexWindowExclusion;

/**
 * Converts an OVER window of aggregate calls ({@code SUM(x) OVER (PARTITION BY k ORDER BY ts
 * ROWS|RANGE BETWEEN … PRECEDING AND CURRENT ROW)}, {@code ts} a rowtime or a processing-time
 * attribute) into an {@link OverAggregatePhysicalRel},
 * and says ({@link #unsupported}) which OVER windows it cannot run. Ranking functions are the
 * rank rules' business.
 */
public final class OverAggregatePhysicalRules {
    private OverAggregatePhysicalRules() {
    }

    public static final ConverterRule OVER_AGGREGATE = ConverterRule.Config.INSTANCE
            .withConversion(LogicalWindow.class, Convention.NONE, RunnelConvention.INSTANCE, "OverAggregatePhysicalRule")
            .withRuleFactory(OverAggregatePhysicalRule::new)
            .toRule(ConverterRule.class);

    /**
     * What about the OVER window {@code window} is not supported (for an error message), or
     * {@code null} when it runs as an OVER aggregation.
     */
    public static String unsupported(Window window) {
        if (window.groups.size() != 1) {
            return "OVER aggregations over different windows in one query are not supported yet";
        }
        Window.Group group = window.groups.get(0);
        int inputCount = window.getInput().getRowType().getFieldCount();
        for (AggregateCall call : group.getAggregateCalls(window)) {
            if (AggregateCalls.kind(call) == null) {
                return "Aggregate function " + call.getAggregation().getName() + " in an OVER window is not supported yet";
            }
            if (call.getArgList().stream().anyMatch(a -> a >= inputCount)) {
                return "Constant arguments of OVER aggregations (in " + call.getAggregation().getName()
                        + ") are not supported yet";
            }
        }
        if (group.orderKeys.getFieldCollations().size() != 1
                || group.orderKeys.getFieldCollations().get(0).direction != RelFieldCollation.Direction.ASCENDING) {
            return "An OVER aggregation must be ordered by one time attribute ascending (ORDER BY rowtime)";
        }
        int orderField = group.orderKeys.getFieldCollations().get(0).getFieldIndex();
        Optional<TimeAttributes.Kind> time = TimeAttributes.of(window.getInput(), orderField);
        if (time.isEmpty()) {
            return "An OVER aggregation must be ordered by a time attribute, but "
                    + window.getInput().getRowType().getFieldNames().get(orderField) + " is none";
        }
        if (!group.upperBound.isCurrentRow() || group.exclude != RexWindowExclusion.EXCLUDE_NO_OTHER) {
            return "OVER window frames that do not end at CURRENT ROW are not supported yet";
        }
        if (preceding(window) == null) {
            return "OVER window frame start " + group.lowerBound + " is not supported yet";
        }
        return null;
    }

    /** Rows or milliseconds the frame starts before the current row, UNBOUNDED, or null if not understood. */
    private static Long preceding(Window window) {
        RexWindowBound lower = window.groups.get(0).lowerBound;
        if (lower.isCurrentRow()) {
            return 0L;
        }
        if (lower.isUnboundedPreceding()) {
            return OverAggregateOperatorFactory.UNBOUNDED;
        }
        if (!lower.isPreceding() || lower.isUnbounded()) {
            return null;
        }
        // The offset is a constant of the window, referenced past the input fields.
        RexLiteral literal = lower.getOffset() instanceof RexLiteral l ? l
                : lower.getOffset() instanceof RexInputRef ref
                        ? window.constants.get(ref.getIndex() - window.getInput().getRowType().getFieldCount()) : null;
        if (literal == null || !(literal.getValue() instanceof BigDecimal value) || value.signum() < 0) {
            return null;
        }
        return value.longValue();
    }

    static final class OverAggregatePhysicalRule extends ConverterRule {
        OverAggregatePhysicalRule(Config config) {
            super(config);
        }

        @Override
        public RelNode convert(RelNode rel) {
            LogicalWindow window = (LogicalWindow) rel;
            if (unsupported(window) != null) {
                return null;
            }
            RelNode input = ConverterRule.convert(window.getInput(),
                    window.getInput().getTraitSet().replace(RunnelConvention.INSTANCE));
            return new OverAggregatePhysicalRel(window.getCluster(), window.getTraitSet().replace(RunnelConvention.INSTANCE),
                    input, window.constants, window.getRowType(), window.groups, preceding(window));
        }
    }
}
