package dev.runnel.planner.plan.logical;

import dev.runnel.planner.catalog.CatalogTable;
import java.util.List;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;

/**
 * {@code INSERT INTO table}: replaces Calcite's {@code LogicalTableModify}, whose row type is a
 * row count, with a node whose row type is its input's, so that the optimizer can convert it
 * like any other node.
 */
public final class SinkLogicalRel extends SingleRel {
    private final CatalogTable table;

    public SinkLogicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode input, CatalogTable table) {
        super(cluster, traits, input);
        this.table = table;
    }

    public static SinkLogicalRel create(RelNode input, CatalogTable table) {
        return new SinkLogicalRel(input.getCluster(), input.getCluster().traitSetOf(Convention.NONE), input, table);
    }

    public CatalogTable table() {
        return table;
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new SinkLogicalRel(getCluster(), traitSet, sole(inputs), table);
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw).item("table", table.qualifiedName());
    }
}
