package dev.runnel.planner.functions;

import static dev.runnel.planner.functions.Declarations.STRING_FORCE_NULLABLE;
import static dev.runnel.planner.functions.Declarations.STRING_NULLABLE;
import static dev.runnel.planner.functions.Declarations.byArity;
import static dev.runnel.planner.functions.Declarations.byRepresentation;
import static dev.runnel.planner.functions.Declarations.explicit;

import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumUtils;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlOperandCountRanges;
import org.apache.calcite.sql.type.SqlOperandTypeChecker;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;

/**
 * Flink's string functions that Calcite lacks or implements differently, implemented by
 * {@link StringFunctions}. SUBSTRING and OVERLAY have their own syntax, so they are not looked up
 * by name: {@link FlinkConvertletTable} converts Calcite's calls into these.
 */
final class StringOperators {
    private static final SqlTypeFamily CHARACTER = SqlTypeFamily.CHARACTER;
    private static final SqlTypeFamily INTEGER = SqlTypeFamily.INTEGER;
    /** The VARCHAR of the first operand's length, as Flink's LTRIM and RTRIM return. */
    private static final SqlReturnTypeInference VARYING_ARG0 = ReturnTypes.ARG0.andThen(SqlTypeTransforms.TO_NULLABLE)
            .andThen(SqlTypeTransforms.TO_VARYING);
    /** The VARCHAR of the first operand's length, always nullable (LEFT, RIGHT, SUBSTR). */
    private static final SqlReturnTypeInference VARYING_ARG0_FORCE_NULLABLE = ReturnTypes.ARG0
            .andThen(SqlTypeTransforms.FORCE_NULLABLE).andThen(SqlTypeTransforms.TO_VARYING);

