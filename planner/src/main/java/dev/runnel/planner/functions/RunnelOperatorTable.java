package dev.runnel.planner.functions;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
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
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlOperandCountRanges;
import org.apache.calcite.sql.type.SqlOperandMetadata;
import org.apache.calcite.sql.type.SqlOperandTypeChecker;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;

/**
 * Flink's scalar functions that neither Calcite's standard operators nor its dialect libraries
 * provide with Flink's semantics. Each is a {@link RunnelFunction} whose implementation is a
 * static method of {@link RunnelFunctions} chosen by the call's operands. Functions that read
 * the session time zone get it from the generated class's {@code DataContext}
 * ({@code root.get("timeZone")}).
 */
public final class RunnelOperatorTable {
    private static final SqlReturnTypeInference STRING_NULLABLE =
            explicit(SqlTypeName.VARCHAR, Integer.MAX_VALUE).andThen(SqlTypeTransforms.TO_NULLABLE);
    private static final SqlReturnTypeInference STRING_FORCE_NULLABLE =
            explicit(SqlTypeName.VARCHAR, Integer.MAX_VALUE).andThen(SqlTypeTransforms.FORCE_NULLABLE);
    private static final SqlReturnTypeInference TIMESTAMP_LTZ_3 =
            explicit(SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE, 3);

    public static final SqlOperator LOCATE = function("LOCATE", ReturnTypes.INTEGER_NULLABLE,
            families(SqlTypeFamily.CHARACTER, SqlTypeFamily.CHARACTER, SqlTypeFamily.INTEGER), 2,
            byArity("locate"));
    /** {@code SPLIT_INDEX(str, separator, index)}; the separator may also be a character's code. */
    public static final SqlOperator SPLIT_INDEX = new RunnelFunction("SPLIT_INDEX", STRING_FORCE_NULLABLE,
            OperandTypes.or(OperandTypes.family(SqlTypeFamily.CHARACTER, SqlTypeFamily.CHARACTER, SqlTypeFamily.INTEGER),
                    OperandTypes.family(SqlTypeFamily.CHARACTER, SqlTypeFamily.INTEGER, SqlTypeFamily.INTEGER)),
            call -> SqlTypeFamily.CHARACTER.contains(call.getOperands().get(1).getType())
                    ? method("splitIndex", String.class, String.class, Integer.class)
                    : method("splitIndex", String.class, Long.class, Integer.class), true);
    public static final SqlOperator REGEXP_EXTRACT = function("REGEXP_EXTRACT", STRING_FORCE_NULLABLE,
            families(SqlTypeFamily.CHARACTER, SqlTypeFamily.CHARACTER, SqlTypeFamily.INTEGER), 2,
            byArity("regexpExtract"));
    public static final SqlOperator FROM_BASE64 = function("FROM_BASE64", STRING_NULLABLE,
            families(SqlTypeFamily.STRING), 1, Declarations.byRepresentation(RunnelFunctions.class, "fromBase64"));
    public static final SqlOperator CONCAT_WS = new RunnelFunction("CONCAT_WS",
            opBinding -> opBinding.getTypeFactory().createTypeWithNullability(
                    opBinding.getTypeFactory().createSqlType(SqlTypeName.VARCHAR, Integer.MAX_VALUE),
                    opBinding.getOperandType(0).isNullable()),
            OperandTypes.repeat(SqlOperandCountRanges.from(1), OperandTypes.STRING),
            call -> method("concatWs", String.class, String[].class), true);
    public static final SqlOperator LOG2 = function("LOG2", ReturnTypes.DOUBLE_NULLABLE,
            families(SqlTypeFamily.NUMERIC), 1, byArity("log2"));
    public static final SqlOperator LOG10 = function("LOG10", ReturnTypes.DOUBLE_NULLABLE,
            families(SqlTypeFamily.NUMERIC), 1, byArity("log10"));
    /**
     * Not callable by name: {@code CalcCodeGenerator} rewrites {@code CAST(ltz AS STRING)} to
     * it, since Calcite's cast appends the zone's name and Flink's does not.
     */
    public static final SqlOperator LTZ_TO_STRING = new RunnelFunction("$LTZ_TO_STRING", STRING_NULLABLE,
            families(SqlTypeFamily.TIMESTAMP, SqlTypeFamily.INTEGER), 2, byArity("ltzToString"),
            false, SqlSyntax.FUNCTION);
    /**
     * Not callable by name: the bucket {@code [0, buckets)} of a value by its hash, which the
     * split distinct aggregation ({@code table.optimizer.distinct-agg.split.enabled}) groups by.
     */
    public static final SqlOperator HASH_BUCKET = new RunnelFunction("$HASH_BUCKET", ReturnTypes.INTEGER,
            families(SqlTypeFamily.ANY, SqlTypeFamily.INTEGER), 2, call -> method("hashBucket", Object.class, int.class),
            true, SqlSyntax.FUNCTION);
    /**
     * Not callable by name: {@code CalcCodeGenerator} wraps decimal division and SIGN on a
     * decimal in it, so that their values have the scale of their type, as Flink's do.
     */
    public static final SqlOperator DECIMAL_RESCALE = new RunnelFunction("$DECIMAL_RESCALE", ReturnTypes.ARG0,
            families(SqlTypeFamily.NUMERIC, SqlTypeFamily.INTEGER, SqlTypeFamily.INTEGER), 3, byArity("rescale"),
            true, SqlSyntax.FUNCTION);
    public static final SqlOperator TO_TIMESTAMP = function("TO_TIMESTAMP",
            explicit(SqlTypeName.TIMESTAMP, 3).andThen(SqlTypeTransforms.FORCE_NULLABLE),
            families(SqlTypeFamily.CHARACTER, SqlTypeFamily.CHARACTER), 1, byArity("toTimestamp"));
    public static final SqlOperator TO_DATE = function("TO_DATE", ReturnTypes.DATE.andThen(SqlTypeTransforms.FORCE_NULLABLE),
            families(SqlTypeFamily.CHARACTER, SqlTypeFamily.CHARACTER), 1, byArity("toDate"));
    // DATE_FORMAT of a TIMESTAMP_LTZ and FROM_UNIXTIME depend on the session time zone.
    public static final SqlOperator DATE_FORMAT = new RunnelFunction("DATE_FORMAT", STRING_FORCE_NULLABLE,
            OperandTypes.or(OperandTypes.family(SqlTypeFamily.TIMESTAMP, SqlTypeFamily.CHARACTER),
                    OperandTypes.family(SqlTypeFamily.CHARACTER, SqlTypeFamily.CHARACTER)),
            RunnelOperatorTable::dateFormatMethod, false);
    public static final SqlOperator FROM_UNIXTIME = new RunnelFunction("FROM_UNIXTIME", STRING_FORCE_NULLABLE,
            families(SqlTypeFamily.INTEGER, SqlTypeFamily.CHARACTER), 1, byArity("fromUnixtime"),
            false, SqlSyntax.FUNCTION);
    public static final SqlOperator UNIX_TIMESTAMP = new RunnelFunction("UNIX_TIMESTAMP",
            opBinding -> opBinding.getOperandCount() == 0
                    ? opBinding.getTypeFactory().createSqlType(SqlTypeName.BIGINT)
                    : ReturnTypes.BIGINT_NULLABLE.inferReturnType(opBinding),
            families(SqlTypeFamily.CHARACTER, SqlTypeFamily.CHARACTER), 0, byArity("unixTimestamp"),
            false, SqlSyntax.FUNCTION);
    public static final SqlOperator NOW = new RunnelFunction("NOW", TIMESTAMP_LTZ_3, families(), 0,
            call -> method("now", 0), false, SqlSyntax.FUNCTION);
    public static final SqlOperator PROCTIME = new RunnelFunction("PROCTIME", TIMESTAMP_LTZ_3, families(), 0,
            call -> method("now", 0), false, SqlSyntax.FUNCTION);
    /** Flink's CURRENT_TIMESTAMP is the instant (TIMESTAMP_LTZ(3)), not Calcite's local TIMESTAMP(0). */
    public static final SqlOperator CURRENT_TIMESTAMP = new RunnelFunction("CURRENT_TIMESTAMP", TIMESTAMP_LTZ_3,
            families(), 0, call -> method("now", 0), false, SqlSyntax.FUNCTION_ID);
    /** Flink's LOCALTIMESTAMP is TIMESTAMP(3), the local date-time in the session time zone (Calcite's is TIMESTAMP(0)). */
    public static final SqlOperator LOCALTIMESTAMP = new RunnelFunction("LOCALTIMESTAMP",
            explicit(SqlTypeName.TIMESTAMP, 3), families(), 0, call -> method("localTimestamp", TimeZone.class), false,
            SqlSyntax.FUNCTION_ID);

