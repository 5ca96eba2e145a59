package dev.runnel.planner.plan.physical;

import com.google.common.collect.ImmutableList;
import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexLiteral;

/** Literal rows ({@code VALUES}), emitted by a bounded source. */
public final class ValuesPhysicalRel extends Values implements PhysicalRel {

    public ValuesPhysicalRel(RelOptCluster cluster, RelDataType rowType,
                             ImmutableList<ImmutableList<RexLiteral>> tuples, RelTraitSet traits) {
        super(cluster, List.of(), rowType, tuples, traits);
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new ValuesPhysicalRel(getCluster(), getRowType(), tuples, traitSet);
    }
}
