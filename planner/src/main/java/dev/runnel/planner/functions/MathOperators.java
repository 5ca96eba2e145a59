package dev.runnel.planner.functions;

import static dev.runnel.planner.functions.Declarations.STRING_NULLABLE;
import static dev.runnel.planner.functions.Declarations.byArity;
import static dev.runnel.planner.functions.Declarations.explicit;

import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;

/**
 * Flink's arithmetic functions that Calcite lacks or implements differently (LOG, E, SINH, COSH,
 * TANH, BIN, HEX, UNHEX, RAND, RAND_INTEGER, UUID), implemented by {@link MathFunctions}.
 */
final class MathOperators {
    static final SqlOperator LOG = new RunnelFunction("LOG", ReturnTypes.DOUBLE_NULLABLE,
            OperandTypes.or(OperandTypes.NUMERIC, OperandTypes.NUMERIC_NUMERIC),
            StaticMethods.byArity(MathFunctions.class, "log"), true);
    static final SqlOperator E = new RunnelFunction("E", ReturnTypes.DOUBLE, List.of(), 0,
            StaticMethods.byArity(MathFunctions.class, "e"), true, SqlSyntax.FUNCTION);
    static final SqlOperator SINH = byArity(MathFunctions.class, "SINH", ReturnTypes.DOUBLE_NULLABLE, 1,
            SqlTypeFamily.NUMERIC);
    static final SqlOperator COSH = byArity(MathFunctions.class, "COSH", ReturnTypes.DOUBLE_NULLABLE, 1,
            SqlTypeFamily.NUMERIC);
    static final SqlOperator TANH = byArity(MathFunctions.class, "TANH", ReturnTypes.DOUBLE_NULLABLE, 1,
            SqlTypeFamily.NUMERIC);
    static final SqlOperator BIN = byArity(MathFunctions.class, "BIN", STRING_NULLABLE, 1, SqlTypeFamily.INTEGER);
    static final SqlOperator HEX = Declarations.byRepresentation(MathFunctions.class, "HEX", STRING_NULLABLE,
            OperandTypes.or(OperandTypes.family(SqlTypeFamily.INTEGER), OperandTypes.family(SqlTypeFamily.CHARACTER)));
    static final SqlOperator UNHEX = byArity(MathFunctions.class, "UNHEX",
            explicit(SqlTypeName.VARBINARY, Integer.MAX_VALUE).andThen(SqlTypeTransforms.FORCE_NULLABLE), 1,
            SqlTypeFamily.CHARACTER);
    /**
     * {@code ROUND(x[, digits])} and {@code TRUNCATE(x[, digits])} with Flink's result types: a
     * DECIMAL(p, s) rounded to a literal {@code r} digits is DECIMAL(1 + p - s + r, r) (unchanged
     * for r ≥ s, DECIMAL(1 + p - s, 0) for r < 0); other numbers keep their type.
     */
    private static final SqlReturnTypeInference ROUNDING_TYPE =
            ((SqlReturnTypeInference) MathOperators::roundingType).andThen(SqlTypeTransforms.TO_NULLABLE);
    static final SqlOperator ROUND = rounding("ROUND");
    static final SqlOperator TRUNCATE = rounding("TRUNCATE");
    static final SqlOperator RAND = new RunnelFunction("RAND",
            explicit(SqlTypeName.DOUBLE).andThen(SqlTypeTransforms.TO_NULLABLE),
            OperandTypes.or(OperandTypes.NILADIC, OperandTypes.family(SqlTypeFamily.INTEGER)),
            call -> random(call, "rand", "randSequence"), MathOperators::withCallSite, false);
    static final SqlOperator RAND_INTEGER = new RunnelFunction("RAND_INTEGER",
            explicit(SqlTypeName.INTEGER).andThen(SqlTypeTransforms.TO_NULLABLE),
            OperandTypes.or(OperandTypes.family(SqlTypeFamily.INTEGER),
                    OperandTypes.family(SqlTypeFamily.INTEGER, SqlTypeFamily.INTEGER)),
            call -> call.getOperands().size() == 1 ? StaticMethods.method(MathFunctions.class, "randInteger", 1)
                    : random(call, "randInteger", "randIntegerSequence"),
            MathOperators::withCallSite, false);
    /** Flink's UUID() is CHAR(36) NOT NULL. */
    static final SqlOperator UUID = new RunnelFunction("UUID", explicit(SqlTypeName.CHAR, 36), List.of(), 0,
            StaticMethods.byArity(MathFunctions.class, "uuid"), false, SqlSyntax.FUNCTION);