    static final SqlOperator CHAR_LENGTH = byArity(StringFunctions.class, "CHAR_LENGTH",
            ReturnTypes.INTEGER_NULLABLE, 1, CHARACTER);
    static final SqlOperator CHARACTER_LENGTH = new RunnelFunction("CHARACTER_LENGTH", ReturnTypes.INTEGER_NULLABLE,
            List.of(CHARACTER), 1, StaticMethods.byArity(StringFunctions.class, "charLength"), true,
            SqlSyntax.FUNCTION);
    static final SqlOperator ASCII = byArity(StringFunctions.class, "ASCII", ReturnTypes.INTEGER_NULLABLE, 1,
            CHARACTER);
    static final SqlOperator CHR = byArity(StringFunctions.class, "CHR", STRING_FORCE_NULLABLE, 1, INTEGER);
    static final SqlOperator INSTR = byArity(StringFunctions.class, "INSTR", ReturnTypes.INTEGER_NULLABLE, 2,
            CHARACTER, CHARACTER, INTEGER, INTEGER);
    static final SqlOperator STARTSWITH = byRepresentation(StringFunctions.class, "STARTSWITH",
            ReturnTypes.BOOLEAN_NULLABLE, sameStrings());
    static final SqlOperator ENDSWITH = byRepresentation(StringFunctions.class, "ENDSWITH",
            ReturnTypes.BOOLEAN_NULLABLE, sameStrings());
    static final SqlOperator LTRIM = byArity(StringFunctions.class, "LTRIM", VARYING_ARG0, 1, CHARACTER, CHARACTER);
    static final SqlOperator RTRIM = byArity(StringFunctions.class, "RTRIM", VARYING_ARG0, 1, CHARACTER, CHARACTER);
    static final SqlOperator BTRIM = byArity(StringFunctions.class, "BTRIM", STRING_NULLABLE, 1, CHARACTER, CHARACTER);
    static final SqlOperator LPAD = byArity(StringFunctions.class, "LPAD", STRING_NULLABLE, 3,
            CHARACTER, INTEGER, CHARACTER);
    static final SqlOperator RPAD = byArity(StringFunctions.class, "RPAD", STRING_NULLABLE, 3,
            CHARACTER, INTEGER, CHARACTER);
    static final SqlOperator LEFT = byArity(StringFunctions.class, "LEFT", VARYING_ARG0_FORCE_NULLABLE, 2,
            CHARACTER, INTEGER);
    static final SqlOperator RIGHT = byArity(StringFunctions.class, "RIGHT", VARYING_ARG0_FORCE_NULLABLE, 2,
            CHARACTER, INTEGER);
    static final SqlOperator REVERSE = byArity(StringFunctions.class, "REVERSE", STRING_FORCE_NULLABLE, 1, CHARACTER);
    /** Flink's CONCAT is a STRING (Calcite's the sum of the lengths). */
    static final SqlOperator CONCAT = new RunnelFunction("CONCAT", STRING_NULLABLE,
            OperandTypes.repeat(SqlOperandCountRanges.from(1), OperandTypes.CHARACTER),
            call -> StaticMethods.method(StringFunctions.class, "concat", String[].class), true);
    static final SqlOperator SUBSTR = new RunnelFunction("SUBSTR", VARYING_ARG0_FORCE_NULLABLE,
            List.of(CHARACTER, INTEGER, INTEGER), 2, StaticMethods.byArity(StringFunctions.class, "substring"), true,
            SqlSyntax.FUNCTION);
    /** Not looked up by name: {@code SUBSTRING(str FROM start [FOR len])} and {@code SUBSTRING(str, start[, len])}. */
    static final SqlOperator SUBSTRING = new RunnelFunction("SUBSTRING", VARYING_ARG0_FORCE_NULLABLE,
            List.of(CHARACTER, INTEGER, INTEGER), 2, StaticMethods.byArity(StringFunctions.class, "substring"), true,
            SqlSyntax.FUNCTION);
    /** Not looked up by name: {@code POSITION(needle IN haystack)}. */
    static final SqlOperator POSITION = byArity(StringFunctions.class, "POSITION", ReturnTypes.INTEGER_NULLABLE, 2,
            CHARACTER, CHARACTER);
    /** Not looked up by name: {@code OVERLAY(str PLACING rep FROM start [FOR len])}. */
    static final SqlOperator OVERLAY = byArity(StringFunctions.class, "OVERLAY", STRING_NULLABLE, 3,
            CHARACTER, CHARACTER, INTEGER, INTEGER);
    static final SqlOperator ELT = new RunnelFunction("ELT", StringOperators::eltType,
            OperandTypes.repeat(SqlOperandCountRanges.from(3), OperandTypes.ANY),
            StringOperators::eltMethod, true) {
        @Override
        public boolean checkOperandTypes(SqlCallBinding callBinding, boolean throwOnFailure) {
            return checkElt(callBinding, throwOnFailure);
        }

        @Override
        public String getAllowedSignatures(String opNameToUse) {
            return "ELT(<INTEGER>, <CHARACTER>, <CHARACTER>...)\nELT(<INTEGER>, <BINARY>, <BINARY>...)";
        }
    };
    /**
     * Not looked up by name: the parser turns {@code TRANSLATE(str, from, to)} into Calcite's
     * TRANSLATE3 (validated by {@link #TRANSLATE3_SIGNATURE}), and {@link FlinkConvertletTable}
     * into this.
     */
    static final SqlOperator TRANSLATE3 = new RunnelFunction("TRANSLATE3",
            explicit(SqlTypeName.VARCHAR, Integer.MAX_VALUE).andThen(StringOperators::nullableLikeFirst),
            List.of(CHARACTER, CHARACTER, CHARACTER), 3, StaticMethods.byArity(StringFunctions.class, "translate3"),
            true, SqlSyntax.FUNCTION);
    static final SqlOperator REGEXP = byArity(StringFunctions.class, "REGEXP", ReturnTypes.BOOLEAN_NULLABLE, 2,
            CHARACTER, CHARACTER);
    static final SqlOperator REGEXP_COUNT = byArity(StringFunctions.class, "REGEXP_COUNT",
            ReturnTypes.INTEGER.andThen(SqlTypeTransforms.FORCE_NULLABLE), 2, CHARACTER, CHARACTER);
    static final SqlOperator REGEXP_INSTR = byArity(StringFunctions.class, "REGEXP_INSTR",
            ReturnTypes.INTEGER.andThen(SqlTypeTransforms.FORCE_NULLABLE), 2, CHARACTER, CHARACTER);
    static final SqlOperator REGEXP_SUBSTR = byArity(StringFunctions.class, "REGEXP_SUBSTR", STRING_FORCE_NULLABLE, 2,
            CHARACTER, CHARACTER);
    static final SqlOperator REGEXP_REPLACE = byArity(StringFunctions.class, "REGEXP_REPLACE", STRING_NULLABLE, 3,
            CHARACTER, CHARACTER, CHARACTER);
    /**
     * {@code PRINTF(format, args...)}. Flink formats its internal values: a DATE is its day
     * number, a TIME its millisecond of the day, a TIMESTAMP a {@code LocalDateTime}, a DECIMAL
     * no number; the arguments are made so.
     */
    static final SqlOperator PRINTF = new RunnelFunction("PRINTF", STRING_FORCE_NULLABLE,
            OperandTypes.repeat(SqlOperandCountRanges.from(1), OperandTypes.ANY),
            call -> StaticMethods.method(StringFunctions.class, "printf", String.class, Object[].class),
            StringOperators::printfArguments, true) {
        @Override
        public boolean checkOperandTypes(SqlCallBinding callBinding, boolean throwOnFailure) {
            return OperandTypes.family(CHARACTER).checkSingleOperandType(callBinding, callBinding.operand(0), 0,
                    throwOnFailure);
        }

        @Override
        public String getAllowedSignatures(String opNameToUse) {
            return "PRINTF(<CHARACTER>, <ANY>...)";
        }
    };
    /** Flink's TO_BASE64 writes one line (Calcite's breaks it every 76 characters). */
    static final SqlOperator TO_BASE64 = byRepresentation(StringFunctions.class, "TO_BASE64", STRING_NULLABLE,
            OperandTypes.family(SqlTypeFamily.STRING));
    static final SqlOperator ENCODE = byArity(StringFunctions.class, "ENCODE",
            explicit(SqlTypeName.VARBINARY, Integer.MAX_VALUE).andThen(SqlTypeTransforms.TO_NULLABLE), 2,
            CHARACTER, CHARACTER);
    static final SqlOperator DECODE = byArity(StringFunctions.class, "DECODE", STRING_NULLABLE, 2,
            SqlTypeFamily.BINARY, CHARACTER);
    static final SqlOperator URL_ENCODE = byArity(StringFunctions.class, "URL_ENCODE", STRING_FORCE_NULLABLE, 1,
            CHARACTER);
    static final SqlOperator URL_DECODE = byArity(StringFunctions.class, "URL_DECODE", STRING_FORCE_NULLABLE, 1,
            CHARACTER);
    static final SqlOperator PARSE_URL = byArity(StringFunctions.class, "PARSE_URL", STRING_FORCE_NULLABLE, 2,
            CHARACTER, CHARACTER, CHARACTER);
    static final SqlOperator INET_ATON = byArity(StringFunctions.class, "INET_ATON",
            ReturnTypes.BIGINT.andThen(SqlTypeTransforms.FORCE_NULLABLE), 1, CHARACTER);
    static final SqlOperator INET_NTOA = byArity(StringFunctions.class, "INET_NTOA", STRING_FORCE_NULLABLE, 1, INTEGER);
    static final SqlOperator IS_ALPHA = characterClass("IS_ALPHA");
    static final SqlOperator IS_DECIMAL = characterClass("IS_DECIMAL");
    static final SqlOperator IS_DIGIT = characterClass("IS_DIGIT");

