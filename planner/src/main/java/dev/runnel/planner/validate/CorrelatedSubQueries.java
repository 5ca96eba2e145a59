package dev.runnel.planner.validate;

import dev.runnel.planner.session.SqlExecutionException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.SqlWithItem;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Finds the sub-queries of a validated query that read columns of an enclosing query
 * (correlated sub-queries), from the qualified names the validator expanded
 * ({@code l.a} inside {@code EXISTS (SELECT … FROM r WHERE r.c = l.a)}): a name is resolved to
 * the nearest enclosing {@code SELECT} whose FROM clause has that alias. A sub-query is a query
 * inside an expression ({@code IN}, {@code EXISTS}, a scalar sub-query); a query in FROM, in
 * {@code WITH} or a branch of a set operation is part of the query around it.
 *
 * <p>A column of a query two or more sub-queries out ({@code l.a} in a sub-query of a sub-query
 * of the query over {@code l}) is refused where it is written: Calcite's decorrelation gets such
 * queries wrong. Other correlated sub-queries that it cannot turn into joins are found by the
 * planner; {@link #firstCorrelated} tells it where to point.
 */
public final class CorrelatedSubQueries {
    /** One {@code SELECT}: its FROM aliases and how many sub-query boundaries enclose it. */
    private record Frame(Set<String> aliases, int level) {
    }

    private final Deque<Frame> frames = new ArrayDeque<>();
    /** The sub-queries around the node being visited, outermost first: {@code subQueries.get(l - 1)} is at level l. */
    private final List<SqlNode> subQueries = new ArrayList<>();
    private final boolean failOnDeepReference;
    private SqlNode firstCorrelated;

    private CorrelatedSubQueries(boolean failOnDeepReference) {
        this.failOnDeepReference = failOnDeepReference;
    }

    /** @throws SqlExecutionException at a column of a query more than one sub-query out */
    public static void check(SqlNode validated) {
        new CorrelatedSubQueries(true).visitQuery(validated, 0);
    }

    /** The position of the first correlated sub-query of {@code validated}, or {@code null} when it has none. */
    public static SqlParserPos firstCorrelated(SqlNode validated) {
        CorrelatedSubQueries finder = new CorrelatedSubQueries(false);
        finder.visitQuery(validated, 0);
        return finder.firstCorrelated == null ? null : finder.firstCorrelated.getParserPosition();
    }

    private void visitQuery(SqlNode node, int level) {
        if (node instanceof SqlSelect select) {
            visitSelect(select, level);
        } else if (node instanceof SqlOrderBy orderBy) {
            visitQuery(orderBy.query, level);
        } else if (node instanceof SqlWith with) {
            for (SqlNode item : with.withList) {
                visitQuery(((SqlWithItem) item).query, level);
            }
            visitQuery(with.body, level);
        } else if (node instanceof SqlCall call && (node.getKind().belongsTo(SqlKind.SET_QUERY)
                || node.getKind() == SqlKind.VALUES)) {
            for (SqlNode operand : call.getOperandList()) {
                if (operand != null) {
                    visitQuery(operand, level);
                }
            }
        } else if (node instanceof SqlCall call && node.getKind() == SqlKind.ROW) {
            call.getOperandList().forEach(o -> visitExpression(o, level));
        } else if (node != null && !(node instanceof SqlIdentifier)) {
            visitExpression(node, level);
        }
    }

    private void visitSelect(SqlSelect select, int level) {
        // A query in FROM sees the queries around this one, not this one's own aliases.
        visitFrom(select.getFrom(), level);
        frames.push(new Frame(aliases(select.getFrom()), level));
        visitExpression(select.getSelectList(), level);
        visitExpression(select.getWhere(), level);
        visitExpression(select.getGroup(), level);
        visitExpression(select.getHaving(), level);
        frames.pop();
    }

    private void visitFrom(SqlNode from, int level) {
        if (from == null) {
            return;
        }
        if (from instanceof SqlJoin join) {
            visitFrom(join.getLeft(), level);
            visitFrom(join.getRight(), level);
            frames.push(new Frame(aliases(join), level));
            visitExpression(join.getCondition(), level);
            frames.pop();
        } else if (from.getKind() == SqlKind.AS) {
            visitFrom(((SqlCall) from).operand(0), level);
        } else if (!(from instanceof SqlIdentifier)) {
            visitQuery(from, level);
        }
    }

    private void visitExpression(SqlNode node, int level) {
        if (node == null) {
            return;
        }
        if (node instanceof SqlNodeList list) {
            list.forEach(n -> visitExpression(n, level));
        } else if (node instanceof SqlIdentifier identifier) {
            resolve(identifier, level);
        } else if (isQuery(node)) {
            subQueries.add(node);
            visitQuery(node, level + 1);
            subQueries.remove(subQueries.size() - 1);
        } else if (node instanceof SqlCall call) {
            for (SqlNode operand : call.getOperandList()) {
                visitExpression(operand, level);
            }
        }
    }

    private static boolean isQuery(SqlNode node) {
        return node instanceof SqlSelect || node instanceof SqlOrderBy || node instanceof SqlWith
                || node.getKind().belongsTo(SqlKind.SET_QUERY)
                || node instanceof SqlBasicCall call && call.getKind() == SqlKind.VALUES;
    }

    /** Resolves {@code alias.column}, read at {@code level}, to the nearest SELECT that has the alias. */
    private void resolve(SqlIdentifier identifier, int level) {
        if (identifier.names.size() < 2 || identifier.isStar()) {
            return;
        }
        String alias = identifier.names.get(0);
        for (Frame frame : frames) {
            if (frame.aliases().contains(alias)) {
                if (frame.level() < level && firstCorrelated == null) {
                    firstCorrelated = subQueries.get(frame.level());
                }
                if (frame.level() < level - 1 && failOnDeepReference) {
                    SqlParserPos pos = identifier.getParserPosition();
                    throw new SqlExecutionException("A subquery that reads a column of a query around its enclosing"
                            + " subquery (" + identifier + ") is not supported yet", pos.getLineNum(),
                            pos.getColumnNum(), null);
                }
                return;
            }
        }
    }

    /** The aliases a FROM clause introduces: {@code t AS x} is {@code x}, a table {@code db.t} is {@code t}. */
    private static Set<String> aliases(SqlNode from) {
        Set<String> aliases = new HashSet<>();
        collectAliases(from, aliases);
        return aliases;
    }

    private static void collectAliases(SqlNode from, Set<String> aliases) {
        if (from == null) {
            return;
        }
        if (from instanceof SqlJoin join) {
            collectAliases(join.getLeft(), aliases);
            collectAliases(join.getRight(), aliases);
        } else if (from.getKind() == SqlKind.AS) {
            aliases.add(((SqlIdentifier) ((SqlCall) from).operand(1)).getSimple());
        } else if (from instanceof SqlIdentifier table) {
            aliases.add(table.names.get(table.names.size() - 1));
        }
    }
}
