package dev.runnel.planner.session;

import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlBasicVisitor;

/** Finds where a statement names a table, to point an error at it. */
final class TablePositions {
    private TablePositions() {
    }

    /** The position of the first identifier in {@code node} that ends with {@code table}, or {@link SqlParserPos#ZERO}. */
    static SqlParserPos find(SqlNode node, String table) {
        SqlParserPos[] found = {SqlParserPos.ZERO};
        node.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlIdentifier id) {
                if (found[0] == SqlParserPos.ZERO && !id.names.isEmpty()
                        && id.names.get(id.names.size() - 1).equals(table)) {
                    found[0] = id.getParserPosition();
                }
                return null;
            }
        });
        return found[0];
    }
}
