package dev.runnel.planner.functions;

import static dev.runnel.planner.functions.Declarations.STRING_NULLABLE;
import static dev.runnel.planner.functions.Declarations.byArity;

import java.util.List;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Flink's JSON functions that Calcite lacks (JSON_STRING, JSON_QUOTE, JSON_UNQUOTE, JSON),
 * implemented by {@link JsonFunctions}. Calcite's own JSON_VALUE, JSON_QUERY, JSON_EXISTS,
 * JSON_OBJECT, JSON_ARRAY and IS JSON have Flink's semantics.
 */
public final class JsonOperators {
    /** What JSON_STRING serializes: strings, numbers, booleans, timestamps, binary strings and rows. */
    private static final List<SqlTypeFamily> SERIALIZABLE = List.of(SqlTypeFamily.CHARACTER, SqlTypeFamily.BINARY,
            SqlTypeFamily.NUMERIC, SqlTypeFamily.BOOLEAN, SqlTypeFamily.TIMESTAMP);

    static final SqlOperator JSON_STRING = new RunnelFunction("JSON_STRING", STRING_NULLABLE,
            OperandTypes.ANY,
            call -> StaticMethods.method(JsonFunctions.class, "jsonString", Object.class, String.class),
            (call, operands) -> List.of(operands.get(0),
                    Expressions.constant(shapeOf(call.getOperands().get(0).getType()))),
            true) {
        @Override
        public boolean checkOperandTypes(SqlCallBinding callBinding, boolean throwOnFailure) {
            boolean ok = serializable(callBinding.getOperandType(0));
            if (!ok && throwOnFailure) {
                throw callBinding.newValidationSignatureError();
            }
            return ok;
        }

        @Override
        public String getAllowedSignatures(String opNameToUse) {
            return "JSON_STRING(<CHARACTER> | <BINARY> | <NUMERIC> | <BOOLEAN> | <TIMESTAMP> | <ROW>)";
        }
    };
    static final SqlOperator JSON_QUOTE = byArity(JsonFunctions.class, "JSON_QUOTE", STRING_NULLABLE, 1,
            SqlTypeFamily.CHARACTER);
    static final SqlOperator JSON_UNQUOTE = byArity(JsonFunctions.class, "JSON_UNQUOTE", STRING_NULLABLE, 1,
            SqlTypeFamily.CHARACTER);
    /**
     * {@code JSON(str)} inserts the JSON text {@code str} into a JSON_OBJECT value or a
     * JSON_ARRAY element as it is; {@link #rewriteJsonValues} turns it there into Calcite's
     * {@code str FORMAT JSON}, checked to be JSON. Anywhere else it is the error Flink gives.
     */
    static final SqlOperator JSON = new RunnelFunction("JSON", STRING_NULLABLE, OperandTypes.CHARACTER,
            call -> {
                throw new IllegalStateException("JSON() outside JSON_OBJECT or JSON_ARRAY");
            }, true) {
        @Override
        public boolean checkOperandTypes(SqlCallBinding callBinding, boolean throwOnFailure) {
            throw ValidationErrors.at(callBinding.getCall(), "The JSON() function is currently only supported "
                    + "inside JSON_ARRAY() or as the VALUE param of JSON_OBJECT(). Example: JSON_OBJECT('a', "
                    + "JSON('{\"key\": \"value\"}')) or JSON_ARRAY(JSON('{\"key\": \"value\"}')).");
        }
    };

    /** {@code JSON(str)} inside a JSON constructor: {@code str}, which must be valid JSON (an error otherwise, as in Flink). */
    static final SqlOperator JSON_TEXT = internal("$JSON_TEXT", "jsonText");

    /**
     * Not callable by name: a JSON_OBJECT value or JSON_ARRAY element of a type Calcite would
     * write differently, as Flink writes it (see {@link JsonFunctions#jsonScalar}).
     */
    static final SqlOperator JSON_SCALAR = new RunnelFunction("$JSON_SCALAR",
            opBinding -> opBinding.getTypeFactory().createTypeWithNullability(
                    opBinding.getTypeFactory().createSqlType(SqlTypeName.ANY), true),
            OperandTypes.ANY, call -> StaticMethods.method(JsonFunctions.class, "jsonScalar", Object.class, String.class),
            (call, operands) -> List.of(operands.get(0),
                    Expressions.constant(shapeOf(call.getOperands().get(0).getType()))),
            true);

    /** Not callable by name: a JSON_OBJECT's or JSON_ARRAY's text with sorted keys, as Flink writes it. */
    static final SqlOperator JSON_SORT_KEYS = internal("$JSON_SORT_KEYS", "jsonSortKeys");

