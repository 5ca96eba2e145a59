package dev.runnel.planner.validate;

import dev.runnel.planner.session.SqlExecutionException;
import dev.runnel.sql.parser.RunnelSqlParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * Rewrites Flink's legacy group window aggregation into the windowing table function form that
 * the planner runs, before validation:
 *
 * <pre>{@code
 * SELECT bidder, COUNT(*), SESSION_START(ts, INTERVAL '10' SECOND), SESSION_END(ts, INTERVAL '10' SECOND)
 * FROM bid GROUP BY bidder, SESSION(ts, INTERVAL '10' SECOND)
 * -- becomes
 * SELECT bidder, COUNT(*), bid.window_start, bid.window_end
 * FROM TABLE(SESSION(TABLE bid PARTITION BY (bidder), DESCRIPTOR(ts), INTERVAL '10' SECOND)) AS bid
 * GROUP BY bidder, bid.window_start, bid.window_end
 * }</pre>
 *
 * <p>{@code TUMBLE(ts, size [, offset])}, {@code HOP(ts, slide, size [, offset])} and
 * {@code SESSION(ts, gap)} in GROUP BY, with their {@code _START}, {@code _END} and
 * {@code _ROWTIME} auxiliaries, as in Flink; the window bounds are the same as the table
 * functions' (for sessions the end is the last row's time plus the gap). The FROM clause must
 * be one table or view; the rest is refused as not supported yet.
 */
public final class GroupWindowFunctions {
    private static final List<String> GROUP_FUNCTIONS = List.of("TUMBLE", "HOP", "SESSION");

    private GroupWindowFunctions() {
    }

    /** {@code statement} with every legacy group window aggregation rewritten (in place, and returned). */
    public static SqlNode rewrite(SqlNode statement) {
        statement.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
                if (call instanceof SqlSelect select) {
                    rewrite(select);
                }
                return super.visit(call);
            }
        });
        return statement;
    }

    private static void rewrite(SqlSelect select) {
        SqlNodeList groupBy = select.getGroup();
        if (groupBy == null) {
            return;
        }
        SqlCall window = null;
        List<SqlNode> keys = new ArrayList<>();
        for (SqlNode item : groupBy) {
            if (groupFunction(item) != null) {
                if (window != null) {
                    throw unsupported("More than one group window function in a GROUP BY", item);
                }
                window = (SqlCall) item;
            } else {
                keys.add(item);
            }
        }
        if (window == null) {
            return;
        }
        String function = groupFunction(window);
        SqlNode from = select.getFrom();
        SqlIdentifier table = from instanceof SqlIdentifier id ? id : null;
        SqlIdentifier alias = table;
        if (from != null && from.getKind() == SqlKind.AS && ((SqlCall) from).operand(0) instanceof SqlIdentifier id
                && ((SqlCall) from).getOperandList().size() == 2) {
            table = id;
            alias = ((SqlCall) from).operand(1);
        }
        if (table == null) {
            throw unsupported("A group window function " + function + "(...) over a join or subquery (use the "
                    + function + " window table function)", window);
        }
        String aliasName = alias.names.get(alias.names.size() - 1);
        List<SqlNode> operands = window.getOperandList();
        if (!(operands.get(0) instanceof SqlIdentifier time)) {
            throw unsupported("A group window function over an expression instead of a time column", window);
        }
        StringBuilder tvf = new StringBuilder("SELECT * FROM TABLE(").append(function).append("(TABLE ")
                .append(quoted(table.names));
        if (function.equals("SESSION") && !keys.isEmpty()) {
            tvf.append(" PARTITION BY (").append(keys.stream().map(k -> column(k, function))
                    .collect(Collectors.joining(", "))).append(')');
        }
        tvf.append(", DESCRIPTOR(").append(quoted(List.of(last(time)))).append(')');
        for (SqlNode size : operands.subList(1, operands.size())) {
            tvf.append(", ").append(RunnelSqlParser.toSql(size));
        }
        tvf.append(")) AS ").append(quoted(List.of(aliasName)));
        select.setFrom(((SqlSelect) parse(tvf.toString(), window)).getFrom());

        SqlParserPos pos = window.getParserPosition();
        List<SqlNode> group = new ArrayList<>(keys);
        group.add(new SqlIdentifier(List.of(aliasName, "window_start"), pos));
        group.add(new SqlIdentifier(List.of(aliasName, "window_end"), pos));
        select.setGroupBy(new SqlNodeList(group, groupBy.getParserPosition()));
        Auxiliaries auxiliaries = new Auxiliaries(function, aliasName);
        select.setSelectList((SqlNodeList) select.getSelectList().accept(auxiliaries));
        if (select.getHaving() != null) {
            select.setHaving(select.getHaving().accept(auxiliaries));
        }
    }

    /** Replaces {@code F_START(...)}, {@code F_END(...)} and {@code F_ROWTIME(...)} by the window columns. */
    private static final class Auxiliaries extends SqlShuttle {
        private final String function;
        private final String alias;

        Auxiliaries(String function, String alias) {
            this.function = function;
            this.alias = alias;
        }

        @Override
        public SqlNode visit(SqlCall call) {
            String name = name(call);
            if (name.startsWith(function + "_")) {
                String column = switch (name.substring(function.length() + 1)) {
                    case "START" -> "window_start";
                    case "END" -> "window_end";
                    case "ROWTIME" -> "window_time";
                    default -> throw unsupported(name, call);
                };
                return new SqlIdentifier(List.of(alias, column), call.getParserPosition());
            }
            if (groupFunction(call) != null) {
                return new SqlIdentifier(List.of(alias, "window_start"), call.getParserPosition());
            }
            return super.visit(call);
        }
    }

    private static String groupFunction(SqlNode node) {
        if (node instanceof SqlBasicCall call) {
            String name = name(call);
            if (GROUP_FUNCTIONS.contains(name) && !call.getOperandList().isEmpty()
                    && call.operand(0).getKind() != SqlKind.EXPLICIT_TABLE
                    && call.operand(0).getKind() != SqlKind.SET_SEMANTICS_TABLE) {
                return name;
            }
        }
        return null;
    }

    /** The function's name; Calcite's parser names its group window functions {@code $TUMBLE} etc. */
    private static String name(SqlCall call) {
        String name = call.getOperator().getName().toUpperCase(Locale.ROOT);
        return name.startsWith("$") ? name.substring(1) : name;
    }

    private static String column(SqlNode key, String function) {
        if (!(key instanceof SqlIdentifier id)) {
            throw unsupported("A GROUP BY expression other than a column next to " + function + "(...)", key);
        }
        return quoted(List.of(last(id)));
    }

    private static String last(SqlIdentifier id) {
        return id.names.get(id.names.size() - 1);
    }

    private static String quoted(List<String> names) {
        return names.stream().map(n -> "`" + n.replace("`", "``") + "`").collect(Collectors.joining("."));
    }

    private static SqlNode parse(String sql, SqlNode at) {
        try {
            return RunnelSqlParser.parse(sql);
        } catch (SqlParseException e) {
            throw new SqlExecutionException("Cannot rewrite the group window function at line "
                    + at.getParserPosition().getLineNum() + ": " + e.getMessage(), e);
        }
    }

    private static SqlExecutionException unsupported(String feature, SqlNode node) {
        SqlParserPos pos = node.getParserPosition();
        return new SqlExecutionException(feature + " is not supported yet", pos.getLineNum(), pos.getColumnNum(), null);
    }
}
