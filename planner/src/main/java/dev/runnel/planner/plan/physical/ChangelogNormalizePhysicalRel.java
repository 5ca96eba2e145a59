package dev.runnel.planner.plan.physical;

import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Flink's ChangelogNormalize over an upsert source: keyed by the table's primary key, it keeps
 * each key's last row and turns the source's upserts and deletes into a full changelog
 * {@code [I,UB,UA,D]} ({@link ChangelogNormalization} puts it there).
 */
public final class ChangelogNormalizePhysicalRel extends SingleRel implements PhysicalRel {
    private final ImmutableBitSet key;

    public ChangelogNormalizePhysicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode input, ImmutableBitSet key) {
        super(cluster, traits, input);
        this.key = key;
    }

    public ImmutableBitSet key() {
        return key;
    }

    @Override
    public ChangelogMode changelogMode() {
        return ChangelogMode.ALL;
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new ChangelogNormalizePhysicalRel(getCluster(), traitSet, sole(inputs), key);
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw).item("key", String.join(", ", keyNames()));
    }

    /** The operator's name in job graphs, as Flink's: {@code ChangelogNormalize(key=[id])}. */
    public String describe() {
        return "ChangelogNormalize(key=[" + String.join(", ", keyNames()) + "])";
    }

    private List<String> keyNames() {
        List<String> names = getInput().getRowType().getFieldNames();
        return key.asList().stream().map(names::get).toList();
    }
}
