package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.TimeAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;

/**
 * The time bounds of an interval join: {@code lowerBound <= leftTime - rightTime <= upperBound}
 * (milliseconds) on two event-time attributes or two processing-time attributes (a rowtime
 * compared with a proctime is a regular join's condition, as in Flink), found among the conjuncts of a join condition
 * such as {@code l.ts BETWEEN r.ts - INTERVAL '1' HOUR AND r.ts + INTERVAL '1' HOUR} (or the
 * same with {@code >=}, {@code >}, {@code <=}, {@code <}; a strict bound is one millisecond
 * tighter, as in Flink).
 *
 * @param leftTime the time field in the left input; {@code rightTime} in the right input
 * @param keys the equi-join keys, and the residual condition without the time bounds
 * @param processingTime whether both times are processing-time attributes: rows are joined by
 *                       their arrival times, as Flink's {@code ProcTimeIntervalJoin}
 */
public record IntervalJoinSpec(int leftTime, int rightTime, long lowerBound, long upperBound, JoinKeys keys,
                               boolean processingTime) {

    /** The interval-join bounds of {@code join}, or empty when it is not an interval join. */
    public static Optional<IntervalJoinSpec> of(Join join) {
        JoinKeys keys = JoinKeys.of(join.getLeft(), join.getRight(), join.getCondition());
        if (keys.residual() == null) {
            return Optional.empty();
        }
        int leftCount = join.getLeft().getRowType().getFieldCount();
        List<RexNode> conjuncts = RelOptUtil.conjunctions(keys.residual());
        // The first pair of time fields that gets both a lower and an upper bound makes the interval.
        for (RexNode first : conjuncts) {
            Bound pair = Bound.of(first, leftCount);
            if (pair == null) {
                continue;
            }
            long lower = Long.MIN_VALUE;
            long upper = Long.MAX_VALUE;
            List<RexNode> rest = new ArrayList<>();
            for (RexNode c : conjuncts) {
                Bound b = Bound.of(c, leftCount);
                if (b != null && b.left == pair.left && b.right == pair.right) {
                    lower = Math.max(lower, b.lower);
                    upper = Math.min(upper, b.upper);
                } else {
                    rest.add(c);
                }
            }
            Optional<TimeAttributes.Kind> kind = TimeAttributes.of(join.getLeft(), pair.left);
            if (lower == Long.MIN_VALUE || upper == Long.MAX_VALUE || kind.isEmpty()
                    || !kind.equals(TimeAttributes.of(join.getRight(), pair.right - leftCount))) {
                continue;
            }
            RexNode residual = rest.isEmpty() ? null
                    : RexUtil.composeConjunction(join.getCluster().getRexBuilder(), rest);
            return Optional.of(new IntervalJoinSpec(pair.left, pair.right - leftCount, lower, upper,
                    new JoinKeys(keys.leftKeys(), keys.rightKeys(), keys.nullSafe(), residual),
                    kind.get() == TimeAttributes.Kind.PROCTIME));
        }
        return Optional.empty();
    }

    /** One comparison as bounds on {@code left - right} (positions in the joined row). */
    private record Bound(int left, int right, long lower, long upper) {
        static Bound of(RexNode node, int leftCount) {
            if (!(node instanceof RexCall call) || call.getOperands().size() != 2) {
                return null;
            }
            SqlKind kind = call.getKind();
            if (kind != SqlKind.GREATER_THAN && kind != SqlKind.GREATER_THAN_OR_EQUAL && kind != SqlKind.LESS_THAN
                    && kind != SqlKind.LESS_THAN_OR_EQUAL) {
                return null;
            }
            Shifted a = Shifted.of(call.getOperands().get(0));
            Shifted b = Shifted.of(call.getOperands().get(1));
            if (a == null || b == null || (a.field < leftCount) == (b.field < leftCount)) {
                return null;
            }
            // a op b  <=>  a.field - b.field op b.shift - a.shift; flip when a is the right side.
            long value = b.shift - a.shift;
            if (a.field >= leftCount) {
                kind = kind.reverse();
                value = -value;
            }
            int left = Math.min(a.field, b.field);
            int right = Math.max(a.field, b.field);
            return switch (kind) {
                case GREATER_THAN_OR_EQUAL -> new Bound(left, right, value, Long.MAX_VALUE);
                case GREATER_THAN -> new Bound(left, right, value + 1, Long.MAX_VALUE);
                case LESS_THAN_OR_EQUAL -> new Bound(left, right, Long.MIN_VALUE, value);
                default -> new Bound(left, right, Long.MIN_VALUE, value - 1);
            };
        }
    }

    /** A timestamp field plus a constant day-time interval, in milliseconds. */
    private record Shifted(int field, long shift) {
        static Shifted of(RexNode node) {
            if (node instanceof RexInputRef ref) {
                return new Shifted(ref.getIndex(), 0);
            }
            if (node instanceof RexCall call && (call.getKind() == SqlKind.PLUS || call.getKind() == SqlKind.MINUS)
                    && call.getOperands().get(0) instanceof RexInputRef ref
                    && call.getOperands().get(1) instanceof RexLiteral literal
                    && literal.getType().getSqlTypeName().getFamily() == SqlTypeFamily.INTERVAL_DAY_TIME) {
                Long millis = literal.getValueAs(Long.class);
                if (millis == null) {
                    return null;
                }
                return new Shifted(ref.getIndex(), call.getKind() == SqlKind.PLUS ? millis : -millis);
            }
            return null;
        }
    }
}