    static final List<SqlOperator> ALL = List.of(LOG, E, SINH, COSH, TANH, BIN, HEX, UNHEX, ROUND, TRUNCATE, RAND, RAND_INTEGER,
            UUID);

    private MathOperators() {
    }

    private static SqlOperator rounding(String name) {
        String method = Declarations.methodName(name);
        return new RunnelFunction(name, ROUNDING_TYPE,
                OperandTypes.or(OperandTypes.NUMERIC, OperandTypes.NUMERIC_INTEGER),
                call -> switch (call.getType().getSqlTypeName()) {
                    case DECIMAL -> StaticMethods.method(MathFunctions.class, method, BigDecimal.class, Long.class,
                            Long.class);
                    case TINYINT, SMALLINT, INTEGER, BIGINT -> StaticMethods.method(MathFunctions.class, method,
                            Long.class, Long.class);
                    default -> StaticMethods.method(MathFunctions.class, method, Double.class, Long.class);
                },
                (call, operands) -> {
                    List<Expression> args = new ArrayList<>(operands);
                    if (args.size() == 1) {
                        args.add(Expressions.constant(0L));
                    }
                    if (call.getType().getSqlTypeName() == SqlTypeName.DECIMAL) {
                        args.add(Expressions.constant((long) call.getType().getScale()));
                    }
                    return args;
                }, true);
    }

    private static RelDataType roundingType(SqlOperatorBinding binding) {
        RelDataType number = binding.getOperandType(0);
        if (number.getSqlTypeName() != SqlTypeName.DECIMAL) {
            return number;
        }
        Integer digits = binding.getOperandCount() == 1 ? Integer.valueOf(0)
                : binding.isOperandLiteral(1, false) ? binding.getOperandLiteralValue(1, Integer.class) : null;
        if (digits == null) {
            return number;
        }
        int p = number.getPrecision();
        int s = number.getScale();
        int precision;
        int scale;
        if (digits >= s) {
            precision = p;
            scale = s;
        } else if (digits < 0) {
            precision = Math.min(38, 1 + p - s);
            scale = 0;
        } else {
            precision = 1 + p - s + digits;
            scale = digits;
        }
        RelDataType type = binding.getTypeFactory().createSqlType(SqlTypeName.DECIMAL, precision, scale);
        return binding.getTypeFactory().createTypeWithNullability(type, number.isNullable());
    }

    /*
     * A literal seed starts one sequence for the call site (the method taking the site), a
     * computed one a fresh sequence for each row, as in Flink.
     */
    private static Method random(RexCall call, String fresh, String sequence) {
        int operands = call.getOperands().size();
        if (operands > 0 && call.getOperands().get(0) instanceof RexLiteral) {
            return StaticMethods.method(MathFunctions.class, sequence, operands + 1);
        }
        return StaticMethods.method(MathFunctions.class, fresh, operands);
    }

    private static List<Expression> withCallSite(RexCall call, List<Expression> operands) {
        if (operands.isEmpty() || !(call.getOperands().get(0) instanceof RexLiteral)
                || call.getOperator() == RAND_INTEGER && operands.size() == 1) {
            return operands;
        }
        List<Expression> args = new ArrayList<>();
        args.add(Expressions.constant(ThreadLocalRandom.current().nextLong()));
        args.addAll(operands);
        return args;
    }
}
