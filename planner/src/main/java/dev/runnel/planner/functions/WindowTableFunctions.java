package dev.runnel.planner.functions;

import java.util.Collections;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperandCountRange;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.SqlWindowTableFunction;
import org.apache.calcite.sql.TableCharacteristic;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlOperandCountRanges;
import org.apache.calcite.sql.type.SqlOperandMetadata;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.validate.SqlNameMatcher;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorException;
import org.apache.calcite.util.Static;

/**
 * Flink's windowing table functions, which replace Calcite's: {@code TUMBLE}, {@code HOP},
 * {@code CUMULATE} (which Calcite lacks) and {@code SESSION} (Flink's form: keys as
 * {@code TABLE t PARTITION BY k}, not as a descriptor). Their parameter names are Flink's, so
 * named arguments ({@code DATA => TABLE t, TIMECOL => DESCRIPTOR(ts), SIZE => INTERVAL …}) work.
 * The result has every input column, then {@code window_start} and {@code window_end}
 * (TIMESTAMP(3)) and {@code window_time} (the window's rowtime, {@code window_end} minus 1 ms,
 * of the time column's type: TIMESTAMP(3) or TIMESTAMP_LTZ(3)).
 *
 * <p>Validation checks the shape (a table, a descriptor naming one TIMESTAMP or TIMESTAMP_LTZ
 * column, day-time intervals); that the column is a time attribute (has a {@code WATERMARK})
 * is checked when the call is planned.
 */
public final class WindowTableFunctions {
    public static final WindowTableFunction TUMBLE = new WindowTableFunction("TUMBLE",
            List.of("DATA", "TIMECOL", "SIZE", "OFFSET"), 3, false);
    public static final WindowTableFunction HOP = new WindowTableFunction("HOP",
            List.of("DATA", "TIMECOL", "SLIDE", "SIZE", "OFFSET"), 4, false);
    public static final WindowTableFunction CUMULATE = new WindowTableFunction("CUMULATE",
            List.of("DATA", "TIMECOL", "STEP", "SIZE", "OFFSET"), 4, false);
    public static final WindowTableFunction SESSION = new WindowTableFunction("SESSION",
            List.of("DATA", "TIMECOL", "GAP"), 3, true);

    public static final List<SqlOperator> ALL = List.of(TUMBLE, HOP, CUMULATE, SESSION);

    private WindowTableFunctions() {
    }

    /**
     * {@code table} without Calcite's own windowing table functions: were both Calcite's and
     * Runnel's {@code TUMBLE} found, the validator would leave the call unresolved and treat
     * {@code TABLE t} as a scalar subquery.
     */
    public static SqlOperatorTable withoutCalcites(SqlOperatorTable table) {
        return FilteredOperatorTable.of(table, WindowTableFunctions::isVisible);
    }

    private static boolean isVisible(SqlOperator op) {
        return !(op instanceof SqlWindowTableFunction) || op instanceof WindowTableFunction;
    }

    /** One windowing table function; its operands are the table, the time column descriptor, then intervals. */
    public static final class WindowTableFunction extends SqlWindowTableFunction {
        private final boolean partitionable;

        WindowTableFunction(String name, List<String> params, int mandatory, boolean partitionable) {
            super(name, new Operands(name, params, mandatory));
            this.partitionable = partitionable;
        }

        @Override
        public SqlReturnTypeInference getRowTypeInference() {
            return WindowTableFunction::inferRowType;
        }

        /** SESSION takes {@code TABLE t PARTITION BY k} (a table with set semantics); the others a plain table. */
        @Override
        public TableCharacteristic tableCharacteristic(int ordinal) {
            if (ordinal != 0) {
                return null;
            }
            return TableCharacteristic.builder(partitionable ? TableCharacteristic.Semantics.SET
                    : TableCharacteristic.Semantics.ROW).passColumnsThrough().build();
        }

        private static RelDataType inferRowType(SqlOperatorBinding binding) {
            RelDataType input = binding.getOperandType(0);
            RelDataTypeFactory types = binding.getTypeFactory();
            SqlTypeName timeType = SqlTypeName.TIMESTAMP;
            if (binding instanceof SqlCallBinding call && call.operand(1) instanceof SqlCall descriptor) {
                RelDataTypeField field = timeField(call, descriptor);
                if (field != null) {
                    timeType = field.getType().getSqlTypeName();
                }
            }
            return types.builder().kind(input.getStructKind()).addAll(input.getFieldList())
                    .add("window_start", SqlTypeName.TIMESTAMP, 3)
                    .add("window_end", SqlTypeName.TIMESTAMP, 3)
                    .add("window_time", timeType, 3)
                    .build();
        }
    }

