package dev.runnel.planner.functions;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorScope;

/**
 * Flink's built-in scalar functions that Runnel cannot run yet, mostly because they take or
 * return a type it lacks (MAP, ARRAY, VARIANT, structured types, BITMAP). A call to one fails
 * at its position with "NAME is not supported yet" rather than "No match found". The table is
 * chained after every real one, so a function implemented later simply takes precedence.
 */
public final class UnsupportedFunctions {
    static final List<String> NAMES = List.of(
            "REGEXP_EXTRACT_ALL",
            "PARSE_JSON", "TRY_PARSE_JSON",
            "OBJECT_OF", "OBJECT_UPDATE",
            "CURRENT_WATERMARK", "PERCENTILE",
            "BITMAP_AND", "BITMAP_ANDNOT", "BITMAP_BUILD", "BITMAP_CARDINALITY", "BITMAP_FROM_BYTES", "BITMAP_OR",
            "BITMAP_TO_ARRAY", "BITMAP_TO_BYTES", "BITMAP_TO_STRING", "BITMAP_XOR");

    private static final SqlOperatorTable TABLE = SqlOperatorTables.of(
            NAMES.stream().map(Unsupported::new).map(SqlOperator.class::cast).toList());

    private UnsupportedFunctions() {
    }

    /** The names of the functions that fail "not supported yet". */
    public static List<String> names() {
        return NAMES;
    }

    /** Whether {@code op} is one of the placeholders, which the validator refuses at every call. */
    public static boolean isPlaceholder(SqlOperator op) {
        return op instanceof Unsupported;
    }

    /** The table of placeholders, to chain last. */
    public static SqlOperatorTable table() {
        return TABLE;
    }

    /** A function that validates no call. */
    private static final class Unsupported extends SqlFunction {
        Unsupported(String name) {
            super(name, SqlKind.OTHER_FUNCTION, ReturnTypes.explicit(SqlTypeName.ANY),
                    null, OperandTypes.VARIADIC, SqlFunctionCategory.USER_DEFINED_FUNCTION);
        }

        @Override
        public RelDataType deriveType(SqlValidator validator, SqlValidatorScope scope, SqlCall call) {
            throw ValidationErrors.at(call, getName() + " is not supported yet");
        }
    }
}
