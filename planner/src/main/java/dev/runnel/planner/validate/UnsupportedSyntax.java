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
 * run yet (aggregation, ORDER BY, windows, …): these come with later issues. The message
 * names the feature: "GROUP BY is not supported yet".
 */
public final class UnsupportedSyntax {
    private UnsupportedSyntax() {
    }

    /** The aggregate functions group aggregation runs (see {@code plan.physical.AggregateCalls}). */
    private static final Set<SqlKind> GROUP_AGGREGATES = EnumSet.of(SqlKind.COUNT, SqlKind.SUM, SqlKind.SUM0,
            SqlKind.AVG, SqlKind.MIN, SqlKind.MAX, SqlKind.FIRST_VALUE, SqlKind.LAST_VALUE, SqlKind.LISTAGG,
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
    }

    private static void checkCall(SqlCall call) {
        CollectionValidation.checkSyntax(call);
        if (call instanceof SqlSelect select) {
            failIfPresent("A WINDOW clause", select.getWindowList());
            failIfPresent("ORDER BY", select.getOrderList());
            failIfPresent("OFFSET", select.getOffset());
            failIfPresent("LIMIT/FETCH", select.getFetch());
            return;
        }
        if (call instanceof SqlOrderBy orderBy) {
            failIfPresent("ORDER BY", orderBy.orderList);
            failIfPresent("OFFSET", orderBy.offset);
            failIfPresent("LIMIT/FETCH", orderBy.fetch);
            return;
        }
        switch (call.getKind()) {
            case GROUPING_SETS, ROLLUP, CUBE -> fail("GROUP BY with GROUPING SETS, ROLLUP or CUBE", call);
            case INTERSECT -> fail("INTERSECT", call);
            case EXCEPT -> fail("EXCEPT", call);
            case IN, NOT_IN, EXISTS, SOME, ALL, SCALAR_QUERY -> {
                if (call.getKind() == SqlKind.EXISTS || call.getKind() == SqlKind.SCALAR_QUERY
                        || call.getOperandList().stream().anyMatch(o -> o != null && o.isA(SqlKind.QUERY))) {
                    fail("A subquery", call);
                }
            }
            case MATCH_RECOGNIZE -> fail("MATCH_RECOGNIZE", call);
            default -> {
                if (call.getOperator().isAggregator() && !GROUP_AGGREGATES.contains(call.getKind())) {
                    fail("The aggregate function " + call.getOperator().getName(), call);
                }
            }
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
