package dev.runnel.planner.plan.physical;

import dev.runnel.runtime.data.RowKind;
import java.util.EnumSet;
import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Deduplication: {@code ROW_NUMBER() OVER (PARTITION BY key ORDER BY time attribute) = 1}
 * without the row number, keeping the first row of each key ({@code ASC}) or the last
 * ({@code DESC}), as Flink's Deduplicate. Only keep-first on processing time is insert-only;
 * the others update the row they emitted.
 *
 * @param orderField the time attribute the rows are ordered by
 * @param rowtime whether it is event time (else processing time)
 */
public final class DeduplicatePhysicalRel extends SingleRel implements PhysicalRel {
    private final ImmutableBitSet key;
    private final boolean keepLastRow;
    private final int orderField;
    private final boolean rowtime;

    public DeduplicatePhysicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode input, ImmutableBitSet key,
                                  boolean keepLastRow, int orderField, boolean rowtime) {
        super(cluster, traits, input);
        this.key = key;
        this.keepLastRow = keepLastRow;
        this.orderField = orderField;
        this.rowtime = rowtime;
    }

    public ImmutableBitSet key() {
        return key;
    }

    public boolean keepLastRow() {
        return keepLastRow;
    }

    public int orderField() {
        return orderField;
    }

    public boolean rowtime() {
        return rowtime;
    }

    @Override
    public ChangelogMode changelogMode() {
        if (!keepLastRow && !rowtime) {
            return ChangelogMode.INSERT_ONLY;
        }
        return new ChangelogMode(EnumSet.of(RowKind.INSERT, RowKind.UPDATE_BEFORE, RowKind.UPDATE_AFTER));
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new DeduplicatePhysicalRel(getCluster(), traitSet, sole(inputs), key, keepLastRow, orderField, rowtime);
    }

    /** {@code Deduplicate(keep=[FirstRow], key=[id], order=[PROCTIME])}, as Flink's. */
    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw).item("keep", keepLastRow ? "LastRow" : "FirstRow")
                .item("key", String.join(", ", keyNames())).item("order", rowtime ? "ROWTIME" : "PROCTIME");
    }

    /** The operator's name in job graphs. */
    public String describe() {
        return "Deduplicate(keep=[" + (keepLastRow ? "LastRow" : "FirstRow") + "], key=[" + String.join(", ", keyNames())
                + "], order=[" + (rowtime ? "ROWTIME" : "PROCTIME") + "])";
    }

    private List<String> keyNames() {
        List<String> names = getInput().getRowType().getFieldNames();
        return key.asList().stream().map(names::get).toList();
    }
}
