package dev.runnel.planner.validate;

import dev.runnel.planner.session.SqlExecutionException;
import java.math.BigDecimal;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.JoinType;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorException;
import org.apache.calcite.sql.validate.SqlValidatorScope;

/**
 * Flink's validation rules for collections that Calcite lacks: {@code CAST(collection AS STRING)}
 * is allowed (Calcite fails to type it), and an array element access by a constant index below 1
 * ({@code a[0]}) is an error at the index, with Flink's message.
 */
final class CollectionValidation {
    private CollectionValidation() {
    }

    /**
     * The type of {@code CAST(collection AS STRING)} (or CHAR, VARCHAR), or null when {@code expr} is
     * no such cast: the target type, nullable when the collection is. Calcite cannot derive it.
     */
    static RelDataType castToStringType(SqlValidator validator, SqlValidatorScope scope, SqlNode expr) {
        if (!(expr instanceof SqlCall call) || call.getKind() != SqlKind.CAST
                || !(call.operand(1) instanceof SqlDataTypeSpec spec)) {
            return null;
        }
        RelDataType target = spec.deriveType(validator);
        if (!SqlTypeUtil.isCharacter(target)) {
            return null;
        }
        RelDataType value = validator.deriveType(scope, call.operand(0));
        if (!SqlTypeUtil.isCollection(value) && !SqlTypeUtil.isMap(value)) {
            return null;
        }
        return validator.getTypeFactory().createTypeWithNullability(target, value.isNullable());
    }

    /**
     * @throws SqlExecutionException at {@code UNNEST} of several collections, at a RIGHT or FULL
     *         JOIN of {@code UNNEST} and at {@code ARRAY_AGG(x ORDER BY …)}, which are not supported yet
     *         (Flink fails on the first two and ignores the ORDER BY)
     */
    static void checkSyntax(SqlCall call) {
        if (call.getKind() == SqlKind.ARRAY_AGG) {
            for (SqlNode operand : call.getOperandList()) {
                if (operand instanceof SqlNodeList orderBy) {
                    throw unsupported("ORDER BY in ARRAY_AGG", orderBy);
                }
            }
        }
        if (call.getKind() == SqlKind.UNNEST && call.operandCount() > 1) {
            throw unsupported("UNNEST of several collections", call);
        }
        if (call instanceof SqlJoin join && (join.getJoinType() == JoinType.RIGHT || join.getJoinType() == JoinType.FULL)
                && unnest(join.getRight()) != null) {
            throw unsupported("A " + join.getJoinType() + " JOIN of UNNEST", unnest(join.getRight()));
        }
    }

    private static SqlNode unnest(SqlNode node) {
        if (node != null && node.getKind() == SqlKind.AS) {
            node = ((SqlCall) node).operand(0);
        }
        return node != null && node.getKind() == SqlKind.UNNEST ? node : null;
    }

    private static SqlExecutionException unsupported(String feature, SqlNode node) {
        SqlParserPos pos = node.getParserPosition();
        return new SqlExecutionException(feature + " is not supported yet", pos.getLineNum(), pos.getColumnNum(), null);
    }

    /**
     * @throws CalciteContextException for {@code a[i]} on an array with a constant {@code i < 1}, and
     *         for {@code CARDINALITY} of a multiset, with Flink's messages
     */
    static void checkCall(SqlCall call, SqlValidator validator, SqlValidatorScope scope) {
        if (call.getOperator() == SqlStdOperatorTable.CARDINALITY && call.operandCount() == 1
                && validator.deriveType(scope, call.operand(0)).getSqlTypeName() == SqlTypeName.MULTISET) {
            // Flink's CARDINALITY takes an array or a map only.
            throw error("Expect an array or a map.", call.getParserPosition());
        }
        if (call.getKind() != SqlKind.ITEM || call.operandCount() != 2
                || validator.deriveType(scope, call.operand(0)).getSqlTypeName() != SqlTypeName.ARRAY) {
            return;
        }
        SqlNode index = call.operand(1);
        BigDecimal value = index instanceof SqlLiteral literal ? literal.getValueAs(BigDecimal.class)
                : index.getKind() == SqlKind.MINUS_PREFIX && ((SqlCall) index).operand(0) instanceof SqlLiteral literal
                        ? literal.getValueAs(BigDecimal.class).negate() : null;
        if (value != null && value.signum() <= 0) {
            throw error("Array element access needs an index starting at 1 but was " + value.toPlainString() + ".",
                    index.getParserPosition());
        }
    }

    private static CalciteContextException error(String message, SqlParserPos pos) {
        return new CalciteContextException(message, new SqlValidatorException(message, null),
                pos.getLineNum(), pos.getColumnNum(), pos.getEndLineNum(), pos.getEndColumnNum());
    }
}
