package dev.runnel.planner.functions;

import java.util.List;
import java.util.stream.Stream;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.util.SqlOperatorTables;

/**
 * Flink's built-in scalar functions declared by family ({@link MathOperators},
 * {@link StringOperators}, {@link HashOperators}, {@link JsonOperators},
 * {@link TemporalOperators}, {@link SystemOperators}), as one operator table that
 * {@link RunnelOperatorTable} chains before Calcite's operators, so that these take precedence
 * over Calcite's functions of the same name.
 */
public final class FunctionFamilies {
    static final List<SqlOperator> ALL = Stream.of(MathOperators.ALL, StringOperators.ALL, HashOperators.ALL,
            JsonOperators.ALL, TemporalOperators.ALL, SystemOperators.ALL).flatMap(List::stream).toList();
    private static final SqlOperatorTable TABLE = SqlOperatorTables.of(ALL);

    private FunctionFamilies() {
    }

    static SqlOperatorTable table() {
        return TABLE;
    }

    /**
     * The names under which queries call Runnel's scalar functions (these and
     * {@link RunnelOperatorTable}'s, without window functions and internal ones), as
     * {@code docs/functions.md} lists them.
     */
    public static List<String> callableNames() {
        return RunnelOperatorTable.instance().getOperatorList().stream()
                .filter(op -> !WindowTableFunctions.ALL.contains(op) && !op.getName().startsWith("$"))
                .map(op -> op == StringOperators.TRANSLATE3_SIGNATURE ? "TRANSLATE" : op.getName())
                .distinct().sorted().toList();
    }
}