    static final List<SqlOperator> ALL = List.of(JSON_STRING, JSON_QUOTE, JSON_UNQUOTE, JSON, JSON_TEXT);

    private JsonOperators() {
    }

    /**
     * Turns {@code JSON(str)} values of a JSON_OBJECT ({@code KEY k VALUE JSON(str)}) or
     * elements of a JSON_ARRAY into {@code $JSON_TEXT(str) FORMAT JSON}, before validation.
     */
    public static void rewriteJsonValues(SqlCall call) {
        for (int i : valueOperands(call)) {
            SqlNode value = call.operand(i);
            if (value instanceof SqlCall json && json.operandCount() == 1
                    && "JSON".equalsIgnoreCase(json.getOperator().getName())) {
                SqlNode text = JSON_TEXT.createCall(json.getParserPosition(), json.getOperandList());
                call.setOperand(i, SqlStdOperatorTable.JSON_VALUE_EXPRESSION.createCall(json.getParserPosition(), text));
            }
        }
    }

    /*
     * The operands of a JSON_OBJECT (KEY k VALUE v: every second one from the third) or a
     * JSON_ARRAY (every one after the null clause) that hold values; none for other calls.
     */
    private static int[] valueOperands(SqlCall call) {
        String name = call.getOperator().getName();
        int first = "JSON_OBJECT".equals(name) ? 2 : "JSON_ARRAY".equals(name) ? 1 : call.operandCount();
        int step = "JSON_OBJECT".equals(name) ? 2 : 1;
        return IntStream.iterate(first, i -> i < call.operandCount(), i -> i + step).toArray();
    }

    /** A function of one string, named so that no user can call it, implemented by {@code JsonFunctions.method}. */
    private static SqlOperator internal(String name, String method) {
        return new RunnelFunction(name, STRING_NULLABLE, List.of(SqlTypeFamily.CHARACTER), 1,
                StaticMethods.byArity(JsonFunctions.class, method), true, SqlSyntax.FUNCTION);
    }

    /** Whether JSON_OBJECT and JSON_ARRAY need {@link #JSON_SCALAR} for a value of {@code type}. */
    static boolean needsJsonScalar(RelDataType type) {
        return switch (type.getSqlTypeName()) {
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE, BINARY, VARBINARY, REAL, FLOAT, DOUBLE -> true;
            default -> false;
        };
    }

    /**
     * Rejects, as Flink does, a JSON_OBJECT value or JSON_ARRAY element that has no JSON form
     * (a DATE, TIME or interval), at the value.
     */
    static void checkJsonValues(SqlCall call, Function<SqlNode, RelDataType> types) {
        for (int i : valueOperands(call)) {
            SqlNode value = call.operand(i);
            RelDataType type = value == null ? null : types.apply(value);
            if (type != null && (SqlTypeFamily.DATE.contains(type) || SqlTypeFamily.TIME.contains(type)
                    || SqlTypeUtil.isInterval(type))) {
                throw ValidationErrors.at(value, "Type '" + TypeStrings.summary(type)
                        + "' is not scalar or cannot be converted into JSON.");
            }
        }
    }

    private static boolean serializable(RelDataType type) {
        if (type.isStruct()) {
            return type.getFieldList().stream().allMatch(f -> serializable(f.getType()));
        }
        return SERIALIZABLE.stream().anyMatch(f -> f.contains(type));
    }

    /**
     * The code of a type for {@link #jsonString}: {@code S} string, {@code B} boolean,
     * {@code N} exact number, {@code F} approximate number, {@code T} timestamp, {@code Z}
     * TIMESTAMP_LTZ, {@code X} binary, {@code R(n:name=code,...)} a row (each name led by its length).
     */
    static String shapeOf(RelDataType type) {
        if (type.isStruct()) {
            StringBuilder sb = new StringBuilder("R(");
            for (var field : type.getFieldList()) {
                if (sb.length() > 2) {
                    sb.append(',');
                }
                sb.append(field.getName().length()).append(':').append(field.getName()).append('=')
                        .append(shapeOf(field.getType()));
            }
            return sb.append(')').toString();
        }
        return switch (type.getSqlTypeName()) {
            case CHAR, VARCHAR -> "S";
            case BOOLEAN -> "B";
            case TINYINT, SMALLINT, INTEGER, BIGINT, DECIMAL -> "N";
            case REAL, FLOAT, DOUBLE -> "F";
            case TIMESTAMP -> "T";
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> "Z";
            case BINARY, VARBINARY -> "X";
            default -> throw new IllegalArgumentException("JSON_STRING cannot serialize " + type);
        };
    }

}
