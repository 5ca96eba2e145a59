package dev.runnel.planner.plan.logical;

import dev.runnel.planner.session.SqlExecutionException;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.Intersect;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Match;
import org.apache.calcite.rel.core.Minus;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.TableFunctionScan;
import org.apache.calcite.rel.core.Union;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rex.RexOver;

/**
 * Rejects, with a message naming the feature, the relational operators that the runtime cannot
 * run yet, before the optimizer would fail on them with a planner error.
 */
public final class UnsupportedFeatures {
    private UnsupportedFeatures() {
    }

    /** @throws SqlExecutionException naming the first unsupported feature found in {@code rel} */
    public static void check(RelNode rel) {
        String feature = describe(rel);
        if (feature != null) {
            throw new SqlExecutionException(feature + " is not supported yet");
        }
        for (RelNode input : rel.getInputs()) {
            check(input);
        }
    }

    private static String describe(RelNode rel) {
        if (rel instanceof Aggregate) {
            return "Aggregation (GROUP BY, DISTINCT or an aggregate function)";
        }
        if (rel instanceof Join join && !join.getJoinType().projectsRight()) {
            return "A semi or anti join (from IN, EXISTS or NOT EXISTS subqueries)";
        }
        if (rel instanceof Correlate correlate && !TemporalJoins.isTemporalJoin(correlate)) {
            return "A correlated subquery or LATERAL join";
        }
        if (rel instanceof Sort) {
            return "ORDER BY, LIMIT, OFFSET or FETCH";
        }
        if (rel instanceof Union union && !union.all) {
            return "UNION without ALL";
        }
        if (rel instanceof Intersect) {
            return "INTERSECT";
        }
        if (rel instanceof Minus) {
            return "EXCEPT";
        }
        if (rel instanceof Window || rel instanceof Project p && RexOver.containsOver(p.getProjects(), null)) {
            return "An OVER window";
        }
        if (rel instanceof TableFunctionScan) {
            return "A table function (such as the windowing functions TUMBLE, HOP and CUMULATE)";
        }
        if (rel instanceof Match) {
            return "MATCH_RECOGNIZE";
        }
        return null;
    }
}
