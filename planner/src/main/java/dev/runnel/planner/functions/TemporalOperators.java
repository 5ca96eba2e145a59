package dev.runnel.planner.functions;

import static dev.runnel.planner.functions.Declarations.STRING_FORCE_NULLABLE;
import static dev.runnel.planner.functions.Declarations.byArity;
import static dev.runnel.planner.functions.Declarations.explicit;
import static dev.runnel.planner.functions.Declarations.isIn;

import java.time.DateTimeException;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.function.Consumer;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlOperandCountRanges;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Flink's temporal functions that Calcite lacks (TO_TIMESTAMP_LTZ, CONVERT_TZ,
 * CURRENT_ROW_TIMESTAMP), implemented by {@link TemporalFunctions}; the others are in
 * {@link RunnelOperatorTable}.
 */
final class TemporalOperators {
    private static final SqlTypeFamily CHARACTER = SqlTypeFamily.CHARACTER;

    /**
     * {@code TO_TIMESTAMP_LTZ(epoch[, precision])} of a number, or
     * {@code TO_TIMESTAMP_LTZ(str[, format[, zone]])} of a string: a nullable TIMESTAMP_LTZ of
     * the literal precision (at least 3), or of the fraction digits a literal format has.
     */
    static final SqlOperator TO_TIMESTAMP_LTZ = new RunnelFunction("TO_TIMESTAMP_LTZ",
            TemporalOperators::toTimestampLtzType,
            OperandTypes.repeat(SqlOperandCountRanges.between(1, 3), OperandTypes.ANY),
            Declarations.byRepresentation(TemporalFunctions.class, "toTimestampLtz"), true) {
        @Override
        public boolean checkOperandTypes(SqlCallBinding callBinding, boolean throwOnFailure) {
            return checkToTimestampLtz(callBinding, throwOnFailure);
        }

        @Override
        public String getAllowedSignatures(String opNameToUse) {
            return "TO_TIMESTAMP_LTZ(<NUMERIC>[, <INTEGER>])\nTO_TIMESTAMP_LTZ(<CHARACTER>[, <CHARACTER>[, <CHARACTER>]])";
        }
    };
    static final SqlOperator CONVERT_TZ = byArity(TemporalFunctions.class, "CONVERT_TZ", STRING_FORCE_NULLABLE, 3,
            CHARACTER, CHARACTER, CHARACTER);
    /** The instant each row is processed, TIMESTAMP_LTZ(3) NOT NULL (as NOW() in streaming mode). */
    static final SqlOperator CURRENT_ROW_TIMESTAMP = new RunnelFunction("CURRENT_ROW_TIMESTAMP",
            explicit(SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE, 3), List.of(), 0,
            call -> StaticMethods.method(RunnelFunctions.class, "now", 0), false, SqlSyntax.FUNCTION);

    /**
     * Not callable by name: {@link FlinkConvertletTable} turns {@code TIMESTAMPDIFF} in months,
     * quarters or years into it, as Calcite counts months differently.
     */
    static final SqlOperator TIMESTAMP_DIFF_MONTHS = new RunnelFunction("$TIMESTAMPDIFF_MONTHS",
            ReturnTypes.INTEGER_NULLABLE, OperandTypes.family(SqlTypeFamily.ANY, SqlTypeFamily.ANY, SqlTypeFamily.ANY),
            Declarations.byRepresentation(TemporalFunctions.class, "timestampDiffMonths"), true);

    static final List<SqlOperator> ALL = List.of(TO_TIMESTAMP_LTZ, CONVERT_TZ, CURRENT_ROW_TIMESTAMP);

    private TemporalOperators() {
    }

    private static boolean checkToTimestampLtz(SqlCallBinding binding, boolean throwOnFailure) {
        int count = binding.getOperandCount();
        RelDataType first = binding.getOperandType(0);
        boolean ok;
        if (isIn(first, SqlTypeFamily.NUMERIC) && first.getSqlTypeName() != SqlTypeName.NULL) {
            ok = count == 1 || count == 2 && isIn(binding.getOperandType(1), SqlTypeFamily.INTEGER);
            if (ok && count == 2 && binding.isOperandLiteral(1, false)) {
                Integer precision = binding.getOperandLiteralValue(1, Integer.class);
                if (precision != null && (precision < 0 || precision > 9)) {
                    throw ValidationErrors.at(binding.operand(1), "Precision for TO_TIMESTAMP_LTZ must be between "
                            + "0 and 9 but was " + precision + ".");
                }
            }
        } else {
            ok = true;
            for (int i = 0; i < count; i++) {
                ok &= isIn(binding.getOperandType(i), CHARACTER);
            }
            if (ok && count >= 2) {
                checkLiteral(binding, 1, "pattern", pattern -> DateTimeFormatter.ofPattern(pattern));
            }
            if (ok && count == 3) {
                checkLiteral(binding, 2, "timezone", ZoneId::of);
            }
        }
        if (!ok && throwOnFailure) {
            throw binding.newValidationSignatureError();
        }
        return ok;
    }

    /** As Flink: a literal pattern or time zone must be a valid one (and not NULL). */
    private static void checkLiteral(SqlCallBinding binding, int index, String what, Consumer<String> parser) {
        if (!binding.isOperandLiteral(index, true)) {
            return;
        }
        String value = binding.getOperandLiteralValue(index, String.class);
        String capitalized = Character.toUpperCase(what.charAt(0)) + what.substring(1);
        if (value == null) {
            throw ValidationErrors.at(binding.operand(index), capitalized + " can not be a null literal");
        }
        try {
            parser.accept(value);
        } catch (IllegalArgumentException | DateTimeException e) {
            throw ValidationErrors.at(binding.operand(index), "Invalid " + what + " for parsing TIMESTAMP_LTZ: "
                    + e.getMessage());
        }
    }

    private static RelDataType toTimestampLtzType(SqlOperatorBinding binding) {
        int precision = 3;
        if (binding.getOperandCount() >= 2 && binding.isOperandLiteral(1, false)) {
            if (isIn(binding.getOperandType(0), SqlTypeFamily.NUMERIC)) {
                Integer literal = binding.getOperandLiteralValue(1, Integer.class);
                precision = literal == null ? 3 : Math.max(literal, 3);
            } else {
                String format = binding.getOperandLiteralValue(1, String.class);
                precision = format == null ? 3 : precisionOfFormat(format);
            }
        }
        RelDataType type = binding.getTypeFactory().createSqlType(SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE,
                precision);
        return binding.getTypeFactory().createTypeWithNullability(type, true);
    }

    /** The fraction digits of a format, as Flink counts them: its trailing S's, between 3 and 9. */
    static int precisionOfFormat(String format) {
        int digits = 0;
        for (int i = format.length() - 1; i >= 0 && format.charAt(i) == 'S'; i--) {
            digits++;
        }
        return Math.max(Math.min(digits, 9), 3);
    }
}
