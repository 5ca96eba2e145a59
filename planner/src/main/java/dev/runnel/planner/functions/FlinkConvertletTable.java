package dev.runnel.planner.functions;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.calcite.avatica.util.TimeUnit;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql2rel.SqlRexContext;
import org.apache.calcite.sql2rel.SqlRexConvertlet;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;
import org.apache.calcite.sql2rel.StandardConvertletTable;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Calcite's conversion of calls to row expressions, except for calls whose Calcite semantics
 * differ from Flink's and that have their own syntax, so that no operator table can replace
 * them: {@code %} becomes MOD (also in a computed column), SUBSTRING, OVERLAY, POSITION and
 * TRANSLATE become Runnel's functions, EXTRACT of MILLISECOND, MICROSECOND or NANOSECOND counts within the second, TIMESTAMPDIFF in months
 * counts as Flink does, JSON_OBJECT and JSON_ARRAY write timestamps and binary values as Flink,
 * TYPEOF becomes its operand's type, and CURRENT_DATABASE() and CURRENT_CATALOG the names of
 * the database and catalog that the query is planned in.
 */
public final class FlinkConvertletTable implements SqlRexConvertletTable {
    public static final FlinkConvertletTable INSTANCE = new FlinkConvertletTable();

    private FlinkConvertletTable() {
    }

    @Override
    public @Nullable SqlRexConvertlet get(SqlCall call) {
        SqlOperator operator = call.getOperator();
        if (operator == SqlStdOperatorTable.SUBSTRING || operator == StringOperators.SUBSTRING_SIGNATURE) {
            return (cx, c) -> replace(cx, c, StringOperators.SUBSTRING);
        }
        if (operator == SqlStdOperatorTable.OVERLAY) {
            return (cx, c) -> replace(cx, c, StringOperators.OVERLAY);
        }
        if (operator == SqlLibraryOperators.TRANSLATE3 || operator == StringOperators.TRANSLATE3_SIGNATURE) {
            return (cx, c) -> replace(cx, c, StringOperators.TRANSLATE3);
        }
        if (operator == SqlStdOperatorTable.POSITION && call.operandCount() == 2) {
            return (cx, c) -> replace(cx, c, StringOperators.POSITION);
        }
        if (operator == SqlStdOperatorTable.PERCENT_REMAINDER) {
            return FlinkConvertletTable::remainder;
        }
        if (operator == SystemOperators.CURRENT_DATABASE) {
            return (cx, c) -> currentNamespace(cx, c, 1);
        }
        if (operator == SqlStdOperatorTable.CURRENT_CATALOG) {
            return (cx, c) -> currentNamespace(cx, c, 2);
        }
        if (operator == SystemOperators.TYPEOF) {
            return FlinkConvertletTable::typeOf;
        }
        if (operator == SqlStdOperatorTable.JSON_OBJECT || operator == SqlStdOperatorTable.JSON_ARRAY) {
            return FlinkConvertletTable::jsonConstructor;
        }
        if (call.getKind() == SqlKind.CAST) {
            return FlinkConvertletTable::cast;
        }
        if (call.getKind() == SqlKind.EXTRACT && subSecond(call) != null) {
            return FlinkConvertletTable::extractWithinSecond;
        }
        if (call.getKind() == SqlKind.TIMESTAMP_DIFF && months(call) != null) {
            return FlinkConvertletTable::timestampDiffMonths;
        }
        return StandardConvertletTable.INSTANCE.get(call);
    }

    /** What Calcite converts {@code call} to. */
    private static RexNode calcites(SqlRexContext cx, SqlCall call) {
        return Objects.requireNonNull(StandardConvertletTable.INSTANCE.get(call)).convertCall(cx, call);
    }

    /** The call of {@code operator} on the converted operands, of the type the validator gave the call. */
    private static RexNode replace(SqlRexContext cx, SqlCall call, SqlOperator operator) {
        List<RexNode> operands = new ArrayList<>();
        for (SqlNode operand : call.getOperandList()) {
            operands.add(cx.convertExpression(operand));
        }
        RelDataType type = cx.getValidator().getValidatedNodeType(call);
        return cx.getRexBuilder().makeCall(type, operator, operands);
    }

    /**
     * {@code a % b} is {@code MOD(a, b)}, typed from the converted operands. Calcite's alias asks the
     * validator for the call's type, which it does not know for a computed column's expression: that
     * is validated on a validator of its own.
     */
    private static RexNode remainder(SqlRexContext cx, SqlCall call) {
        List<RexNode> operands = new ArrayList<>();
        for (SqlNode operand : call.getOperandList()) {
            operands.add(cx.convertExpression(operand));
        }
        return cx.getRexBuilder().makeCall(SqlStdOperatorTable.MOD, operands);
    }

    /* Converted here too, so that a constant cast folds into Flink's text. */
    private static RexNode cast(SqlRexContext cx, SqlCall call) {
        RexNode converted = calcites(cx, call);
        RexNode text = converted instanceof RexCall cast ? FlinkCastRules.temporalToString(cast, cx.getRexBuilder())
                : null;
        return text == null ? converted : text;
    }

    /** The current database ({@code fromEnd} 1) or catalog (2) when the query is planned, as a literal. */
    private static RexNode currentNamespace(SqlRexContext cx, SqlCall call, int fromEnd) {
        List<String> path = cx.getValidator().getCatalogReader().getSchemaPaths().get(0);
        String name = path.size() < fromEnd ? "" : path.get(path.size() - fromEnd);
        return cx.getRexBuilder().makeLiteral(name, cx.getValidator().getValidatedNodeType(call), true);
    }

