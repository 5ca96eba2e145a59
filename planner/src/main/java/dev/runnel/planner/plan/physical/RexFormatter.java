package dev.runnel.planner.plan.physical;

import java.util.List;
import java.util.stream.Collectors;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexDigestIncludeType;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;

/** Prints expressions for plan text with field names instead of {@code $0}, as Flink's plans do. */
final class RexFormatter {
    private RexFormatter() {
    }

    static String format(RexNode node, List<String> inputNames) {
        if (node instanceof RexInputRef ref) {
            return inputNames.get(ref.getIndex());
        }
        if (node instanceof RexLiteral literal) {
            // Intervals keep their unit, as Flink prints them: 5000:INTERVAL SECOND.
            return literal.computeDigest(SqlTypeName.INTERVAL_TYPES.contains(literal.getType().getSqlTypeName())
                    ? RexDigestIncludeType.ALWAYS : RexDigestIncludeType.NO_TYPE);
        }
        if (node instanceof RexCall call) {
            String args = call.getOperands().stream().map(o -> format(o, inputNames)).collect(Collectors.joining(", "));
            if (call.getKind() == SqlKind.CAST) {
                return "CAST(" + args + " AS " + call.getType().getFullTypeString() + ")";
            }
            return call.getOperator().getName() + "(" + args + ")";
        }
        return node.toString();
    }
}
