package dev.runnel.planner.functions;

import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.CallImplementor;
import org.apache.calcite.adapter.enumerable.EnumUtils;
import org.apache.calcite.adapter.enumerable.NullPolicy;
import org.apache.calcite.adapter.enumerable.RexImpTable;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.Primitive;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.FunctionParameter;
import org.apache.calcite.schema.ImplementableFunction;
import org.apache.calcite.schema.ScalarFunction;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.SqlOperandMetadata;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;

/**
 * One {@code eval} overload of a {@link UserScalarFunction} as a SQL function. Calcite's
 * validator chooses among the overloads of a name by the argument types (as for functions of
 * a schema); the generated code calls {@code eval} on the instance that the generated class
 * holds in the field {@link UserScalarFunction#fieldName()}.
 *
 * <p>NULL as in Flink: a boxed parameter receives {@code null}; if an argument for a primitive
 * parameter is NULL, eval is not called and the result is NULL. The result is always nullable.
 */
public final class UserFunctionOperator extends SqlUserDefinedFunction {
    private static final Method RESCALE;

    static {
        try {
            RESCALE = RunnelFunctions.class.getMethod("rescale", BigDecimal.class, Integer.class, Integer.class);
        } catch (NoSuchMethodException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final UserScalarFunction function;
    private final Method eval;

    /**
     * @param path the function's full name: Calcite looks the call up again by it after choosing
     *     this operator, so a catalog function's must name its catalog and database
     */
    UserFunctionOperator(UserScalarFunction function, Method eval, List<String> path) {
        super(new SqlIdentifier(path, SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION,
                opBinding -> UserScalarFunction.sqlType(opBinding.getTypeFactory(), eval.getReturnType(), true),
                null, operands(eval), new Implementation(function, eval));
        this.function = function;
        this.eval = eval;
    }

    public UserScalarFunction function() {
        return function;
    }

    private static SqlOperandMetadata operands(Method eval) {
        Class<?>[] types = eval.getParameterTypes();
        List<SqlTypeFamily> families = new ArrayList<>();
        for (Class<?> type : types) {
            families.add(familyOf(type));
        }
        return OperandTypes.operandMetadata(families,
                typeFactory -> paramTypes(typeFactory, types),
                i -> "arg" + i, i -> false);
    }

    private static SqlTypeFamily familyOf(Class<?> type) {
        if (type == String.class) {
            return SqlTypeFamily.CHARACTER;
        }
        if (type == boolean.class || type == Boolean.class) {
            return SqlTypeFamily.BOOLEAN;
        }
        return SqlTypeFamily.NUMERIC;
    }

    private static List<RelDataType> paramTypes(RelDataTypeFactory typeFactory, Class<?>[] types) {
        List<RelDataType> result = new ArrayList<>();
        for (Class<?> type : types) {
            result.add(UserScalarFunction.sqlType(typeFactory, type, true));
        }
        return result;
    }

    /*
     * A user's function may have side effects or depend on state (Flink lets it say so with
     * isDeterministic); the planner must never evaluate it while planning (constant folding),
     * where no instance exists.
     */
    @Override
    public boolean isDeterministic() {
        return false;
    }

    /** {@code name(STRING, BIGINT)}: the SQL types this overload takes, for messages. */
    public String sqlSignature(RelDataTypeFactory typeFactory) {
        return getName() + paramTypes(typeFactory, eval.getParameterTypes()).stream()
                .map(t -> t.getFullTypeString().replace(" NOT NULL", "")).toList().toString()
                .replace('[', '(').replace(']', ')');
    }

    @Override
    public String toString() {
        return function.name() + " (" + function.functionClass().getName() + "." + UserScalarFunction.signature(eval) + ")";
    }

    /** Calls eval on the generated class's instance field. */
    private record Implementation(UserScalarFunction function, Method eval)
            implements ScalarFunction, ImplementableFunction {
        @Override
        public RelDataType getReturnType(RelDataTypeFactory typeFactory) {
            return UserScalarFunction.sqlType(typeFactory, eval.getReturnType(), true);
        }

        @Override
        public List<FunctionParameter> getParameters() {
            return List.of();
        }

        @Override
        public CallImplementor getImplementor() {
            return RexImpTable.createImplementor((translator, call, operands) -> {
                Class<?>[] types = eval.getParameterTypes();
                List<Expression> args = new ArrayList<>();
                Expression anyPrimitiveNull = null;
                for (int i = 0; i < types.length; i++) {
                    Expression operand = operands.get(i);
                    RexNode rex = call.getOperands().get(i);
                    if (types[i].isPrimitive() && rex.getType().isNullable()
                            && !(operand.getType() instanceof Class<?> c && c.isPrimitive())) {
                        Expression isNull = Expressions.equal(operand, Expressions.constant(null));
                        anyPrimitiveNull = anyPrimitiveNull == null ? isNull : Expressions.orElse(anyPrimitiveNull, isNull);
                    }
                    args.add(EnumUtils.convert(operand, types[i]));
                }
                Expression result = Expressions.call(Expressions.parameter(function.functionClass(), function.fieldName()),
                        eval, args);
                Class<?> boxed = Primitive.box(eval.getReturnType());
                if (eval.getReturnType().isPrimitive()) {
                    result = Expressions.box(result, Primitive.of(eval.getReturnType()));
                } else if (eval.getReturnType() == BigDecimal.class) {
                    // A DECIMAL value has the scale of its type; overflow gives NULL, as a cast does.
                    RelDataType type = call.getType();
                    result = Expressions.call(RESCALE, result, Expressions.constant(type.getPrecision()),
                            Expressions.constant(type.getScale()));
                }
                return anyPrimitiveNull == null ? result
                        : Expressions.condition(anyPrimitiveNull, Expressions.constant(null, boxed), result);
            }, NullPolicy.NONE, false);
        }
    }
}
