package dev.runnel.planner.plan.logical;

import dev.runnel.planner.plan.physical.AggregateCalls;
import dev.runnel.planner.plan.window.WindowAggregates;
import dev.runnel.planner.plan.window.WindowTableFunctionCall;
import dev.runnel.planner.session.SqlExecutionException;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.Match;
import org.apache.calcite.rel.core.TableFunctionScan;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;

/**
 * Rejects, with a message naming the feature, the relational operators that the runtime cannot
 * run yet, before the optimizer would fail on them with a planner error.
 */
public final class UnsupportedFeatures {
    private UnsupportedFeatures() {
    }

    /** @throws SqlExecutionException naming the first unsupported feature found in {@code rel} */
    public static void check(RelNode rel) {
        WindowAggregates.checkSessionsAggregated(rel);
        checkTree(rel);
    }

    private static void checkTree(RelNode rel) {
        String feature = describe(rel);
        if (feature != null) {
            throw new SqlExecutionException(feature + " is not supported yet");
        }
        rel.accept(new RexShuttle() {
            @Override
            public RexNode visitSubQuery(RexSubQuery subQuery) {
                checkTree(subQuery.rel); // SubQueryRemoval makes joins of them later
                return subQuery;
            }
        });
        for (RelNode input : rel.getInputs()) {
            checkTree(input);
        }
    }

    private static String describe(RelNode rel) {
        if (rel instanceof Aggregate aggregate) {
            return WindowAggregates.shape(aggregate) != null ? WindowAggregates.unsupported(aggregate)
                    : AggregateCalls.unsupported(aggregate);
        }
        if (rel instanceof Correlate correlate && !TemporalJoins.isTemporalJoin(correlate)
                && !Unnests.isUnnest(correlate)) {
            return "A correlated subquery or LATERAL join";
        }
        if (rel instanceof TableFunctionScan scan) {
            if (!WindowTableFunctionCall.isWindowing(scan)) {
                return "A table function (other than the windowing functions TUMBLE, HOP, CUMULATE and SESSION)";
            }
            WindowTableFunctionCall.of(scan); // checks the sizes; the time column once the assigners are in
        }
        if (rel instanceof Match) {
            return "MATCH_RECOGNIZE";
        }
        return null;
    }
}
