package dev.runnel.planner.plan.logical;

import dev.runnel.runtime.operators.rank.RankType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.logical.LogicalWindow;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.ImmutableBitSet;
import org.apache.calcite.util.mapping.Mappings;

/**
 * The logical rules of Top-N, as Flink plans it: after Calcite's rule turned an OVER projection
 * into a {@code Window}, a filter that bounds a ranking function's result to a constant range becomes
 * a {@link RankLogicalRel}, and a rank number that nothing reads is not produced.
 */
@SuppressWarnings("deprecation") // RelOptRule's operand helpers: the rules are too small for Calcite's immutable configs
public final class RankRules {
    private RankRules() {
    }

    /** {@code WHERE rn <= 3 [AND …]} over {@code ROW_NUMBER() OVER (PARTITION BY … ORDER BY …) AS rn}. */
    public static final RelOptRule FILTER_WINDOW_TO_RANK = new FilterWindowToRankRule();

    /** A rank whose range is one rank ({@code rn = 1}) outputs the number as a constant, as Flink's. */
    public static final RelOptRule CONSTANT_RANK_NUMBER = new ConstantRankNumberRule();

    /** A projection over a rank reads only some input fields: the rank ranks only those (and its keys). */
    public static final RelOptRule PROJECT_RANK_TRANSPOSE = new ProjectRankTransposeRule();

    /** A projection that drops the rank number of the rank below it. */
    public static final RelOptRule REMOVE_UNUSED_RANK_NUMBER = new RemoveUnusedRankNumberRule();

    static final class FilterWindowToRankRule extends RelOptRule {
        FilterWindowToRankRule() {
            super(operand(LogicalFilter.class, operand(LogicalWindow.class, any())), "FilterWindowToRankRule");
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            LogicalFilter filter = call.rel(0);
            LogicalWindow window = call.rel(1);
            if (window.groups.size() != 1 || window.groups.get(0).aggCalls.size() != 1) {
                return;
            }
            Window.Group group = window.groups.get(0);
            RankType rankType = switch (group.aggCalls.get(0).getOperator().getKind()) {
                case ROW_NUMBER -> RankType.ROW_NUMBER;
                case RANK -> RankType.RANK;
                case DENSE_RANK -> RankType.DENSE_RANK;
                default -> null;
            };
            List<String> inputFields = window.getInput().getRowType().getFieldNames();
            if (rankType == null || isWindowTvfPartition(group, inputFields)) {
                return;
            }
            int rankField = inputFields.size();
            long start = 1;
            long end = Long.MAX_VALUE;
            List<RexNode> rest = new ArrayList<>();
            for (RexNode conjunct : RelOptUtil.conjunctions(filter.getCondition())) {
                long[] range = rankRange(conjunct, rankField);
                if (range != null) {
                    start = Math.max(start, range[0]);
                    end = Math.min(end, range[1]);
                } else if (RelOptUtil.InputFinder.bits(conjunct).get(rankField)) {
                    return;
                } else {
                    rest.add(conjunct);
                }
            }
            if (end == Long.MAX_VALUE) {
                return;
            }
            RankSpec spec = new RankSpec(group.keys, group.orderKeys, rankType, start, end, true,
                    window.getRowType().getFieldNames().get(rankField));
            RankLogicalRel rank = new RankLogicalRel(window.getCluster(), window.getTraitSet(), window.getInput(), spec);
            call.transformTo(rest.isEmpty() ? rank
                    : LogicalFilter.create(rank, RexUtil.composeConjunction(filter.getCluster().getRexBuilder(), rest)));
        }

        /** Window Top-N ({@code PARTITION BY window_start, window_end}) is the window operators' business. */
        private static boolean isWindowTvfPartition(Window.Group group, List<String> inputFields) {
            List<String> keys = group.keys.asList().stream().map(inputFields::get).toList();
            return keys.contains("window_start") && keys.contains("window_end");
        }

        /** The ranks {@code [start, end]} that {@code rn < 3}, {@code rn = 1}, {@code 2 <= rn} … allow, or null. */
        static long[] rankRange(RexNode conjunct, int rankField) {
            if (!(conjunct instanceof RexCall call) || call.getOperands().size() != 2) {
                return null;
            }
            SqlKind kind = call.getKind();
            RexNode left = call.getOperands().get(0);
            RexNode right = call.getOperands().get(1);
            if (right instanceof RexInputRef && left instanceof RexLiteral) {
                kind = kind.reverse();
                RexNode swap = left;
                left = right;
                right = swap;
            }
            if (!(left instanceof RexInputRef ref) || ref.getIndex() != rankField
                    || !(right instanceof RexLiteral literal) || !(literal.getValue() instanceof BigDecimal value)) {
                return null;
            }
            // A fractional bound: rn < 2.5 is rn <= 2, rn > 2.5 is rn >= 3.
            long floor = value.setScale(0, RoundingMode.FLOOR).longValueExact();
            long ceil = value.setScale(0, RoundingMode.CEILING).longValueExact();
            return switch (kind) {
                case LESS_THAN -> new long[] {1, ceil - 1};
                case LESS_THAN_OR_EQUAL -> new long[] {1, floor};
                case EQUALS -> floor == ceil ? new long[] {floor, floor} : new long[] {1, 0};
                case GREATER_THAN -> new long[] {floor + 1, Long.MAX_VALUE};
                case GREATER_THAN_OR_EQUAL -> new long[] {ceil, Long.MAX_VALUE};
                default -> null;
            };
        }
    }

