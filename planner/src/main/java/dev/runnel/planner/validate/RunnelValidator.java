package dev.runnel.planner.validate;

import java.util.Locale;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlValidatorCatalogReader;
import org.apache.calcite.sql.validate.SqlValidatorException;
import org.apache.calcite.sql.validate.SqlValidatorImpl;
import org.apache.calcite.sql.validate.SqlValidatorScope;

/**
 * Calcite's validator with one stricter rule: a number or boolean is not compared with a
 * character string (Calcite would accept {@code amount > 'x'} and fail on every row at run
 * time); such a comparison needs an explicit {@code CAST}.
 */
final class RunnelValidator extends SqlValidatorImpl {

    RunnelValidator(SqlOperatorTable opTab, SqlValidatorCatalogReader catalogReader, RelDataTypeFactory typeFactory,
                    Config config) {
        super(opTab, catalogReader, typeFactory, config);
    }

    @Override
    public void validateCall(SqlCall call, SqlValidatorScope scope) {
        super.validateCall(call, scope);
        if (call.getKind().belongsTo(SqlKind.BINARY_COMPARISON) && call.operandCount() == 2) {
            RelDataType left = deriveType(scope, call.operand(0));
            RelDataType right = deriveType(scope, call.operand(1));
            if (mixesStringAndNonString(left, right) || mixesStringAndNonString(right, left)) {
                String op = call.getOperator().getName();
                String message = String.format(Locale.ROOT,
                        "Cannot apply '%s' to arguments of type '<%s> %s <%s>'. Use CAST to compare values of different types",
                        op, left.getFullTypeString().replace(" NOT NULL", ""), op,
                        right.getFullTypeString().replace(" NOT NULL", ""));
                SqlParserPos pos = call.getParserPosition();
                throw new CalciteContextException(message, new SqlValidatorException(message, null),
                        pos.getLineNum(), pos.getColumnNum(), pos.getEndLineNum(), pos.getEndColumnNum());
            }
        }
    }

    private static boolean mixesStringAndNonString(RelDataType a, RelDataType b) {
        if (!SqlTypeUtil.isCharacter(a)) {
            return false;
        }
        SqlTypeFamily family = b.getSqlTypeName().getFamily();
        return family == SqlTypeFamily.NUMERIC || family == SqlTypeFamily.BOOLEAN;
    }
}
