package dev.runnel.planner.plan;

import dev.runnel.planner.functions.RunnelOperatorTable;
import dev.runnel.planner.plan.logical.WatermarkAssignerLogicalRel;
import dev.runnel.planner.plan.physical.WatermarkAssignerPhysicalRel;
import dev.runnel.planner.plan.window.WindowAggregates;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.apache.calcite.plan.hep.HepRelVertex;
import org.apache.calcite.plan.volcano.RelSubset;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Calc;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Union;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLocalRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;

/**
 * Which fields of a plan node are time attributes, as Flink's time indicators: the rowtime
 * column of a table's {@code WATERMARK} (from its {@code WatermarkAssigner} on) and columns
 * computed as {@code PROCTIME()}. An attribute survives what only forwards it: filters, unions
 * (when every input has it at that position) and projections that reference it as is (or, over
 * a watermark assigner pushed into the source, compute it as the table does); any expression
 * over it yields a plain timestamp, as in Flink. The types of the fields do not
 * change: ask here instead.
 *
 * <pre>{@code
 * if (TimeAttributes.isRowtime(input, descriptorField)) { ... }     // window TVF over DESCRIPTOR(ts)
 * OptionalInt rt = TimeAttributes.rowtimeField(input);              // the input's rowtime, if any
 * }</pre>
 *
 * <p>Rel nodes that produce or forward attributes another way (a window TVF's
 * {@code window_time}, a join) implement {@link Provider}. Everything else has none.
 */
public final class TimeAttributes {
    private TimeAttributes() {
    }

    /** The two kinds of time attribute. */
    public enum Kind { ROWTIME, PROCTIME }

    /** Implemented by rel nodes that know their own time attributes (windows, joins). */
    public interface Provider {
        /** The kind of time attribute field {@code field} is, or empty when it is none. */
        Optional<Kind> timeAttribute(int field);
    }

    /** The kind of time attribute field {@code field} of {@code rel} is, or empty when it is none. */
    public static Optional<Kind> of(RelNode rel, int field) {
        rel = unwrap(rel);
        if (rel instanceof Provider provider) {
            return provider.timeAttribute(field);
        }
        if (rel instanceof WatermarkAssignerLogicalRel assigner) {
            return field == assigner.rowtimeField() ? Optional.of(Kind.ROWTIME) : of(assigner.getInput(), field);
        }
        if (rel instanceof WatermarkAssignerPhysicalRel assigner) {
            return field == assigner.rowtimeField() ? Optional.of(Kind.ROWTIME) : of(assigner.getInput(), field);
        }
        if (rel instanceof Filter filter) {
            return of(filter.getInput(), field);
        }
        if (rel instanceof Aggregate aggregate) {
            // Before it is physical, a window aggregate's window_time key is already its time attribute.
            WindowAggregates.Shape shape = WindowAggregates.shape(aggregate);
            return shape != null && field < shape.group().size() && shape.group().get(field) == WindowAggregates.Property.TIME
                    ? Optional.of(shape.processingTime() ? Kind.PROCTIME : Kind.ROWTIME) : Optional.empty();
        }
        if (rel instanceof Project || rel instanceof Calc) {
            RexNode expression = projection(rel, field);
            if (expression instanceof RexInputRef ref) {
                return of(rel.getInput(0), ref.getIndex());
            }
            if (isProctimeCall(expression)) {
                return Optional.of(Kind.PROCTIME);
            }
            // The rowtime of a watermark assigner pushed into the source is computed here.
            if (unwrap(rel.getInput(0)) instanceof WatermarkAssignerPhysicalRel assigner
                    && expression.equals(assigner.rowtimeExpression())) {
                return Optional.of(Kind.ROWTIME);
            }
            return Optional.empty();
        }
        if (rel instanceof Union union) {
            Optional<Kind> kind = of(union.getInput(0), field);
            for (RelNode input : union.getInputs()) {
                if (!of(input, field).equals(kind)) {
                    return Optional.empty();
                }
            }
            return kind;
        }
        return Optional.empty();
    }

    /** The time attribute field {@code field} of {@code join} forwards from its input, for joins that keep their inputs' attributes. */
    public static Optional<Kind> ofJoinInput(Join join, int field) {
        int leftCount = join.getLeft().getRowType().getFieldCount();
        return field < leftCount ? of(join.getLeft(), field) : of(join.getRight(), field - leftCount);
    }

    public static boolean isRowtime(RelNode rel, int field) {
        return of(rel, field).equals(Optional.of(Kind.ROWTIME));
    }

    public static boolean isProctime(RelNode rel, int field) {
        return of(rel, field).equals(Optional.of(Kind.PROCTIME));
    }

    /** The first rowtime attribute among {@code rel}'s fields, if any. */
    public static OptionalInt rowtimeField(RelNode rel) {
        for (int i = 0; i < rel.getRowType().getFieldCount(); i++) {
            if (isRowtime(rel, i)) {
                return OptionalInt.of(i);
            }
        }
        return OptionalInt.empty();
    }

    /**
     * The field of {@code rel}'s single input that field {@code field} forwards unchanged: the
     * same field for filters and watermark assigners, the referenced one for projections; empty
     * when the field is computed here or {@code rel} is of another kind.
     */
    public static OptionalInt inputField(RelNode rel, int field) {
        rel = unwrap(rel);
        if (rel instanceof Filter || rel instanceof WatermarkAssignerLogicalRel
                || rel instanceof WatermarkAssignerPhysicalRel) {
            return OptionalInt.of(field);
        }
        if ((rel instanceof Project || rel instanceof Calc) && projection(rel, field) instanceof RexInputRef ref) {
            return OptionalInt.of(ref.getIndex());
        }
        return OptionalInt.empty();
    }

    /** {@code PROCTIME()}, also under the cast a computed column may add for its declared type. */
    private static boolean isProctimeCall(RexNode expression) {
        if (expression instanceof RexCall call && call.getKind() == SqlKind.CAST) {
            return isProctimeCall(call.getOperands().get(0));
        }
        return expression instanceof RexCall call && call.getOperator() == RunnelOperatorTable.PROCTIME;
    }

    /** Field {@code field}'s expression over the input of a project or calc. */
    private static RexNode projection(RelNode rel, int field) {
        if (rel instanceof Project project) {
            return project.getProjects().get(field);
        }
        Calc calc = (Calc) rel;
        List<RexLocalRef> projects = calc.getProgram().getProjectList();
        return calc.getProgram().expandLocalRef(projects.get(field));
    }

    /** The rel behind the planners' placeholders (a Volcano subset, a Hep vertex). */
    private static RelNode unwrap(RelNode rel) {
        if (rel instanceof RelSubset subset) {
            RelNode best = subset.getBest();
            return unwrap(best != null ? best : subset.getOriginal());
        }
        if (rel instanceof HepRelVertex vertex) {
            return unwrap(vertex.getCurrentRel());
        }
        return rel;
    }
}
