package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.window.WindowTableFunctionCall;
import java.util.List;
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
public final class WindowTableFunctionPhysicalRel extends SingleRel implements PhysicalRel {
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

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw).item("window", call.describe());
    }

    /** The operator's name in job graphs: {@code WindowTableFunction(window=[TUMBLE(time_col=[ts], size=[10 min])])}. */
    public String describe() {
        return "WindowTableFunction(window=[" + call.describe() + "])";
    }
}
