package dev.runnel.planner.plan.window;

import dev.runnel.planner.functions.WindowTableFunctions.WindowTableFunction;
import dev.runnel.planner.plan.TimeAttributes;
import dev.runnel.planner.session.SqlExecutionException;
import dev.runnel.runtime.operators.window.WindowAssigner;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.apache.calcite.plan.volcano.RelSubset;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Exchange;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.TableFunctionScan;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * A call of a windowing table function ({@code TUMBLE}, {@code HOP}, {@code CUMULATE},
 * {@code SESSION}) read from the {@link TableFunctionScan} that SqlToRel makes of it: which
 * function, which input field is the time attribute, the sizes, and (SESSION) the partition keys.
 *
 * @param timeField the index of the time column in the function's input
 * @param size TUMBLE/HOP/CUMULATE window size, SESSION gap (millis)
 * @param slide HOP slide, CUMULATE step, else 0 (millis)
 * @param partitionKeys SESSION's {@code PARTITION BY} fields, else empty
 */
public record WindowTableFunctionCall(String function, int timeField, String timeFieldName, long size, long slide,
                                      long offset, List<Integer> partitionKeys) {

    /** Whether {@code scan} calls one of Runnel's windowing table functions. */
    public static boolean isWindowing(TableFunctionScan scan) {
        return scan.getCall() instanceof RexCall call && call.getOperator() instanceof WindowTableFunction;
    }

    /**
     * Reads the call of {@code scan}, which {@link #isWindowing} accepts.
     *
     * @throws SqlExecutionException when a size is not positive or a HOP/CUMULATE size is not a multiple of its slide/step
     */
    public static WindowTableFunctionCall of(TableFunctionScan scan) {
        RexCall call = (RexCall) scan.getCall();
        String function = call.getOperator().getName();
        List<RexNode> operands = call.getOperands();
        int descriptor = 0;
        while (descriptor < operands.size() && !operands.get(descriptor).isA(SqlKind.DESCRIPTOR)) {
            descriptor++;
        }
        RexInputRef timeRef = (RexInputRef) ((RexCall) operands.get(descriptor)).getOperands().get(0);
        List<Long> intervals = new ArrayList<>();
        for (RexNode operand : operands.subList(descriptor + 1, operands.size())) {
            intervals.add(operand.isA(SqlKind.DEFAULT) ? null : millis(function, operand));
        }
        RelNode input = scan.getInputs().get(0);
        String timeName = input.getRowType().getFieldNames().get(timeRef.getIndex());
        WindowTableFunctionCall parsed = switch (function) {
            case "TUMBLE" -> new WindowTableFunctionCall(function, timeRef.getIndex(), timeName, intervals.get(0), 0,
                    optional(intervals, 1), List.of());
            case "HOP", "CUMULATE" -> new WindowTableFunctionCall(function, timeRef.getIndex(), timeName,
                    intervals.get(1), intervals.get(0), optional(intervals, 2), List.of());
            case "SESSION" -> new WindowTableFunctionCall(function, timeRef.getIndex(), timeName, intervals.get(0), 0, 0,
                    partitionKeys(input));
            default -> throw new IllegalStateException("Unknown window function " + function);
        };
        parsed.assigner(); // checks the sizes
        return parsed;
    }

    /** The runtime's window assignment for this call. */
    public WindowAssigner assigner() {
        try {
            return switch (function) {
                case "TUMBLE" -> new WindowAssigner.Tumbling(size, offset);
                case "HOP" -> new WindowAssigner.Hopping(size, slide, offset);
                case "CUMULATE" -> new WindowAssigner.Cumulative(size, slide, offset);
                default -> new WindowAssigner.Session(size);
            };
        } catch (IllegalArgumentException e) {
            throw new SqlExecutionException("Invalid " + function + " window: " + e.getMessage(), e);
        }
    }

    /** Flink's form: {@code TUMBLE(time_col=[ts], size=[10 min])}. */
    public String describe() {
        StringBuilder text = new StringBuilder(function).append("(");
        if (!partitionKeys.isEmpty()) {
            text.append("partition keys=").append(partitionKeys).append(", ");
        }
        text.append("time_col=[").append(timeFieldName).append("], ");
        switch (function) {
            case "HOP" -> text.append("size=[").append(duration(size)).append("], slide=[").append(duration(slide)).append("]");
            case "CUMULATE" -> text.append("max_size=[").append(duration(size)).append("], step=[")
                    .append(duration(slide)).append("]");
            case "SESSION" -> text.append("gap=[").append(duration(size)).append("]");
            default -> text.append("size=[").append(duration(size)).append("]");
        }
        if (offset != 0) {
            text.append(", offset=[").append(duration(offset)).append("]");
        }
        return text.append(")").toString();
    }

    /**
     * Fails unless the time column of every windowing function call in {@code root} is a rowtime
     * attribute, as {@link TimeAttributes} tells: the rowtime column of a table's
     * {@code WATERMARK} (from its watermark assigner on), or the {@code window_time} of an inner
     * windowing function, passed on unchanged (renaming is fine) through projections and filters;
     * or, except for SESSION, a {@code PROCTIME()} attribute (processing-time windows).
     * Runs on the logical plan after the watermark assigners are in place.
     */
    public static void checkTimeAttributes(RelNode root) {
        if (root instanceof TableFunctionScan scan && isWindowing(scan)) {
            WindowTableFunctionCall call = of(scan);
            RelNode input = scan.getInputs().get(0);
            // SESSION's PARTITION BY puts an exchange between the function and its input
            RelNode timed = input instanceof Exchange ? input.getInput(0) : input;
            boolean proctime = TimeAttributes.isProctime(timed, call.timeField);
            if (proctime && call.function.equals("SESSION")) {
                throw new SqlExecutionException("A SESSION window over the processing-time attribute "
                        + call.timeFieldName + " (PROCTIME()) is not supported yet");
            }
            if (!proctime && !isRowtime(scan.getInputs().get(0), call.timeField)) {
                throw new SqlExecutionException("The window function " + call.function + " requires the time column"
                        + " to be a time attribute (a column with a WATERMARK), but " + call.timeFieldName
                        + " is not one");
            }
        }
        for (RelNode input : root.getInputs()) {
            checkTimeAttributes(input);
        }
    }

    /**
     * Whether field {@code field} of {@code rel} is a rowtime attribute. {@link TimeAttributes}
     * answers for everything but a logical windowing function (a Calcite {@link TableFunctionScan},
     * which cannot say itself), the exchange of SESSION's {@code PARTITION BY} and a logical window
     * join; a windowing function's {@code window_time} is one and whose input fields are what they
     * were, and a window join's fields are what they were in its inputs.
     */
    public static boolean isRowtime(RelNode rel, int field) {
        RelNode node = rel instanceof RelSubset subset ? subset.getOriginal() : rel;
        if (node instanceof TableFunctionScan tvf && isWindowing(tvf)) {
            int inputArity = tvf.getInputs().get(0).getRowType().getFieldCount();
            // window_start, window_end, window_time follow the input's fields; only window_time is a time attribute.
            return field < inputArity ? isRowtime(tvf.getInputs().get(0), field) : field == inputArity + 2;
        }
        if (node instanceof Exchange) {
            // SESSION's PARTITION BY: the exchange only moves rows.
            return isRowtime(node.getInput(0), field);
        }
        if (node instanceof Join join) {
            // A window join keeps both inputs' rowtime attributes, window_time included, as in Flink.
            var input = WindowJoins.anyInputField(join, field);
            return input.isPresent() && isRowtime(join.getInput(input.get().input()), input.get().field());
        }
        if (TimeAttributes.isRowtime(node, field)) {
            return true;
        }
        OptionalInt forwarded = TimeAttributes.inputField(node, field);
        return forwarded.isPresent() && isRowtime(node.getInput(0), forwarded.getAsInt());
    }

    private static List<Integer> partitionKeys(RelNode input) {
        RelNode rel = input instanceof RelSubset s ? s.getOriginal() : input;
        return rel instanceof Exchange exchange ? exchange.getDistribution().getKeys() : List.of();
    }

    private static long optional(List<Long> intervals, int i) {
        return i < intervals.size() && intervals.get(i) != null ? intervals.get(i) : 0;
    }

    private static long millis(String function, RexNode operand) {
        if (operand instanceof RexLiteral literal && literal.getValue() instanceof BigDecimal value
                && SqlTypeName.INTERVAL_TYPES.contains(literal.getType().getSqlTypeName())) {
            return value.longValueExact();
        }
        throw new SqlExecutionException("The intervals of " + function + " must be constants, not " + operand);
    }

    /** Flink's duration text: {@code 10 min}, {@code 5 s}, {@code 1 h}, {@code 2 d}, else {@code 1500 ms}. */
    static String duration(long millis) {
        long[] units = {86_400_000L, 3_600_000L, 60_000L, 1_000L};
        String[] names = {"d", "h", "min", "s"};
        for (int i = 0; i < units.length; i++) {
            if (millis % units[i] == 0) {
                return millis / units[i] + " " + names[i];
            }
        }
        return millis + " ms";
    }
}