    private static final List<SqlOperator> ALL = List.of(LOCATE, CONCAT_WS, SPLIT_INDEX, REGEXP_EXTRACT, FROM_BASE64, LOG2, LOG10,
            TO_TIMESTAMP, TO_DATE, DATE_FORMAT, FROM_UNIXTIME, UNIX_TIMESTAMP, NOW, PROCTIME, CURRENT_TIMESTAMP,
            LOCALTIMESTAMP);

    private RunnelOperatorTable() {
    }

    /** The table to chain before Calcite's standard operators (its functions take precedence). */
    public static SqlOperatorTable instance() {
        return SqlOperatorTables.chain(SqlOperatorTables.of(ALL), FunctionFamilies.table(),
                SqlOperatorTables.of(WindowTableFunctions.ALL));
    }

    private static SqlReturnTypeInference explicit(SqlTypeName type, int precision) {
        return opBinding -> opBinding.getTypeFactory().createSqlType(type, precision);
    }

    private static List<SqlTypeFamily> families(SqlTypeFamily... families) {
        return Arrays.asList(families);
    }

    private static RunnelFunction function(String name, SqlReturnTypeInference returnType,
                                           List<SqlTypeFamily> families, int required,
                                           Function<RexCall, Method> implementation) {
        return new RunnelFunction(name, returnType, families, required, implementation, true, SqlSyntax.FUNCTION);
    }

    /** The method of {@link RunnelFunctions} named {@code name} that takes the call's operands. */
    private static Function<RexCall, Method> byArity(String name) {
        return StaticMethods.byArity(RunnelFunctions.class, name);
    }

    private static Method dateFormatMethod(RexCall call) {
        SqlTypeName type = call.getOperands().get(0).getType().getSqlTypeName();
        return switch (type) {
            case TIMESTAMP -> method("dateFormat", Long.class, String.class);
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> method("dateFormatLtz", Long.class, String.class, TimeZone.class);
            case CHAR, VARCHAR -> method("dateFormat", String.class, String.class);
            default -> throw new IllegalArgumentException(
                    "DATE_FORMAT takes a TIMESTAMP, TIMESTAMP_LTZ or STRING, not " + type);
        };
    }

    private static Method method(String name, Class<?>... parameterTypes) {
        return StaticMethods.method(RunnelFunctions.class, name, parameterTypes);
    }

    /** The method named {@code name} with {@code operands} parameters besides the time zone. */
    private static Method method(String name, int operands) {
        return StaticMethods.method(RunnelFunctions.class, name, operands);
    }
}
