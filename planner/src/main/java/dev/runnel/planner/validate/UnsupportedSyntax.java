package dev.runnel.planner.validate;

import dev.runnel.planner.session.SqlExecutionException;
import java.util.EnumSet;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * Rejects, at the position where it is written, SQL that validates but that the runtime cannot
 * run yet (set operations, subqueries, …): these come with later issues. The message
 * names the feature: "GROUP BY is not supported yet".
 */
public final class UnsupportedSyntax {
    private UnsupportedSyntax() {
    }

    /** Flink's error for an OFFSET without LIMIT or FETCH. */
    public static final String FETCH_MISSING = "FETCH is missed, which on streaming table is not supported currently.";

    /** The aggregate functions group aggregation runs (see {@code plan.physical.AggregateCalls}). */
    private static final Set<SqlKind> GROUP_AGGREGATES = EnumSet.of(SqlKind.COUNT, SqlKind.SUM, SqlKind.SUM0,
            SqlKind.AVG, SqlKind.MIN, SqlKind.MAX, SqlKind.FIRST_VALUE, SqlKind.LAST_VALUE, SqlKind.LISTAGG,
            SqlKind.STDDEV_POP, SqlKind.STDDEV_SAMP, SqlKind.VAR_POP, SqlKind.VAR_SAMP,
            SqlKind.JSON_ARRAYAGG, SqlKind.JSON_OBJECTAGG, SqlKind.GROUPING, SqlKind.GROUPING_ID, SqlKind.GROUP_ID,
            SqlKind.ARRAY_AGG, SqlKind.COLLECT);

    /** @throws SqlExecutionException at the first unsupported construct in {@code node} */
    public static void check(SqlNode node) {
        node.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
                if (call.getKind() == SqlKind.OVER) {
                    // Planned as Top-N, deduplication or OVER aggregation; other shapes are refused then.
                    return null;
                }
                checkCall(call);
                return super.visit(call);
            }
        });
        CorrelatedSubQueries.check(node);
    }

    private static void checkCall(SqlCall call) {
        CollectionValidation.checkSyntax(call);
        if (call instanceof SqlSelect select) {
            failIfPresent("A WINDOW clause", select.getWindowList());
            checkOffset(select.getOffset(), select.getFetch());
            return;
        }
        if (call instanceof SqlOrderBy orderBy) {
            checkOffset(orderBy.offset, orderBy.fetch);
            return;
        }
        switch (call.getKind()) {
            case MATCH_RECOGNIZE -> fail("MATCH_RECOGNIZE", call);
            default -> {
                if (call.getOperator().isAggregator() && !GROUP_AGGREGATES.contains(call.getKind())) {
                    fail("The aggregate function " + call.getOperator().getName(), call);
                }
            }
        }
    }

    /** A stream has no end to count an OFFSET from without a LIMIT (Flink's message). */
    private static void checkOffset(SqlNode offset, SqlNode fetch) {
        if (offset != null && fetch == null) {
            var pos = offset.getParserPosition();
            throw new SqlExecutionException(FETCH_MISSING, pos.getLineNum(), pos.getColumnNum(), null);
        }
    }

    private static void failIfPresent(String feature, SqlNode node) {
        if (node != null && !(node instanceof SqlNodeList list && list.isEmpty())) {
            fail(feature, node);
        }
    }

    private static void fail(String feature, SqlNode node) {
        var pos = node.getParserPosition();
        throw new SqlExecutionException(feature + " is not supported yet", pos.getLineNum(), pos.getColumnNum(), null);
    }
}
