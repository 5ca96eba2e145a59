package dev.runnel.planner.session;

import dev.runnel.planner.catalog.Catalog;
import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.planner.catalog.ObjectIdentifier;
import dev.runnel.planner.catalog.TableColumn;
import dev.runnel.runtime.types.RowType;
import dev.runnel.sql.parser.ddl.SqlCreateTable;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * {@code CREATE TABLE t [(columns)] WITH (...) AS query}, as in Flink: the table's physical
 * columns are the query's (a declared column of the same name sets its type; declared columns
 * the query lacks come first), the table is created, and {@code INSERT INTO t (query columns)
 * query} is submitted. If that insert cannot be planned or submitted, the table is dropped
 * again, so a failing statement leaves the catalog as it was.
 */
final class CreateTableAsCommand {
    private final Catalog catalog;
    private final QueryPlanner planner;
    private final CreateTableCommand createTable;

    /** @param resolver resolves a table name against the current catalog and database */
    CreateTableAsCommand(Catalog catalog, QueryPlanner planner, Function<SqlIdentifier, ObjectIdentifier> resolver) {
        this.catalog = catalog;
        this.planner = planner;
        this.createTable = new CreateTableCommand(catalog, planner, resolver);
    }

    /**
     * @param runInsert plans and submits an {@code INSERT}, returning
     *                  {@link StatementResult.JobSubmitted}
     */
    StatementResult execute(SqlCreateTable create, Function<SqlNode, StatementResult> runInsert) {
        // Validation rewrites the tree it validates: the query is planned for its types on a copy.
        RowType queryType = planner.plan(deepCopy(create.query())).outputType();
        List<TableColumn> derived = new ArrayList<>();
        for (RowType.Field field : queryType.fields()) {
            derived.add(new TableColumn.Physical(field.name(), field.type(), null));
        }
        CatalogTable table = createTable.toCatalogTable(create, derived);
        ObjectIdentifier id = table.identifier();
        boolean exists = create.temporary() ? catalog.isTemporaryTable(id) : catalog.hasPermanentTable(id);
        if (exists && create.ifNotExists()) {
            return new StatementResult.Message("Table already exists.");
        }
        createTable.register(create, table);
        SqlParserPos pos = create.getParserPosition();
        SqlNodeList targetColumns = new SqlNodeList(pos);
        queryType.names().forEach(n -> targetColumns.add(new SqlIdentifier(n, pos)));
        SqlInsert insert = new SqlInsert(pos, SqlNodeList.EMPTY, create.name(), create.query(), targetColumns);
        try {
            return runInsert.apply(insert);
        } catch (RuntimeException e) {
            if (create.temporary()) {
                catalog.dropTemporaryTable(id, true);
            } else {
                catalog.dropTable(id, true);
            }
            throw e;
        }
    }

    /** A copy of {@code node} that shares no mutable part with it, positions kept. */
    static SqlNode deepCopy(SqlNode node) {
        return node.accept(new SqlShuttle() {
            @Override
            public SqlNode visit(SqlCall call) {
                ArgHandler<SqlNode> handler = new CallCopyingArgHandler(call, true);
                call.getOperator().acceptCall(this, call, false, handler);
                return handler.result();
            }

            @Override
            public SqlNode visit(SqlIdentifier id) {
                return id.clone(id.getParserPosition());
            }

            @Override
            public SqlNode visit(SqlLiteral literal) {
                return literal.clone(literal.getParserPosition());
            }

            @Override
            public SqlNode visit(SqlNodeList list) {
                SqlNodeList copy = new SqlNodeList(list.getParserPosition());
                for (SqlNode item : list) {
                    copy.add(item == null ? null : item.accept(this));
                }
                return copy;
            }
        });
    }
}
