package dev.runnel.planner.functions;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.TimeZone;
import java.util.function.Function;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.enumerable.CallImplementor;
import org.apache.calcite.adapter.enumerable.EnumUtils;
import org.apache.calcite.adapter.enumerable.NullPolicy;
import org.apache.calcite.adapter.enumerable.RexImpTable;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.Primitive;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.schema.FunctionParameter;
import org.apache.calcite.schema.ImplementableFunction;
import org.apache.calcite.schema.ScalarFunction;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperandCountRange;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.SqlOperandMetadata;
import org.apache.calcite.sql.type.SqlOperandTypeChecker;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;

/**
 * A Flink function implemented by a public static method, chosen for each call by its
 * operands. It is a {@link SqlUserDefinedFunction}, so that Calcite's code generation
 * ({@code RexImpTable}) calls the method directly. The method handles NULLs itself; a method
 * whose last parameter is a {@link TimeZone} gets the session time zone from the generated
 * class's {@code DataContext} ({@code root.get("timeZone")}); a varargs method gets the
 * remaining operands as an array of its component type.
 */
class RunnelFunction extends SqlUserDefinedFunction {
    /**
     * Turns the generated expressions of the operands the user wrote into the arguments of the
     * method, for methods that need more than the operands' values (their SQL types, a constant).
     */
    @FunctionalInterface
    interface ArgumentAdapter {
        ArgumentAdapter NONE = (call, operands) -> operands;

        List<Expression> adapt(RexCall call, List<Expression> operands);
    }

    private final boolean deterministic;
    private final SqlOperandTypeChecker checker;
    private final List<SqlTypeFamily> families;

