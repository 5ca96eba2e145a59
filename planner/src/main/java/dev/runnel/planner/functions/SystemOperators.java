package dev.runnel.planner.functions;

import static dev.runnel.planner.functions.Declarations.STRING_FORCE_NULLABLE;
import static dev.runnel.planner.functions.Declarations.explicit;

import java.util.List;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.SqlOperandCountRanges;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;

/** TYPEOF and CURRENT_DATABASE: functions whose value the plan knows. */
final class SystemOperators {
    /**
     * {@code TYPEOF(x[, forceSerializable])}: the type of {@code x} as Flink spells it, a
     * constant of the plan ({@link TypeStrings}); {@code x} is not evaluated.
     */
    static final SqlOperator TYPEOF = new RunnelFunction("TYPEOF", STRING_FORCE_NULLABLE,
            OperandTypes.repeat(SqlOperandCountRanges.between(1, 2), OperandTypes.ANY),
            call -> StaticMethods.method(MathFunctions.class, "constant", String.class),
            (call, operands) -> List.of(Expressions.constant(typeString(call))), true) {
        @Override
        public boolean checkOperandTypes(SqlCallBinding callBinding, boolean throwOnFailure) {
            boolean ok = callBinding.getOperandCount() == 1
                    || SqlTypeFamily.BOOLEAN.contains(callBinding.getOperandType(1))
                    && callBinding.isOperandLiteral(1, false);
            if (!ok && throwOnFailure) {
                throw callBinding.newValidationSignatureError();
            }
            return ok;
        }

        @Override
        public String getAllowedSignatures(String opNameToUse) {
            return "TYPEOF(<ANY>)\nTYPEOF(<ANY>, <BOOLEAN literal>)";
        }
    };
    /**
     * {@code CURRENT_DATABASE()}: the session's current database when the query is planned;
     * {@link FlinkConvertletTable} turns the call into that name.
     */
    static final SqlOperator CURRENT_DATABASE = new RunnelFunction("CURRENT_DATABASE",
            explicit(SqlTypeName.VARCHAR, Integer.MAX_VALUE), List.of(), 0,
            call -> {
                throw new IllegalStateException("CURRENT_DATABASE() is converted into a literal");
            }, false, SqlSyntax.FUNCTION);

    static final List<SqlOperator> ALL = List.of(TYPEOF, CURRENT_DATABASE);

    private SystemOperators() {
    }

    private static String typeString(RexCall call) {
        boolean serializable = call.getOperands().size() == 2
                && call.getOperands().get(1) instanceof RexLiteral literal && Boolean.TRUE.equals(literal.getValueAs(
                Boolean.class));
        var type = call.getOperands().get(0).getType();
        return serializable ? TypeStrings.serializable(type) : TypeStrings.summary(type);
    }
}
