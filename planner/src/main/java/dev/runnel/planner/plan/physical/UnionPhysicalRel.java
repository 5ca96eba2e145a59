package dev.runnel.planner.plan.physical;

import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.SetOp;
import org.apache.calcite.rel.core.Union;

/** {@code UNION ALL}: the rows of every input, in no particular order. */
public final class UnionPhysicalRel extends Union implements PhysicalRel {

    public UnionPhysicalRel(RelOptCluster cluster, RelTraitSet traits, List<RelNode> inputs) {
        super(cluster, traits, List.of(), inputs, true);
    }

    @Override
    public SetOp copy(RelTraitSet traitSet, List<RelNode> inputs, boolean all) {
        return new UnionPhysicalRel(getCluster(), traitSet, inputs);
    }
}
