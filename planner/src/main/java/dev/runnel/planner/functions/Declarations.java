package dev.runnel.planner.functions;

import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import java.util.function.Function;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.type.SqlOperandTypeChecker;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;

/**
 * Shorthands for declaring the {@link RunnelFunction}s of one family: by convention the function
 * {@code REGEXP_COUNT} is implemented by the static methods named {@code regexpCount} of the
 * family's implementation class, one per arity or per operand representation.
 */
final class Declarations {
    /** STRING, nullable when an operand is (Flink's {@code nullableIfArgs(explicit(STRING()))}). */
    static final SqlReturnTypeInference STRING_NULLABLE =
            explicit(SqlTypeName.VARCHAR, Integer.MAX_VALUE).andThen(SqlTypeTransforms.TO_NULLABLE);
    /** STRING, always nullable (Flink's {@code explicit(STRING())}). */
    static final SqlReturnTypeInference STRING_FORCE_NULLABLE =
            explicit(SqlTypeName.VARCHAR, Integer.MAX_VALUE).andThen(SqlTypeTransforms.FORCE_NULLABLE);

    private Declarations() {
    }

    static SqlReturnTypeInference explicit(SqlTypeName type, int precision) {
        return opBinding -> opBinding.getTypeFactory().createSqlType(type, precision);
    }

    static SqlReturnTypeInference explicit(SqlTypeName type) {
        return opBinding -> opBinding.getTypeFactory().createSqlType(type);
    }

    /**
     * A deterministic function of {@code families} (the first {@code required} mandatory),
     * implemented by the methods of {@code owner} named after it, chosen by arity.
     */
    static RunnelFunction byArity(Class<?> owner, String name, SqlReturnTypeInference returnType, int required,
                                  SqlTypeFamily... families) {
        return new RunnelFunction(name, returnType, Arrays.asList(families), required,
                StaticMethods.byArity(owner, methodName(name)), true, SqlSyntax.FUNCTION);
    }

    /**
     * A deterministic function checked by {@code checker}, implemented by the method of
     * {@code owner} named after it whose parameters fit the operands' representations (see
     * {@link #byRepresentation}).
     */
    static RunnelFunction byRepresentation(Class<?> owner, String name, SqlReturnTypeInference returnType,
                                           SqlOperandTypeChecker checker) {
        return new RunnelFunction(name, returnType, checker, byRepresentation(owner, methodName(name)), true);
    }

    /** {@code REGEXP_COUNT} → {@code regexpCount}. */
    static String methodName(String sqlName) {
        StringBuilder sb = new StringBuilder();
        boolean upper = false;
        for (char c : sqlName.toLowerCase(Locale.ROOT).toCharArray()) {
            if (c == '_') {
                upper = true;
            } else {
                sb.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return sb.toString();
    }

    /**
     * The method {@code owner.name} whose parameters take the operands' Java representations
     * ({@link #representation}): one with exactly those types if there is one, else one whose
     * parameters accept them, an integer or decimal widening to a {@code Double}.
     */
    static Function<RexCall, Method> byRepresentation(Class<?> owner, String name) {
        return call -> {
            List<Class<?>> wanted = new ArrayList<>();
            for (RexNode operand : call.getOperands()) {
                if (!operand.isA(SqlKind.DEFAULT)) {
                    wanted.add(representation(operand.getType()));
                }
            }
            Method lenient = null;
            for (Method m : owner.getMethods()) {
                List<Class<?>> params = new ArrayList<>(Arrays.asList(m.getParameterTypes()));
                if (!params.isEmpty() && params.get(params.size() - 1) == TimeZone.class) {
                    params.remove(params.size() - 1);
                }
                if (!m.getName().equals(name) || params.size() != wanted.size()) {
                    continue;
                }
                if (params.equals(wanted)) {
                    return m;
                }
                if (lenient == null && accepts(params, wanted)) {
                    lenient = m;
                }
            }
            if (lenient == null) {
                throw new IllegalStateException("No method " + owner.getSimpleName() + "." + name + wanted);
            }
            return lenient;
        };
    }

    private static boolean accepts(List<Class<?>> params, List<Class<?>> wanted) {
        for (int i = 0; i < params.size(); i++) {
            Class<?> p = params.get(i);
            Class<?> w = wanted.get(i);
            boolean widened = p == Double.class && (w == Long.class || w == BigDecimal.class);
            if (!p.isAssignableFrom(w) && !widened && w != Void.class) {
                return false;
            }
        }
        return true;
    }

    /**
     * How a value of {@code type} reaches a function's method: every integer as {@code Long},
     * approximate numbers as {@code Double}, DECIMAL as {@code BigDecimal}, strings as
     * {@code String}, binary strings as {@code ByteString}, DATE and TIME as {@code Integer},
     * timestamps as {@code Long}; the type of an untyped NULL is {@code Void}.
     */
    static Class<?> representation(RelDataType type) {
        SqlTypeName name = type.getSqlTypeName();
        if (SqlTypeName.INT_TYPES.contains(name)) {
            return Long.class;
        }
        return switch (name) {
            case DECIMAL -> BigDecimal.class;
            case FLOAT, REAL, DOUBLE -> Double.class;
            case CHAR, VARCHAR -> String.class;
            case BINARY, VARBINARY -> ByteString.class;
            case BOOLEAN -> Boolean.class;
            case DATE, TIME -> Integer.class;
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> Long.class;
            case NULL -> Void.class;
            default -> Object.class;
        };
    }

    /** Whether {@code type} is in {@code family} (an untyped NULL is in every family). */
    static boolean isIn(RelDataType type, SqlTypeFamily family) {
        return type.getSqlTypeName() == SqlTypeName.NULL || family.contains(type);
    }
}
