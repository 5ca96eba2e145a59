package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.TimeAttributes;
import dev.runnel.planner.plan.window.WindowTableFunctionCall;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rel.type.RelDataType;

/**
 * A windowing table function used on its own: every input row once per window it falls into,
 * with {@code window_start}, {@code window_end} and {@code window_time} appended. Stateless and
 * append-only, as in Flink.
 */
public final class WindowTableFunctionPhysicalRel extends SingleRel implements PhysicalRel, TimeAttributes.Provider {
    private final WindowTableFunctionCall call;

    public WindowTableFunctionPhysicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode input,
                                          WindowTableFunctionCall call, RelDataType rowType) {
        super(cluster, traits, input);
        this.call = call;
        this.rowType = rowType;
    }

    public WindowTableFunctionCall call() {
        return call;
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new WindowTableFunctionPhysicalRel(getCluster(), traitSet, sole(inputs), call, rowType);
    }

    /**
     * The input's fields keep their attributes; of the appended window columns, {@code window_time}
     * is an attribute of the time column's kind (a rowtime, or a proctime over PROCTIME()).
     */
    @Override
    public Optional<TimeAttributes.Kind> timeAttribute(int field) {
        int inputArity = getInput().getRowType().getFieldCount();
        if (field < inputArity) {
            return TimeAttributes.of(getInput(), field);
        }
        return field == inputArity + 2 ? TimeAttributes.of(getInput(), call.timeField()) : Optional.empty();
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw).item("window", call.describe());
    }

    /** The operator's name in job graphs: {@code WindowTableFunction(window=[TUMBLE(time_col=[ts], size=[10 min])])}. */
    public String describe() {
        return "WindowTableFunction(window=[" + call.describe() + "])";
    }
}
