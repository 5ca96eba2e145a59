package dev.runnel.planner.codegen;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexLocalRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The {@code CAST}s of a string to a number in a program, described as the user wrote them
 * ({@code CAST(s AS INT)}), so that the generated code can name the cast whose value is not a
 * number (see {@link dev.runnel.runtime.codegen.CastFailures}). {@code TRY_CAST} is not among
 * them: it gives NULL instead of failing.
 */
final class StringToNumberCasts {
    private StringToNumberCasts() {
    }

    /** Each cast's text and its target type, alternating; empty when the program has none. */
    static String[] describe(RexProgram program) {
        List<String> casts = new ArrayList<>();
        for (RexNode expr : program.getExprList()) {
            if (expr instanceof RexCall call && call.getKind() == SqlKind.CAST
                    && SqlTypeFamily.CHARACTER.contains(call.getOperands().get(0).getType())
                    && SqlTypeFamily.NUMERIC.contains(call.getType())) {
                String type = typeName(call.getType());
                String text = "CAST(" + operand(program, call.getOperands().get(0)) + " AS " + type + ")";
                if (!casts.contains(text)) {
                    casts.add(text);
                    casts.add(type);
                }
            }
        }
        return casts.toArray(String[]::new);
    }

    /* A column by its name, a literal as written; a computed string as "<expression>". */
    private static String operand(RexProgram program, RexNode operand) {
        RexNode expanded = operand instanceof RexLocalRef ref ? program.expandLocalRef(ref) : operand;
        if (expanded instanceof RexInputRef input) {
            return program.getInputRowType().getFieldNames().get(input.getIndex());
        }
        if (expanded instanceof RexLiteral literal && literal.getValueAs(String.class) != null) {
            return "'" + literal.getValueAs(String.class).replace("'", "''") + "'";
        }
        return "<expression>";
    }

    /* Flink's name of the type: INT, FLOAT, DECIMAL(10, 2). */
    private static String typeName(RelDataType type) {
        SqlTypeName name = type.getSqlTypeName();
        return switch (name) {
            case INTEGER -> "INT";
            case REAL -> "FLOAT";
            case DECIMAL -> "DECIMAL(" + type.getPrecision() + ", " + type.getScale() + ")";
            default -> name.getName();
        };
    }
}