    /**
     * A function whose operands have {@code families}, the first {@code required} of them
     * mandatory.
     */
    RunnelFunction(String name, SqlReturnTypeInference returnType, List<SqlTypeFamily> families, int required,
                   Function<RexCall, Method> implementation, boolean deterministic, SqlSyntax syntax) {
        super(new SqlIdentifier(name, SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION, returnType, null,
                operands(families, required), new Implementation(implementation, ArgumentAdapter.NONE), syntax);
        this.deterministic = deterministic;
        this.checker = OperandTypes.family(families, i -> i >= required);
        this.families = families;
    }

    /** A function with any number of operands, checked by {@code checker}. */
    RunnelFunction(String name, SqlReturnTypeInference returnType, SqlOperandTypeChecker checker,
                   Function<RexCall, Method> implementation, boolean deterministic) {
        this(name, returnType, checker, implementation, ArgumentAdapter.NONE, deterministic);
    }

    /** A function with any number of operands, checked by {@code checker}, whose arguments {@code adapter} makes. */
    RunnelFunction(String name, SqlReturnTypeInference returnType, SqlOperandTypeChecker checker,
                   Function<RexCall, Method> implementation, ArgumentAdapter adapter, boolean deterministic) {
        super(new SqlIdentifier(name, SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION, returnType, null,
                null, new Implementation(implementation, adapter), SqlSyntax.FUNCTION);
        this.deterministic = deterministic;
        this.checker = checker;
        this.families = null;
    }

    /*
     * Calcite checks a user-defined function against its parameter types; these functions
     * are checked against type families, as Calcite's built-in functions are.
     */
    @Override
    public SqlOperandCountRange getOperandCountRange() {
        return checker.getOperandCountRange();
    }

    @Override
    public boolean checkOperandTypes(SqlCallBinding callBinding, boolean throwOnFailure) {
        if (families != null && callBinding.getOperandCount() <= families.size()) {
            // A family checker silently accepts a call with fewer operands than families.
            return OperandTypes.family(families.subList(0, callBinding.getOperandCount()))
                    .checkOperandTypes(callBinding, throwOnFailure);
        }
        return checker.checkOperandTypes(callBinding, throwOnFailure);
    }

    @Override
    public String getAllowedSignatures(String opNameToUse) {
        return checker.getAllowedSignatures(this, opNameToUse);
    }

    private static SqlOperandMetadata operands(List<SqlTypeFamily> families, int required) {
        return new Operands(OperandTypes.operandMetadata(families,
                typeFactory -> families.stream().map(f -> anyType(typeFactory)).toList(),
                i -> "arg" + i, i -> i >= required));
    }

    private static RelDataType anyType(RelDataTypeFactory typeFactory) {
        return typeFactory.createSqlType(SqlTypeName.ANY);
    }

    /*
     * Non-deterministic functions (the clock) must not be folded into constants when the
     * plan is optimized; neither may functions of the session time zone, which only the
     * generated code knows.
     */
    @Override
    public boolean isDeterministic() {
        return deterministic;
    }

    @Override
    public boolean isDynamicFunction() {
        return !deterministic;
    }

    /*
     * Calcite fills omitted optional operands of a function with fixed parameters with
     * DEFAULT(); these functions are overloads (LOCATE with 2 or 3 operands), so their
     * operands are not fixed and the implementation sees only those the user wrote.
     */
    private record Operands(SqlOperandMetadata families) implements SqlOperandMetadata {
        @Override
        public List<RelDataType> paramTypes(RelDataTypeFactory typeFactory) {
            return families.paramTypes(typeFactory);
        }

        @Override
        public List<String> paramNames() {
            return families.paramNames();
        }

        @Override
        public boolean checkOperandTypes(SqlCallBinding callBinding, boolean throwOnFailure) {
            return families.checkOperandTypes(callBinding, throwOnFailure);
        }

        @Override
        public SqlOperandCountRange getOperandCountRange() {
            return families.getOperandCountRange();
        }

        @Override
        public String getAllowedSignatures(SqlOperator op, String opName) {
            return families.getAllowedSignatures(op, opName);
        }

        @Override
        public boolean isOptional(int i) {
            return families.isOptional(i);
        }

        @Override
        public boolean isFixedParameters() {
            return false;
        }
    }

    /** Calls the chosen static method; NULL handling is the method's own. */
    private record Implementation(Function<RexCall, Method> chooser, ArgumentAdapter adapter)
            implements ScalarFunction, ImplementableFunction {
        @Override
        public RelDataType getReturnType(RelDataTypeFactory typeFactory) {
            return typeFactory.createSqlType(SqlTypeName.ANY);
        }

        @Override
        public List<FunctionParameter> getParameters() {
            return List.of();
        }

        @Override
        public CallImplementor getImplementor() {
            return RexImpTable.createImplementor((translator, rexCall, operands) -> {
                // In a program the operands are references: the chooser and adapter see what they stand for.
                RexCall call = rexCall.clone(rexCall.getType(),
                        rexCall.getOperands().stream().map(translator::deref).toList());
                Method method = chooser.apply(call);
                // Omitted optional operands arrive as DEFAULT(): the method takes the others.
                List<Expression> written = new ArrayList<>();
                for (int i = 0; i < operands.size(); i++) {
                    if (!call.getOperands().get(i).isA(SqlKind.DEFAULT)) {
                        written.add(operands.get(i));
                    }
                }
                List<Expression> args = new ArrayList<>(adapter.adapt(call, written));
                if (method.getParameterCount() == args.size() + 1
                        && method.getParameterTypes()[args.size()] == TimeZone.class) {
                    args.add(Expressions.convert_(Expressions.call(DataContext.ROOT, "get",
                            Expressions.constant("timeZone")), TimeZone.class));
                }
                Class<?>[] types = method.getParameterTypes();
                if (method.isVarArgs()) {
                    int fixed = types.length - 1;
                    Class<?> component = types[fixed].getComponentType();
                    List<Expression> rest = args.subList(fixed, args.size()).stream()
                            .map(a -> EnumUtils.convert(boxed(a), component)).toList();
                    args = new ArrayList<>(args.subList(0, fixed));
                    args.add(Expressions.newArrayInit(component, rest));
                }
                for (int i = 0; i < types.length; i++) {
                    Expression arg = types[i].isPrimitive() ? args.get(i) : boxed(args.get(i));
                    args.set(i, EnumUtils.convert(arg, types[i]));
                }
                return narrowed(Expressions.call(method, args), call.getType().getSqlTypeName());
            }, NullPolicy.NONE, false);
        }

        /*
         * A method may compute every integer as a Long or every approximate number as a Double;
         * the row holds the representation of the call's type (a TINYINT as a Byte).
         */
        private static Expression narrowed(Expression result, SqlTypeName type) {
            String narrowing = switch (type) {
                case TINYINT -> "tinyint";
                case SMALLINT -> "smallint";
                case INTEGER -> "integer";
                case BIGINT -> "bigint";
                case REAL, FLOAT -> "real";
                case DOUBLE -> "doublePrecision";
                default -> null;
            };
            Class<?> returned = Primitive.box(result.getType() instanceof Class<?> c ? c : Object.class);
            if (narrowing == null || !Number.class.isAssignableFrom(returned) || returned == numberClass(type)) {
                return result;
            }
            return Expressions.call(StaticMethods.method(MathFunctions.class, narrowing, Number.class),
                    boxed(result));
        }

        private static Class<?> numberClass(SqlTypeName type) {
            return switch (type) {
                case TINYINT -> Byte.class;
                case SMALLINT -> Short.class;
                case INTEGER -> Integer.class;
                case BIGINT -> Long.class;
                case REAL, FLOAT -> Float.class;
                default -> Double.class;
            };
        }

        /* A primitive cast to Object would print as "(Object) -2.5D", which Janino reads as a subtraction. */
        private static Expression boxed(Expression e) {
            return e.getType() instanceof Class<?> c && c.isPrimitive() ? Expressions.box(e) : e;
        }
    }
}
