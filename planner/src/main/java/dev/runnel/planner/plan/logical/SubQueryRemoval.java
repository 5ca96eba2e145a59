package dev.runnel.planner.plan.logical;

import dev.runnel.planner.session.SqlExecutionException;
import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.core.Snapshot;
import org.apache.calcite.rel.core.TableFunctionScan;
import org.apache.calcite.rel.core.Uncollect;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql2rel.RelDecorrelator;

/**
 * The first logical phase, Flink's "subquery_rewrite" and "decorrelate" programs: sub-queries
 * ({@code RexSubQuery}, which SqlToRel leaves in expressions) become joins.
 * <ol>
 *   <li>{@link SubQueryToSemiJoinRule}: {@code [NOT] IN} and {@code [NOT] EXISTS} in a filter's
 *       conjunctions become semi and anti joins;</li>
 *   <li>Calcite's sub-query removal takes the rest (scalar sub-queries, sub-queries under
 *       {@code OR} or in a projection, {@code SOME}/{@code ALL}): joins with aggregates of the
 *       sub-query, through a {@code Correlate} when it reads the outer row;</li>
 *   <li>{@link RelDecorrelator} turns those correlates into joins (a correlated scalar
 *       aggregate becomes a left join with the aggregate grouped by the correlation keys).</li>
 * </ol>
 * A correlate that decorrelation leaves is refused ({@link CorrelatedSubQueryException}). The
 * correlates that SqlToRel makes of temporal joins, {@code UNNEST} and table functions are
 * planned by their own rules: a query that has one is not decorrelated (its sub-queries must
 * then be uncorrelated; {@link UnsupportedFeatures} refuses the others).
 */
public final class SubQueryRemoval {
    private SubQueryRemoval() {
    }

    private static final List<RelOptRule> SEMI_JOINS = List.of(SubQueryToSemiJoinRule.INSTANCE);

    private static final List<RelOptRule> TO_CORRELATE = List.of(
            CoreRules.FILTER_SUB_QUERY_TO_CORRELATE,
            CoreRules.PROJECT_SUB_QUERY_TO_CORRELATE,
            CoreRules.JOIN_SUB_QUERY_TO_CORRELATE);

    /** {@code rel} without sub-queries, where it had any. */
    public static RelNode apply(RelNode rel) {
        if (!hasSubQuery(rel)) {
            return rel;
        }
        checkCorrelationScopes(rel);
        RelNode joined = LogicalPlanner.runHep(LogicalPlanner.runHep(rel, SEMI_JOINS), TO_CORRELATE);
        if (!hasOtherCorrelate(joined)) {
            joined = RelDecorrelator.decorrelateQuery(joined,
                    RelFactories.LOGICAL_BUILDER.create(joined.getCluster(), null));
            if (hasCorrelate(joined)) {
                throw new CorrelatedSubQueryException();
            }
        }
        return LiteralAggregates.expand(joined);
    }

    /** Whether an expression of {@code rel} or of a node below it holds a sub-query. */
    static boolean hasSubQuery(RelNode rel) {
        boolean here = rel instanceof Filter filter && RexUtil.SubQueryFinder.containsSubQuery(filter)
                || rel instanceof Project project && RexUtil.SubQueryFinder.containsSubQuery(project)
                || rel instanceof Join join && RexUtil.SubQueryFinder.containsSubQuery(join);
        return here || rel.getInputs().stream().anyMatch(SubQueryRemoval::hasSubQuery);
    }

    /**
     * A correlated sub-query that decorrelation could not turn into a join (one that reads the
     * outer row inside a UNION, an outer join or a LIMIT, say). The planner, which knows the
     * statement, points at the sub-query ({@link #at}).
     */
    public static final class CorrelatedSubQueryException extends SqlExecutionException {
        private static final String MESSAGE =
                "A correlated subquery that cannot be turned into a join is not supported yet";

        CorrelatedSubQueryException() {
            super(MESSAGE);
        }

        /** This error at {@code pos} (the sub-query), or without a position when it is {@code null}. */
        public SqlExecutionException at(SqlParserPos pos) {
            return pos == null ? this : new SqlExecutionException(MESSAGE, pos.getLineNum(), pos.getColumnNum(), this);
        }
    }

    /**
     * Refuses a sub-query that reads a correlation variable its own query does not define (a
     * column of a query two sub-queries out): Calcite's sub-query removal would reuse the
     * variable for the wrong row. The validator-level check ({@code CorrelatedSubQueries})
     * refuses these with a position first; this one keeps wrong results out whatever the shape.
     */
    private static void checkCorrelationScopes(RelNode rel) {
        rel.accept(new RexShuttle() {
            @Override
            public RexNode visitSubQuery(RexSubQuery subQuery) {
                checkCorrelationScopes(subQuery.rel);
                return subQuery;
            }
        });
        boolean[] outOfScope = {false};
        rel.accept(new RexShuttle() {
            @Override
            public RexNode visitSubQuery(RexSubQuery subQuery) {
                if (!rel.getVariablesSet().containsAll(RelOptUtil.getVariablesUsed(subQuery.rel))) {
                    outOfScope[0] = true;
                }
                return subQuery;
            }
        });
        if (outOfScope[0] && !(rel instanceof Correlate)) {
            throw new CorrelatedSubQueryException();
        }
        rel.getInputs().forEach(SubQueryRemoval::checkCorrelationScopes);
    }

    private static boolean hasCorrelate(RelNode rel) {
        return rel instanceof Correlate || rel.getInputs().stream().anyMatch(SubQueryRemoval::hasCorrelate);
    }

    /** Whether {@code rel} has a correlate that its own rules plan (temporal join, UNNEST, table function). */
    private static boolean hasOtherCorrelate(RelNode rel) {
        if (rel instanceof Correlate correlate && readsSnapshotOrTableFunction(correlate.getRight())) {
            return true;
        }
        return rel.getInputs().stream().anyMatch(SubQueryRemoval::hasOtherCorrelate);
    }

    private static boolean readsSnapshotOrTableFunction(RelNode rel) {
        return rel instanceof Snapshot || rel instanceof Uncollect || rel instanceof TableFunctionScan
                || rel.getInputs().stream().anyMatch(SubQueryRemoval::readsSnapshotOrTableFunction);
    }
}
