package dev.runnel.planner.functions;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.validate.SqlNameMatcher;

/**
 * An operator table that hides some operators of another: where Runnel replaces one of Calcite's
 * operators with Flink's, both being found would leave a call unresolved (or resolve it to the
 * wrong one), and where Flink lacks a function its call must not validate.
 */
final class FilteredOperatorTable implements SqlOperatorTable {
    private final SqlOperatorTable table;
    private final Predicate<SqlOperator> visible;

    private FilteredOperatorTable(SqlOperatorTable table, Predicate<SqlOperator> visible) {
        this.table = table;
        this.visible = visible;
    }

    /** {@code table} showing only the operators that {@code visible} accepts. */
    static SqlOperatorTable of(SqlOperatorTable table, Predicate<SqlOperator> visible) {
        return new FilteredOperatorTable(table, visible);
    }

    @Override
    public void lookupOperatorOverloads(SqlIdentifier name, SqlFunctionCategory category, SqlSyntax syntax,
                                        List<SqlOperator> operators, SqlNameMatcher matcher) {
        List<SqlOperator> found = new ArrayList<>();
        table.lookupOperatorOverloads(name, category, syntax, found, matcher);
        found.stream().filter(visible).forEach(operators::add);
    }

    @Override
    public List<SqlOperator> getOperatorList() {
        return table.getOperatorList().stream().filter(visible).toList();
    }
}
