package dev.runnel.planner.plan.logical;

import dev.runnel.planner.plan.TimeAttributes;
import dev.runnel.planner.plan.window.WindowJoins;
import dev.runnel.planner.plan.window.WindowTableFunctionCall;
import dev.runnel.runtime.operators.rank.RankType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.hep.HepRelVertex;
import org.apache.calcite.plan.volcano.RelSubset;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.TableFunctionScan;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalWindow;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;

/**
 * Window Top-N and window deduplication, as Flink plans them: {@code WHERE rn <= N} over
 * {@code ROW_NUMBER() OVER (PARTITION BY window_start, window_end[, …] ORDER BY …) AS rn}, where
 * both window columns come from a window table function (directly or through a window
 * aggregate), becomes a {@link WindowRankLogicalRel}. {@link RankRules} leaves these shapes
 * alone; other filters on the rank number ({@code rn > 1}) are not window Top-Ns.
 */
@SuppressWarnings("deprecation") // RelOptRule's operand helpers, as in RankRules
public final class WindowRankRules {
    private WindowRankRules() {
    }

    public static final RelOptRule FILTER_WINDOW_TO_WINDOW_RANK = new FilterWindowToWindowRankRule();

    private static final class FilterWindowToWindowRankRule extends RelOptRule {
        FilterWindowToWindowRankRule() {
            super(operand(LogicalFilter.class, operand(LogicalWindow.class, any())), "FilterWindowToWindowRankRule");
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            LogicalFilter filter = call.rel(0);
            LogicalWindow window = call.rel(1);
            if (window.groups.size() != 1 || window.groups.get(0).aggCalls.size() != 1) {
                return;
            }
            Window.Group group = window.groups.get(0);
            if (group.aggCalls.get(0).getOperator().getKind() != SqlKind.ROW_NUMBER
                    || group.orderKeys.getFieldCollations().isEmpty()) {
                return;
            }
            RelNode input = window.getInput();
            List<String> names = input.getRowType().getFieldNames();
            int windowStart = -1;
            int windowEnd = -1;
            for (int key : group.keys) {
                if (names.get(key).equals("window_start") && isWindowColumn(input, key, "window_start")) {
                    windowStart = key;
                } else if (names.get(key).equals("window_end") && isWindowColumn(input, key, "window_end")) {
                    windowEnd = key;
                }
            }
            if (windowStart < 0 || windowEnd < 0) {
                return;
            }
            int rankField = names.size();
            long start = 1;
            long end = Long.MAX_VALUE;
            List<RexNode> rest = new ArrayList<>();
            for (RexNode conjunct : RelOptUtil.conjunctions(filter.getCondition())) {
                long[] range = RankRules.FilterWindowToRankRule.rankRange(conjunct, rankField);
                if (range != null) {
                    start = Math.max(start, range[0]);
                    end = Math.min(end, range[1]);
                } else if (RelOptUtil.InputFinder.bits(conjunct).get(rankField)) {
                    return;
                } else {
                    rest.add(conjunct);
                }
            }
            // Flink's window Top-N takes rn <= N (and rn = 1) only; the output's size bounds state.
            if (start != 1 || end == Long.MAX_VALUE || end < 1 || end > Integer.MAX_VALUE) {
                return;
            }
            RankSpec spec = new RankSpec(group.keys, group.orderKeys, RankType.ROW_NUMBER, 1, end, true,
                    window.getRowType().getFieldNames().get(rankField));
            RelNode rank = new WindowRankLogicalRel(window.getCluster(), window.getTraitSet(), input, spec, windowEnd);
            call.transformTo(rest.isEmpty() ? rank
                    : LogicalFilter.create(rank, RexUtil.composeConjunction(filter.getCluster().getRexBuilder(), rest)));
        }
    }

    /**
     * Whether {@code field} of {@code rel} forwards the {@code column} ({@code window_start} or
     * {@code window_end}) of a window table function, through filters, projections, the
     * grouping keys of window aggregates and the sides of window joins that are never padded.
     */
    public static boolean isWindowColumn(RelNode rel, int field, String column) {
        rel = unwrap(rel);
        if (rel instanceof TableFunctionScan scan && WindowTableFunctionCall.isWindowing(scan)) {
            return scan.getRowType().getFieldNames().get(field).equals(column);
        }
        if (rel instanceof Join join) {
            Optional<WindowJoins.InputField> input = WindowJoins.preservedInputField(join, field);
            return input.isPresent() && isWindowColumn(join.getInput(input.get().input()), input.get().field(), column);
        }
        // A grouping key of an aggregate that groups by both window columns: a window aggregate
        // (WindowAggregates.shape cannot look through the Hep planner's vertices).
        if (rel instanceof Aggregate aggregate && aggregate.getGroupType() == Aggregate.Group.SIMPLE
                && field < aggregate.getGroupCount()) {
            return isWindowColumn(aggregate.getInput(), aggregate.getGroupSet().nth(field), column);
        }
        OptionalInt forwarded = TimeAttributes.inputField(rel, field);
        return forwarded.isPresent() && rel.getInputs().size() == 1
                && isWindowColumn(rel.getInput(0), forwarded.getAsInt(), column);
    }

    /**
     * Whether {@code field} of {@code rel} is a rowtime attribute, also when it passes through a
     * window table function (which forwards its input's rowtime and makes {@code window_time} one,
     * as in Flink) or a window join on the way down.
     */
    public static boolean isRowtime(RelNode rel, int field) {
        if (TimeAttributes.isRowtime(rel, field)) {
            return true;
        }
        rel = unwrap(rel);
        if (rel instanceof TableFunctionScan scan && WindowTableFunctionCall.isWindowing(scan)) {
            RelNode input = scan.getInputs().get(0);
            int arity = input.getRowType().getFieldCount();
            return field == arity + 2 || field < arity && isRowtime(input, field);
        }
        if (rel instanceof Join join) {
            // A window join keeps both inputs' rowtime attributes, as in Flink.
            Optional<WindowJoins.InputField> input = WindowJoins.anyInputField(join, field);
            return input.isPresent() && isRowtime(join.getInput(input.get().input()), input.get().field());
        }
        OptionalInt forwarded = TimeAttributes.inputField(rel, field);
        return forwarded.isPresent() && rel.getInputs().size() == 1 && isRowtime(rel.getInput(0), forwarded.getAsInt());
    }

    private static RelNode unwrap(RelNode rel) {
        if (rel instanceof HepRelVertex vertex) {
            return unwrap(vertex.getCurrentRel());
        }
        if (rel instanceof RelSubset subset) {
            return unwrap(subset.getBest() != null ? subset.getBest() : subset.getOriginal());
        }
        return rel;
    }
}
