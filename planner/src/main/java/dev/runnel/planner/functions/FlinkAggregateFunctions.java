package dev.runnel.planner.functions;

import java.util.Set;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.util.Optionality;

/**
 * Aggregate functions where Flink differs from Calcite's standard operator table:
 * {@code FIRST_VALUE} and {@code LAST_VALUE} are aggregates in Flink, usable with GROUP BY and
 * without it (Calcite's only as window functions: "OVER clause is necessary"); {@code BIT_AND},
 * {@code BIT_OR} and {@code BIT_XOR} do not exist in Flink, so a call fails validation as Flink's
 * does ("No match found for function signature …"). {@link #WELFORD_M2} is internal: the planner
 * rewrites the variance functions into it.
 */
public final class FlinkAggregateFunctions {
    private FlinkAggregateFunctions() {
    }

    public static final SqlAggFunction FIRST_VALUE = new GroupFirstLastValue(SqlKind.FIRST_VALUE);
    public static final SqlAggFunction LAST_VALUE = new GroupFirstLastValue(SqlKind.LAST_VALUE);

    /**
     * Flink's internal {@code WELFORD_M2(x)}: the sum of squared deviations from the mean of the
     * non-null values, DOUBLE (NULL over none).
     */
    public static final SqlAggFunction WELFORD_M2 = new SqlAggFunction("$WELFORD_M2", null, SqlKind.OTHER_FUNCTION,
            ReturnTypes.DOUBLE_NULLABLE, null, OperandTypes.NUMERIC, SqlFunctionCategory.SYSTEM, false, false, Optionality.FORBIDDEN) {
    };

    /** Calcite's operators that Flink does not have, or has as the ones above. */
    private static final Set<SqlKind> REPLACED_OR_ABSENT = Set.of(SqlKind.FIRST_VALUE, SqlKind.LAST_VALUE,
            SqlKind.BIT_AND, SqlKind.BIT_OR, SqlKind.BIT_XOR);

    /** Flink's versions, to chain before Calcite's standard operators. */
    public static SqlOperatorTable table() {
        return SqlOperatorTables.of(FIRST_VALUE, LAST_VALUE);
    }

    /** {@code table} without the aggregate functions this class replaces or Flink lacks. */
    public static SqlOperatorTable withoutCalcites(SqlOperatorTable table) {
        return FilteredOperatorTable.of(table, FlinkAggregateFunctions::isVisible);
    }

    private static boolean isVisible(SqlOperator op) {
        return !(op instanceof SqlAggFunction && REPLACED_OR_ABSENT.contains(op.getKind()));
    }

    /**
     * FIRST_VALUE/LAST_VALUE as Flink declares them: an aggregate that needs no OVER clause (and
     * may have one), of the argument's type made nullable.
     */
    private static final class GroupFirstLastValue extends SqlAggFunction {
        GroupFirstLastValue(SqlKind kind) {
            super(kind.name(), null, kind, ReturnTypes.ARG0_FORCE_NULLABLE, null, OperandTypes.ANY,
                    SqlFunctionCategory.NUMERIC, false, false, Optionality.FORBIDDEN);
        }
    }
}
