package dev.runnel.planner.plan.physical;

import dev.runnel.planner.session.SqlExecutionException;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.sql.SqlExplainFormat;
import org.apache.calcite.sql.SqlExplainLevel;

/** Converts an optimized logical plan into {@link RunnelConvention} with {@link PhysicalRules}. */
public final class PhysicalPlanner {
    private PhysicalPlanner() {
    }

    /**
     * The physical plan of {@code logical}, whose cluster's planner was created by
     * {@link dev.runnel.planner.plan.logical.LogicalPlanner#newCluster()}.
     */
    public static PhysicalRel toPhysical(RelNode logical) {
        RelOptPlanner planner = logical.getCluster().getPlanner();
        RelNode target = planner.changeTraits(logical, logical.getTraitSet().replace(RunnelConvention.INSTANCE));
        planner.setRoot(target);
        try {
            return (PhysicalRel) planner.findBestExp();
        } catch (RelOptPlanner.CannotPlanException e) {
            throw new SqlExecutionException("This query cannot be run yet: no physical operator for part of its plan:\n"
                    + RelOptUtil.toString(logical), e);
        } catch (RuntimeException e) {
            // A rule that rejects what it matched (a temporal join of a table without a key) says why.
            if (e.getCause() instanceof SqlExecutionException rejected) {
                throw rejected;
            }
            throw e;
        }
    }

    /** The plan text used by tests and, later, by {@code EXPLAIN}. */
    public static String explain(RelNode rel) {
        return RelOptUtil.dumpPlan("", rel, SqlExplainFormat.TEXT, SqlExplainLevel.EXPPLAN_ATTRIBUTES);
    }
}
