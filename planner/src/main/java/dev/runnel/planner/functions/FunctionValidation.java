package dev.runnel.planner.functions;

import java.util.function.Function;
import org.apache.calcite.avatica.util.TimeUnitRange;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Calls that Calcite's validator accepts and Flink's refuses, refused at their position: a
 * JSON_OBJECT or JSON_ARRAY value without a JSON form, EXTRACT of MICROSECOND or NANOSECOND
 * from a TIME.
 */
public final class FunctionValidation {
    private FunctionValidation() {
    }

    /**
     * @param types the validated type of an operand of {@code call}
     * @throws org.apache.calcite.runtime.CalciteContextException at the offending operand
     */
    public static void check(SqlCall call, Function<SqlNode, RelDataType> types) {
        JsonOperators.checkJsonValues(call, types);
        if (call.getKind() == SqlKind.EXTRACT && call.operand(0) instanceof SqlIntervalQualifier unit
                && (unit.timeUnitRange == TimeUnitRange.MICROSECOND || unit.timeUnitRange == TimeUnitRange.NANOSECOND)) {
            RelDataType type = types.apply(call.operand(1));
            if (type.getSqlTypeName() == SqlTypeName.TIME) {
                throw ValidationErrors.at(call, "unit " + unit.timeUnitRange + " can not be applied to "
                        + TypeStrings.summary(type) + " variable");
            }
        }
    }
}
