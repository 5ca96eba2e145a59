package dev.runnel.planner.functions;

import java.util.List;
import java.util.TimeZone;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Casts and narrow integer arithmetic whose Calcite semantics differ from Flink's, as calls of
 * Runnel functions. Flink wraps integers as Java does (CAST(300 AS TINYINT) is 44, TINYINT 127 + 1
 * is -128; Calcite fails "out of range") and prints every fraction digit of a TIMESTAMP(p) and
 * the significant ones of a TIME(p) (Calcite drops trailing zeros); a TIMESTAMP cast to
 * TIMESTAMP_LTZ keeps its milliseconds.
 */
public final class FlinkCastRules {
    /** Not callable by name: a number narrowed to the integer type of the call, as a Java cast. */
    static final RunnelFunction NARROW = new RunnelFunction("$NARROW", ReturnTypes.ARG0, List.of(SqlTypeFamily.NUMERIC),
            1, call -> StaticMethods.method(MathFunctions.class, narrowing(call.getType().getSqlTypeName()),
                    Number.class), true, SqlSyntax.FUNCTION);
    /** Not callable by name: {@code CAST(x AS STRING)} of a TIMESTAMP(p) or TIME(p), p > 0. */
    static final RunnelFunction TO_STRING = new RunnelFunction("$TO_STRING", Declarations.STRING_NULLABLE,
            List.of(SqlTypeFamily.ANY, SqlTypeFamily.INTEGER), 2,
            call -> call.getOperands().get(0).getType().getSqlTypeName() == SqlTypeName.TIME
                    ? StaticMethods.method(TemporalFunctions.class, "timeToString", Integer.class, Long.class)
                    : StaticMethods.method(TemporalFunctions.class, "timestampToString", Long.class, Long.class),
            true, SqlSyntax.FUNCTION);

    /**
     * Not callable by name: {@code CAST(ts AS TIMESTAMP_LTZ(p))}, the local date-time in the
     * session time zone, keeping its milliseconds (Calcite's cast goes through seconds). Not
     * deterministic: the result depends on the session time zone, which only the generated code
     * knows.
     */
    static final RunnelFunction TIMESTAMP_TO_LTZ = new RunnelFunction("$TIMESTAMP_TO_LTZ", ReturnTypes.ARG0,
            List.of(SqlTypeFamily.TIMESTAMP), 1,
            call -> StaticMethods.method(TemporalFunctions.class, "timestampToLtz", Long.class, TimeZone.class),
            false, SqlSyntax.FUNCTION);

    private FlinkCastRules() {
    }

    /** {@code call} rewritten with Flink's semantics, or null when Calcite's are Flink's. */
    public static @Nullable RexNode rewrite(RexCall call, RexBuilder rex) {
        if (call.isA(SqlKind.CAST)) {
            return rewriteCast(call, rex);
        }
        if (call.isA(SqlKind.PLUS) || call.isA(SqlKind.MINUS) || call.isA(SqlKind.TIMES) || call.isA(SqlKind.DIVIDE)
                || call.isA(SqlKind.MOD) || call.isA(SqlKind.MINUS_PREFIX)) {
            return narrowArithmetic(call, rex);
        }
        return null;
    }

    private static @Nullable RexNode rewriteCast(RexCall cast, RexBuilder rex) {
        RexNode text = temporalToString(cast, rex);
        if (text != null) {
            return text;
        }
        RexNode operand = cast.getOperands().get(0);
        if (operand.getType().getSqlTypeName() == SqlTypeName.TIMESTAMP
                && cast.getType().getSqlTypeName() == SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE) {
            return rex.makeCall(cast.getType(), TIMESTAMP_TO_LTZ, List.of(operand));
        }
        if (narrows(operand.getType(), cast.getType())) {
            return rex.makeCall(cast.getType(), NARROW, List.of(operand));
        }
        return null;
    }

    /** {@code CAST(x AS STRING)} of a TIMESTAMP(p) or TIME(p) with Flink's digits, or null for another cast. */
    static @Nullable RexNode temporalToString(RexCall cast, RexBuilder rex) {
        RexNode operand = cast.getOperands().get(0);
        RelDataType from = operand.getType();
        RelDataType to = cast.getType();
        if (cast.isA(SqlKind.CAST) && SqlTypeFamily.CHARACTER.contains(to) && from.getPrecision() > 0
                && (from.getSqlTypeName() == SqlTypeName.TIMESTAMP || from.getSqlTypeName() == SqlTypeName.TIME)) {
            RexNode text = rex.makeCall(rex.getTypeFactory().createTypeWithNullability(
                    rex.getTypeFactory().createSqlType(SqlTypeName.VARCHAR, Integer.MAX_VALUE), from.isNullable()),
                    TO_STRING, List.of(operand, rex.makeLiteral(from.getPrecision(),
                            rex.getTypeFactory().createSqlType(SqlTypeName.INTEGER))));
            return to.getSqlTypeName() == SqlTypeName.VARCHAR && to.getPrecision() == Integer.MAX_VALUE
                    && to.isNullable() == from.isNullable() ? text : rex.makeCast(to, text);
        }
        return null;
    }

    /** Whether a cast from {@code from} to the integer {@code to} can overflow. */
    private static boolean narrows(RelDataType from, RelDataType to) {
        SqlTypeName target = to.getSqlTypeName();
        SqlTypeName source = from.getSqlTypeName();
        if (!SqlTypeName.INT_TYPES.contains(target)) {
            return false;
        }
        if (SqlTypeName.INT_TYPES.contains(source)) {
            return SqlTypeName.INT_TYPES.indexOf(source) > SqlTypeName.INT_TYPES.indexOf(target);
        }
        return SqlTypeFamily.NUMERIC.contains(from);
    }

    /* TINYINT and SMALLINT arithmetic is done in INT and wrapped, as Java does it. */
    private static @Nullable RexNode narrowArithmetic(RexCall call, RexBuilder rex) {
        SqlTypeName type = call.getType().getSqlTypeName();
        if (type != SqlTypeName.TINYINT && type != SqlTypeName.SMALLINT) {
            return null;
        }
        RelDataType integer = rex.getTypeFactory().createTypeWithNullability(
                rex.getTypeFactory().createSqlType(SqlTypeName.INTEGER), call.getType().isNullable());
        List<RexNode> widened = call.getOperands().stream()
                .map(o -> rex.makeCast(rex.getTypeFactory().createTypeWithNullability(
                        rex.getTypeFactory().createSqlType(SqlTypeName.INTEGER), o.getType().isNullable()), o))
                .toList();
        return rex.makeCall(call.getType(), NARROW, List.of(rex.makeCall(integer, call.getOperator(), widened)));
    }

    private static String narrowing(SqlTypeName type) {
        return switch (type) {
            case TINYINT -> "tinyint";
            case SMALLINT -> "smallint";
            case INTEGER -> "integer";
            default -> "bigint";
        };
    }
}
