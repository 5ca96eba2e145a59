package dev.runnel.planner.plan;

import dev.runnel.planner.session.SqlExecutionException;
import java.util.function.Function;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSnapshot;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/**
 * A planning error about a construct of the statement, which the rule that meets it can describe
 * but not place (rel nodes carry no positions): it says how to find the construct in the parsed
 * statement, and the session points the error there ({@link #at}).
 */
public final class PlanningException extends SqlExecutionException {
    private final transient Function<SqlNode, SqlParserPos> locator;

    private PlanningException(String message, Function<SqlNode, SqlParserPos> locator) {
        super(message);
        this.locator = locator;
    }

    /**
     * An error about a {@code FOR SYSTEM_TIME AS OF} clause: placed at the table it reads
     * ({@code table}'s name when known, else the statement's first such clause).
     */
    public static PlanningException atSnapshot(String message, String table) {
        return new PlanningException(message, statement -> {
            SqlParserPos[] first = {null};
            SqlParserPos[] named = {null};
            statement.accept(new SqlBasicVisitor<Void>() {
                @Override
                public Void visit(SqlCall call) {
                    if (call instanceof SqlSnapshot snapshot) {
                        SqlNode ref = snapshot.getTableRef();
                        if (ref instanceof SqlCall as && as.getKind() == SqlKind.AS) {
                            ref = as.operand(0);
                        }
                        if (first[0] == null) {
                            first[0] = ref.getParserPosition();
                        }
                        if (named[0] == null && table != null && ref instanceof SqlIdentifier id
                                && id.names.get(id.names.size() - 1).equals(table)) {
                            named[0] = ref.getParserPosition();
                        }
                    }
                    return super.visit(call);
                }
            });
            return named[0] != null ? named[0] : first[0];
        });
    }

    /** An error about a join: placed at the statement's first {@code JOIN}. */
    public static PlanningException atJoin(String message) {
        return new PlanningException(message, statement -> firstPosition(statement,
                call -> call instanceof SqlJoin join ? join.getJoinTypeNode().getParserPosition() : null));
    }

    /**
     * An error about an {@code ORDER BY} without {@code LIMIT}: placed at the first key of the
     * statement's first such clause.
     */
    public static PlanningException atOrderBy(String message) {
        return new PlanningException(message, statement -> firstPosition(statement, call -> {
            SqlNodeList keys = call instanceof SqlOrderBy orderBy && orderBy.fetch == null ? orderBy.orderList
                    : call instanceof SqlSelect select && select.getFetch() == null ? select.getOrderList()
                    : null;
            return keys == null || keys.isEmpty() ? null : keys.get(0).getParserPosition();
        }));
    }

    /** The first position {@code at} gives for a call of {@code statement}, in the visitor's order; null if none. */
    private static SqlParserPos firstPosition(SqlNode statement, Function<SqlCall, SqlParserPos> at) {
        SqlParserPos[] found = {null};
        statement.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
                if (found[0] == null) {
                    found[0] = at.apply(call);
                }
                return super.visit(call);
            }
        });
        return found[0];
    }

    /** This error at its construct's position in {@code statement} (the parsed statement), or without one if not found. */
    public SqlExecutionException at(SqlNode statement) {
        SqlParserPos pos = locator == null ? null : locator.apply(statement);
        if (pos == null || pos == SqlParserPos.ZERO) {
            return this;
        }
        return new SqlExecutionException(getMessage(), pos.getLineNum(), pos.getColumnNum(), this);
    }
}
