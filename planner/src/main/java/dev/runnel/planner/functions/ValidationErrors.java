package dev.runnel.planner.functions;

import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.validate.SqlValidatorException;

/** Validation errors of functions, at the position of the call (line:column), as Calcite's own. */
final class ValidationErrors {
    private ValidationErrors() {
    }

    static CalciteContextException at(SqlNode node, String message) {
        SqlParserPos pos = node.getParserPosition();
        return new CalciteContextException(message, new SqlValidatorException(message, null), pos.getLineNum(),
                pos.getColumnNum(), pos.getEndLineNum(), pos.getEndColumnNum());
    }
}