    /** The input column that the call's descriptor names, or {@code null}. */
    private static RelDataTypeField timeField(SqlCallBinding call, SqlCall descriptor) {
        if (descriptor.getKind() != SqlKind.DESCRIPTOR || descriptor.operandCount() != 1
                || !(descriptor.operand(0) instanceof SqlIdentifier id)) {
            return null;
        }
        SqlValidator validator = call.getValidator();
        RelDataType input = validator.getValidatedNodeType(call.operand(0));
        SqlNameMatcher matcher = validator.getCatalogReader().nameMatcher();
        return matcher.field(input, id.getSimple());
    }

    /** Flink's parameters; checks the table, the descriptor and the intervals. */
    private record Operands(String function, List<String> paramNames, int mandatory) implements SqlOperandMetadata {
        @Override
        public List<RelDataType> paramTypes(RelDataTypeFactory typeFactory) {
            return Collections.nCopies(paramNames.size(), typeFactory.createSqlType(SqlTypeName.ANY));
        }

        @Override
        public boolean checkOperandTypes(SqlCallBinding binding, boolean throwOnFailure) {
            SqlValidator validator = binding.getValidator();
            if (validator.getValidatedNodeType(binding.operand(0)).getSqlTypeName() != SqlTypeName.ROW) {
                return fail(binding, throwOnFailure);
            }
            SqlNode timeCol = binding.operand(1);
            if (timeCol.getKind() != SqlKind.DESCRIPTOR || ((SqlCall) timeCol).operandCount() != 1) {
                return fail(binding, throwOnFailure);
            }
            SqlCall descriptor = (SqlCall) timeCol;
            RelDataTypeField field = timeField(binding, descriptor);
            if (field == null) {
                SqlNode column = descriptor.operand(0);
                throw SqlUtil.newContextException(column.getParserPosition(),
                        Static.RESOURCE.unknownIdentifier(column.toString()));
            }
            SqlTypeName type = field.getType().getSqlTypeName();
            if (type != SqlTypeName.TIMESTAMP && type != SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE) {
                if (!throwOnFailure) {
                    return false;
                }
                throw contextError(descriptor.getParserPosition(), "The window function " + function
                        + " requires its time column to be a time attribute of type TIMESTAMP(3) or TIMESTAMP_LTZ(3), but "
                        + field.getName() + " is " + field.getType().getFullTypeString().replace(" NOT NULL", ""));
            }
            for (int i = 2; i < binding.getOperandCount(); i++) {
                RelDataType interval = validator.getValidatedNodeType(binding.operand(i));
                if (!SqlTypeUtil.isInterval(interval) || interval.getSqlTypeName().getFamily()
                        != SqlTypeFamily.INTERVAL_DAY_TIME) {
                    return fail(binding, throwOnFailure);
                }
            }
            return true;
        }

        static CalciteContextException contextError(SqlParserPos pos, String message) {
            return new CalciteContextException(message, new SqlValidatorException(message, null),
                    pos.getLineNum(), pos.getColumnNum(), pos.getEndLineNum(), pos.getEndColumnNum());
        }

        private static boolean fail(SqlCallBinding binding, boolean throwOnFailure) {
            if (throwOnFailure) {
                throw binding.newValidationSignatureError();
            }
            return false;
        }

        @Override
        public SqlOperandCountRange getOperandCountRange() {
            return SqlOperandCountRanges.between(mandatory, paramNames.size());
        }

        @Override
        public String getAllowedSignatures(SqlOperator op, String opName) {
            List<String> intervals = paramNames.subList(2, paramNames.size());
            StringBuilder signature = new StringBuilder(opName).append("(TABLE table_name");
            if (function.equals("SESSION")) {
                signature.append(" [PARTITION BY key]");
            }
            signature.append(", DESCRIPTOR(timecol)");
            for (int i = 0; i < intervals.size(); i++) {
                boolean optional = i + 2 >= mandatory;
                signature.append(optional ? "[, " : ", ").append("INTERVAL ").append(intervals.get(i).toLowerCase())
                        .append(optional ? "]" : "");
            }
            return signature.append(")").toString();
        }

        @Override
        public boolean isOptional(int i) {
            return i >= mandatory;
        }
    }
}
