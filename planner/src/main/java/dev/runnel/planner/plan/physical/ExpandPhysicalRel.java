package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.TimeAttributes;
import dev.runnel.planner.plan.logical.ExpandLogicalRel;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;

/**
 * Flink's Expand ({@link ExpandLogicalRel}), run by the runtime's stateless {@code ExpandOperator}
 * chained to its input. A field that every projection takes from the same input field forwards
 * that field's time attribute (the window columns of a windowed grouping-sets aggregate).
 */
public final class ExpandPhysicalRel extends SingleRel implements PhysicalRel, TimeAttributes.Provider {
    private final List<List<RexNode>> projects;
    private final List<String> fieldNames;

    public ExpandPhysicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode input, List<List<RexNode>> projects,
                             List<String> fieldNames) {
        super(cluster, traits, input);
        this.projects = projects;
        this.fieldNames = fieldNames;
    }

    public List<List<RexNode>> projects() {
        return projects;
    }

    @Override
    protected RelDataType deriveRowType() {
        return ExpandLogicalRel.rowType(getCluster().getTypeFactory(), projects, fieldNames);
    }

    @Override
    public Optional<TimeAttributes.Kind> timeAttribute(int field) {
        int source = ExpandLogicalRel.forwardedField(projects, field);
        return source < 0 ? Optional.empty() : TimeAttributes.of(getInput(), source);
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new ExpandPhysicalRel(getCluster(), traitSet, sole(inputs), projects, fieldNames);
    }

    /** {@code Expand(projects=[{cust, id, 0 AS $e}, {cust, null AS id, 1 AS $e}])}, as Flink's. */
    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw).item("projects", describeProjects());
    }

    public String describe() {
        return "Expand(projects=[" + describeProjects() + "])";
    }

    private String describeProjects() {
        return ExpandLogicalRel.describe(projects, getInput().getRowType().getFieldNames(), fieldNames);
    }
}