    private static final class RemoveUnusedRankNumberRule extends RelOptRule {
        RemoveUnusedRankNumberRule() {
            super(operand(LogicalProject.class, operand(RankLogicalRel.class, any())), "RemoveUnusedRankNumberRule");
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            LogicalProject project = call.rel(0);
            RankLogicalRel rank = call.rel(1);
            int rankField = rank.getRowType().getFieldCount() - 1;
            if (!rank.spec().outputRankNumber() || RelOptUtil.InputFinder.bits(project.getProjects(), null).get(rankField)) {
                return;
            }
            RankLogicalRel withoutNumber = new RankLogicalRel(rank.getCluster(), rank.getTraitSet(), rank.getInput(),
                    rank.spec().withoutRankNumber());
            call.transformTo(project.copy(project.getTraitSet(), withoutNumber, project.getProjects(), project.getRowType()));
        }
    }

    private static final class ConstantRankNumberRule extends RelOptRule {
        ConstantRankNumberRule() {
            super(operand(RankLogicalRel.class, any()), "ConstantRankNumberRule");
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            RankLogicalRel rank = call.rel(0);
            RankSpec spec = rank.spec();
            if (!spec.outputRankNumber() || spec.rankStart() != spec.rankEnd()) {
                return;
            }
            RankLogicalRel withoutNumber = new RankLogicalRel(rank.getCluster(), rank.getTraitSet(), rank.getInput(),
                    spec.withoutRankNumber());
            RexBuilder rex = rank.getCluster().getRexBuilder();
            List<RexNode> projects = new ArrayList<>();
            for (int i = 0; i < withoutNumber.getRowType().getFieldCount(); i++) {
                projects.add(rex.makeInputRef(withoutNumber, i));
            }
            RelDataType rankType = rank.getRowType().getFieldList().get(projects.size()).getType();
            projects.add(rex.makeLiteral(BigDecimal.valueOf(spec.rankStart()), rankType));
            call.transformTo(LogicalProject.create(withoutNumber, List.of(), projects, rank.getRowType().getFieldNames(),
                    Set.of()));
        }
    }

    /**
     * Pushes the fields a projection reads (and the rank's partition and order keys) below the
     * rank, as Flink's CalcRankTransposeRule: fields nobody reads (such as an inner rank's
     * number) then neither bloat state nor make equal rows differ.
     */
    private static final class ProjectRankTransposeRule extends RelOptRule {
        ProjectRankTransposeRule() {
            super(operand(LogicalProject.class, operand(RankLogicalRel.class, any())), "ProjectRankTransposeRule");
        }

        @Override
        public void onMatch(RelOptRuleCall call) {
            LogicalProject project = call.rel(0);
            RankLogicalRel rank = call.rel(1);
            RankSpec spec = rank.spec();
            int inputCount = rank.getInput().getRowType().getFieldCount();
            ImmutableBitSet used = RelOptUtil.InputFinder.bits(project.getProjects(), null)
                    .intersect(ImmutableBitSet.range(inputCount))
                    .union(spec.partitionKey())
                    .union(ImmutableBitSet.of(spec.order().getFieldCollations().stream()
                            .map(RelFieldCollation::getFieldIndex).toList()));
            if (used.cardinality() == inputCount) {
                return;
            }
            Mappings.TargetMapping mapping = Mappings.target(used::indexOf, inputCount, used.cardinality());
            RexBuilder rex = rank.getCluster().getRexBuilder();
            List<RexNode> trimmed = new ArrayList<>();
            List<String> names = new ArrayList<>();
            for (int field : used) {
                trimmed.add(rex.makeInputRef(rank.getInput(), field));
                names.add(rank.getInput().getRowType().getFieldNames().get(field));
            }
            RelNode input = LogicalProject.create(rank.getInput(), List.of(), trimmed, names, Set.of());
            RankSpec remapped = new RankSpec(ImmutableBitSet.of(spec.partitionKey().asList().stream().map(used::indexOf).toList()),
                    RexUtil.apply(mapping, spec.order()), spec.rankType(), spec.rankStart(), spec.rankEnd(),
                    spec.outputRankNumber(), spec.rankFieldName());
            RankLogicalRel newRank = new RankLogicalRel(rank.getCluster(), rank.getTraitSet(), input, remapped);
            // The rank number, if output, moves from the end of the old input to the end of the trimmed one.
            Mappings.TargetMapping outputMapping = Mappings.target(
                    f -> f < inputCount ? used.indexOf(f) : used.cardinality(), rank.getRowType().getFieldCount(),
                    newRank.getRowType().getFieldCount());
            List<RexNode> projects = RexUtil.apply(outputMapping, project.getProjects());
            call.transformTo(LogicalProject.create(newRank, List.of(), projects, project.getRowType().getFieldNames(),
                    Set.of()));
        }
    }
}
