package dev.runnel.planner.session;

import dev.runnel.planner.catalog.ObjectIdentifier;
import dev.runnel.planner.catalog.TypeConversions;
import dev.runnel.planner.parse.StatementParser;
import dev.runnel.runtime.types.RowType;
import dev.runnel.sql.parser.RunnelSqlParser;
import dev.runnel.sql.parser.ddl.SqlCreateView;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * What {@code CREATE VIEW} stores: the row type of the validated query (renamed by the view's
 * column list) and the query's text with every name fully qualified, so that expanding it later
 * means the same whatever database is current then.
 *
 * @param schema the view's columns
 * @param expandedQuery the validated query as SQL text
 */
record ViewDefinition(RowType schema, String expandedQuery) {

    /**
     * Validates the view's query in the current database.
     *
     * @throws SqlExecutionException with the position of whatever is wrong in the statement
     */
    static ViewDefinition of(QueryPlanner planner, SqlCreateView create, ObjectIdentifier id, String original) {
        QueryPlanner.ValidatedQuery validated = planner.validateQuery(create.query());
        RowType queryType = rowType(validated.rowType(), create.query().getParserPosition());
        RowType schema = rename(queryType, create);
        String expanded = RunnelSqlParser.toSql(validated.node());
        checkReproducible(planner, id, expanded, queryType, original);
        return new ViewDefinition(schema, expanded);
    }

    private static RowType rowType(RelDataType type, SqlParserPos pos) {
        try {
            return TypeConversions.toRowType(type);
        } catch (TypeConversions.UnsupportedTypeException e) {
            throw ObjectResolver.error(e.getMessage(), pos);
        }
    }

    private static RowType rename(RowType queryType, SqlCreateView create) {
        if (create.columnList().isEmpty()) {
            return queryType;
        }
        int given = create.columnList().size();
        if (given != queryType.fields().size()) {
            throw ObjectResolver.error("The view's column list has " + given + " names but its query has "
                    + queryType.fields().size() + " columns", create.columnList().getParserPosition());
        }
        List<RowType.Field> fields = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < given; i++) {
            SqlIdentifier name = (SqlIdentifier) create.columnList().get(i);
            if (!seen.add(name.getSimple())) {
                throw ObjectResolver.error("Duplicate column name '" + name.getSimple() + "' in view '"
                        + create.name() + "'", name.getParserPosition());
            }
            fields.add(new RowType.Field(name.getSimple(), queryType.fields().get(i).type()));
        }
        return new RowType(fields);
    }

    /**
     * The stored text must give the same columns when expanded: if unparsing ever lost
     * something, failing now beats a view that breaks the queries that read it.
     */
    private static void checkReproducible(QueryPlanner planner, ObjectIdentifier id, String expanded,
            RowType expected, String original) {
        RowType again;
        try {
            SqlNode reparsed = StatementParser.parse(expanded);
            again = TypeConversions.toRowType(
                    planner.validateQuery(reparsed, List.of(id.catalog(), id.database())).rowType());
        } catch (RuntimeException e) {
            throw new SqlExecutionException("Cannot store the view's query '" + original
                    + "': its expanded form does not validate again (" + e.getMessage() + ")", e);
        }
        if (!again.equals(expected)) {
            throw new SqlExecutionException("Cannot store the view's query '" + original
                    + "': its expanded form has columns " + again + " instead of " + expected);
        }
    }
}
