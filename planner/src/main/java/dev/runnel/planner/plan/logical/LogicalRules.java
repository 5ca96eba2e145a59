package dev.runnel.planner.plan.logical;

import java.util.List;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rel.rules.ProjectJoinTransposeRule;

/** The rewrite rules of the logical optimization, in the order of its phases. */
public final class LogicalRules {
    private LogicalRules() {
    }

    /**
     * Pushes a projection into the inputs of a join, so that each side keeps (in its state, and
     * sends over the exchange) only the fields the join and what follows it use, as Flink's
     * plans do. Only field references move: an expression stays above the join, where the time
     * attributes and the join's own fields it may read are.
     */
    private static final RelOptRule PROJECT_JOIN_TRANSPOSE = ProjectJoinTransposeRule.Config.DEFAULT
            .withPreserveExprCondition(expression -> false).toRule();

    /** Simplifies projections and filters: merges them, folds constant expressions, removes no-ops. */
    public static final List<RelOptRule> SIMPLIFY = List.of(
            CoreRules.FILTER_PROJECT_TRANSPOSE,
            CoreRules.FILTER_MERGE,
            CoreRules.PROJECT_MERGE,
            CoreRules.PROJECT_REMOVE,
            CoreRules.FILTER_REDUCE_EXPRESSIONS,
            CoreRules.PROJECT_REDUCE_EXPRESSIONS,
            CoreRules.FILTER_INTO_JOIN,
            CoreRules.JOIN_CONDITION_PUSH,
            CoreRules.JOIN_PUSH_EXPRESSIONS,
            PROJECT_JOIN_TRANSPOSE,
            CoreRules.UNION_MERGE,
            CoreRules.UNION_REMOVE,
            CoreRules.UNION_TO_DISTINCT,
            GroupingSetsRules.DECOMPOSE,
            VarianceReductions.RULE,
            // INTERSECT and EXCEPT: semi/anti joins, or unions of counted rows for their ALL forms.
            SetOpRules.INTERSECT,
            SetOpRules.EXCEPT,
            SetOpRules.INTERSECT_ALL,
            SetOpRules.EXCEPT_ALL,
            // Top-N and deduplication: OVER projections become windows, rank filters ranks.
            CoreRules.PROJECT_TO_LOGICAL_PROJECT_AND_WINDOW,
            RankRules.FILTER_WINDOW_TO_RANK,
            WindowRankRules.FILTER_WINDOW_TO_WINDOW_RANK,
            RankRules.CONSTANT_RANK_NUMBER,
            RankRules.PROJECT_RANK_TRANSPOSE,
            RankRules.REMOVE_UNUSED_RANK_NUMBER);

    /** Turns what remains of projections and filters into one {@code Calc} per chain. */
    public static final List<RelOptRule> TO_CALC = List.of(
            CoreRules.FILTER_TO_CALC,
            CoreRules.PROJECT_TO_CALC,
            CoreRules.CALC_MERGE,
            CoreRules.CALC_REMOVE);
}
