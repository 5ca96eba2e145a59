package dev.runnel.planner.validate;

import dev.runnel.planner.functions.FunctionValidation;
import dev.runnel.planner.functions.JsonOperators;
import dev.runnel.planner.functions.UserFunctionOperator;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.runtime.CalciteException;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.SqlUtil;
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
 * time); such a comparison needs an explicit {@code CAST}. And one laxer rule, Flink's:
 * {@code COALESCE} takes untyped {@code NULL}s ({@code COALESCE(NULL, 1)}). A call of a
 * user-defined function that fits none of its overloads names the signatures it has.
 */
final class RunnelValidator extends SqlValidatorImpl {

    RunnelValidator(SqlOperatorTable opTab, SqlValidatorCatalogReader catalogReader, RelDataTypeFactory typeFactory,
                    Config config) {
        super(opTab, catalogReader, typeFactory, config);
    }

    /*
     * Calcite rewrites COALESCE into a CASE that tests each operand, and an untyped NULL
     * cannot be tested. A NULL operand never is COALESCE's value, so it is dropped first.
     * With one operand left, it is given twice: COALESCE(x, x) keeps the type, the value and
     * the generated column name (EXPR$n) that COALESCE(NULL, x) has in Flink.
     */
    @Override
    protected SqlNode performUnconditionalRewrites(SqlNode node, boolean underFrom) {
        if (node instanceof SqlCall call && call.getOperator().getName().equalsIgnoreCase("COALESCE")
                && call.operandCount() > 1) {
            List<SqlNode> kept = new ArrayList<>();
            for (SqlNode operand : call.getOperandList()) {
                if (!SqlUtil.isNullLiteral(operand, false)) {
                    kept.add(operand);
                }
            }
            if (!kept.isEmpty() && kept.size() < call.operandCount()) {
                if (kept.size() == 1) {
                    kept.add(kept.get(0));
                }
                node = call.getOperator().createCall(call.getFunctionQuantifier(), call.getParserPosition(),
                        kept.toArray(SqlNode[]::new));
            }
        }
        if (node instanceof SqlCall call) {
            JsonOperators.rewriteJsonValues(call);
        }
        return super.performUnconditionalRewrites(node, underFrom);
    }

    @Override
    public void validateCall(SqlCall call, SqlValidatorScope scope) {
        super.validateCall(call, scope);
        FunctionValidation.check(call, operand -> deriveType(scope, operand));
        CollectionValidation.checkCall(call, this, scope);
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

    /* Flink casts collections to strings ({@code CAST(ARRAY[1] AS STRING)} is '[1]'); Calcite cannot type it. */
    @Override
    public RelDataType deriveType(SqlValidatorScope scope, SqlNode expr) {
        RelDataType known = getValidatedNodeTypeIfKnown(expr);
        if (known != null) {
            return known;
        }
        RelDataType castToString = CollectionValidation.castToStringType(this, scope, expr);
        if (castToString != null) {
            setValidatedNodeType(expr, castToString);
            return castToString;
        }
        return super.deriveType(scope, expr);
    }

    /*
     * A call of a user-defined function that fits none of its eval methods: Calcite would only
     * say that nothing matches; the user needs the signatures there are.
     */
    @Override
    public CalciteException handleUnresolvedFunction(SqlCall call, SqlOperator unresolvedFunction,
                                                     List<RelDataType> argTypes, List<String> argNames) {
        List<SqlOperator> overloads = new ArrayList<>();
        getOperatorTable().lookupOperatorOverloads(unresolvedFunction.getNameAsId(), null, SqlSyntax.FUNCTION,
                overloads, getCatalogReader().nameMatcher());
        List<String> signatures = overloads.stream().filter(UserFunctionOperator.class::isInstance)
                .map(op -> ((UserFunctionOperator) op).sqlSignature(getTypeFactory())).toList();
        if (signatures.isEmpty()) {
            return super.handleUnresolvedFunction(call, unresolvedFunction, argTypes, argNames);
        }
        String message = "Invalid call " + unresolvedFunction.getName() + "(" + String.join(", ",
                argTypes.stream().map(t -> t.getFullTypeString().replace(" NOT NULL", "")).toList())
                + "): no eval method takes these arguments; the function takes " + String.join(" or ", signatures);
        SqlParserPos pos = call.getParserPosition();
        throw new CalciteContextException(message, new SqlValidatorException(message, null),
                pos.getLineNum(), pos.getColumnNum(), pos.getEndLineNum(), pos.getEndColumnNum());
    }

    private static boolean mixesStringAndNonString(RelDataType a, RelDataType b) {
        if (!SqlTypeUtil.isCharacter(a)) {
            return false;
        }
        SqlTypeFamily family = b.getSqlTypeName().getFamily();
        return family == SqlTypeFamily.NUMERIC || family == SqlTypeFamily.BOOLEAN;
    }
}