    /**
     * What validates {@code SUBSTRING(...)} and {@code TRANSLATE(...)}, which the parser binds
     * to Calcite's operators: the validator looks their name up, so these give them Flink's
     * types; {@link FlinkConvertletTable} converts the calls into Runnel's functions.
     */
    static final SqlOperator SUBSTRING_SIGNATURE = new SqlFunction("SUBSTRING", SqlKind.OTHER_FUNCTION,
            VARYING_ARG0_FORCE_NULLABLE, null, OperandTypes.or(OperandTypes.family(CHARACTER, INTEGER),
                    OperandTypes.family(CHARACTER, INTEGER, INTEGER)), SqlFunctionCategory.STRING);
    static final SqlOperator TRANSLATE3_SIGNATURE = new SqlFunction("TRANSLATE3", SqlKind.OTHER_FUNCTION,
            explicit(SqlTypeName.VARCHAR, Integer.MAX_VALUE).andThen(StringOperators::nullableLikeFirst), null,
            OperandTypes.family(CHARACTER, CHARACTER, CHARACTER), SqlFunctionCategory.STRING);

    static final List<SqlOperator> ALL = List.of(CHAR_LENGTH, CHARACTER_LENGTH, ASCII, CHR, INSTR, STARTSWITH,
            ENDSWITH, LTRIM, RTRIM, BTRIM, LPAD, RPAD, LEFT, RIGHT, REVERSE, CONCAT, SUBSTR, ELT, SUBSTRING_SIGNATURE, TRANSLATE3_SIGNATURE, REGEXP, REGEXP_COUNT, REGEXP_INSTR,
            REGEXP_SUBSTR, REGEXP_REPLACE, PRINTF, TO_BASE64, ENCODE, DECODE, URL_ENCODE, URL_DECODE, PARSE_URL, INET_ATON,
            INET_NTOA, IS_ALPHA, IS_DECIMAL, IS_DIGIT);