    /** TYPEOF is the validated type of its operand, spelled as Flink spells it. */
    private static RexNode typeOf(SqlRexContext cx, SqlCall call) {
        RelDataType type = cx.getValidator().getValidatedNodeType(call.operand(0));
        boolean serializable = call.operandCount() == 2 && call.operand(1) instanceof SqlLiteral literal
                && Boolean.TRUE.equals(literal.getValueAs(Boolean.class));
        String text = serializable ? TypeStrings.serializable(type) : TypeStrings.summary(type);
        return cx.getRexBuilder().makeLiteral(text, cx.getValidator().getValidatedNodeType(call), true);
    }

    /*
     * Calcite's JSON_OBJECT and JSON_ARRAY write the internal value of a timestamp (milliseconds)
     * or of binary data; Flink writes ISO date-times and base64 text, and approximate numbers as
     * their decimal text: the values are converted first. Flink sorts the keys; Calcite keeps no
     * order: the text is sorted after.
     */
    private static RexNode jsonConstructor(SqlRexContext cx, SqlCall call) {
        RexNode converted = calcites(cx, call);
        if (!(converted instanceof RexCall json)) {
            return converted;
        }
        int first = call.getOperator() == SqlStdOperatorTable.JSON_OBJECT ? 2 : 1;
        int step = call.getOperator() == SqlStdOperatorTable.JSON_OBJECT ? 2 : 1;
        List<RexNode> operands = new ArrayList<>(json.getOperands());
        boolean changed = false;
        for (int i = first; i < operands.size(); i += step) {
            RexNode value = operands.get(i);
            if (value instanceof RexCall nested && nested.getOperator() == JsonOperators.JSON_SORT_KEYS) {
                // A nested constructor, which Calcite inserts as JSON when it sees it (JSON_TYPE).
                operands.set(i, cx.getRexBuilder().makeCall(SqlStdOperatorTable.JSON_TYPE_OPERATOR,
                        nested.getOperands().get(0)));
                changed = true;
            } else if (JsonOperators.needsJsonScalar(value.getType())) {
                operands.set(i, cx.getRexBuilder().makeCall(JsonOperators.JSON_SCALAR, value));
                changed = true;
            }
        }
        RexNode constructed = changed ? json.clone(json.getType(), operands) : json;
        return cx.getRexBuilder().makeCall(json.getType(), JsonOperators.JSON_SORT_KEYS, List.of(constructed));
    }

    /** The divisor of a sub-second EXTRACT unit: the value Flink gives is within the second. */
    private static @Nullable BigDecimal subSecond(SqlCall call) {
        if (!(call.operand(0) instanceof SqlIntervalQualifier qualifier)) {
            return null;
        }
        return switch (qualifier.timeUnitRange) {
            case MILLISECOND -> BigDecimal.valueOf(1_000);
            case MICROSECOND -> BigDecimal.valueOf(1_000_000);
            case NANOSECOND -> BigDecimal.valueOf(1_000_000_000);
            default -> null;
        };
    }

    /*
     * Calcite's EXTRACT(MILLISECOND ...) counts the seconds too (1.234 s gives 1234); Flink's
     * is the millisecond of the second (234): the remainder by one second's worth.
     */
    private static RexNode extractWithinSecond(SqlRexContext cx, SqlCall call) {
        RexNode calcites = calcites(cx, call);
        RexBuilder rex = cx.getRexBuilder();
        RexNode divisor = rex.makeExactLiteral(subSecond(call), calcites.getType());
        return rex.makeCall(calcites.getType(), SqlStdOperatorTable.MOD, List.of(calcites, divisor));
    }

    /** The months per unit of a TIMESTAMPDIFF in MONTH, QUARTER or YEAR. */
    private static @Nullable Integer months(SqlCall call) {
        TimeUnit unit = timestampDiffUnit(call.operand(0));
        if (unit == null) {
            return null;
        }
        return switch (unit) {
            case MONTH -> 1;
            case QUARTER -> 3;
            case YEAR -> 12;
            default -> null;
        };
    }

    private static @Nullable TimeUnit timestampDiffUnit(SqlNode unit) {
        if (unit instanceof SqlIntervalQualifier qualifier) {
            return qualifier.getStartUnit();
        }
        if (unit instanceof SqlLiteral literal && literal.getValue() instanceof TimeUnitRange range) {
            return range.startUnit;
        }
        if (unit instanceof SqlLiteral literal && literal.getValue() instanceof TimeUnit timeUnit) {
            return timeUnit;
        }
        return null;
    }

    private static RexNode timestampDiffMonths(SqlRexContext cx, SqlCall call) {
        RexBuilder rex = cx.getRexBuilder();
        RexNode from = cx.convertExpression(call.operand(1));
        RexNode to = cx.convertExpression(call.operand(2));
        RexNode months = rex.makeExactLiteral(BigDecimal.valueOf(months(call)),
                rex.getTypeFactory().createSqlType(SqlTypeName.INTEGER));
        return rex.makeCall(cx.getValidator().getValidatedNodeType(call), TemporalOperators.TIMESTAMP_DIFF_MONTHS,
                List.of(from, to, months));
    }
}