    private StringOperators() {
    }

    /** Two character strings or two binary strings. */
    private static SqlOperandTypeChecker sameStrings() {
        return OperandTypes.or(OperandTypes.family(CHARACTER, CHARACTER),
                OperandTypes.family(SqlTypeFamily.BINARY, SqlTypeFamily.BINARY));
    }

    /** IS_ALPHA, IS_DECIMAL and IS_DIGIT: of a string or a number, never NULL. */
    private static SqlOperator characterClass(String name) {
        return byRepresentation(StringFunctions.class, name, ReturnTypes.BOOLEAN,
                OperandTypes.or(OperandTypes.CHARACTER, OperandTypes.NUMERIC));
    }

    private static RelDataType nullableLikeFirst(SqlOperatorBinding binding, RelDataType type) {
        return binding.getTypeFactory().createTypeWithNullability(type, binding.getOperandType(0).isNullable());
    }

    /** ELT: an integer, then at least two character strings or at least two binary strings. */
    private static boolean checkElt(SqlCallBinding binding, boolean throwOnFailure) {
        int count = binding.getOperandCount();
        boolean ok = count >= 3 && Declarations.isIn(binding.getOperandType(0), INTEGER);
        if (ok) {
            SqlTypeFamily family = Declarations.isIn(binding.getOperandType(1), CHARACTER) ? CHARACTER
                    : SqlTypeFamily.BINARY;
            for (int i = 1; i < count; i++) {
                ok &= Declarations.isIn(binding.getOperandType(i), family);
            }
        }
        if (!ok && throwOnFailure) {
            throw binding.newValidationSignatureError();
        }
        return ok;
    }

    /** ELT's type: the expressions' least restrictive type, nullable (an index out of range gives NULL). */
    private static RelDataType eltType(SqlOperatorBinding binding) {
        List<RelDataType> types = binding.collectOperandTypes().subList(1, binding.getOperandCount());
        RelDataType common = binding.getTypeFactory().leastRestrictive(types);
        if (common == null) {
            common = types.get(0);
        }
        return binding.getTypeFactory().createTypeWithNullability(common, true);
    }

    private static Method eltMethod(RexCall call) {
        boolean binary = SqlTypeFamily.BINARY.contains(call.getType());
        return StaticMethods.method(StringFunctions.class, "elt", Long.class,
                binary ? ByteString[].class : String[].class);
    }

    private static List<Expression> printfArguments(RexCall call, List<Expression> operands) {
        List<Expression> args = new ArrayList<>();
        args.add(operands.get(0));
        for (int i = 1; i < operands.size(); i++) {
            Expression value = operands.get(i);
            SqlTypeName type = call.getOperands().get(i).getType().getSqlTypeName();
            args.add(switch (type) {
                case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> Expressions.call(StaticMethods.method(
                        StringFunctions.class, "printfTimestamp", Long.class), EnumUtils.convert(value, Long.class));
                case DECIMAL -> Expressions.call(StaticMethods.method(StringFunctions.PrintfDecimal.class, "of",
                        BigDecimal.class), value);
                case BINARY, VARBINARY -> Expressions.call(StaticMethods.method(StringFunctions.class, "printfBytes",
                        ByteString.class), value);
                default -> value;
            });
        }
        return args;
    }
}
