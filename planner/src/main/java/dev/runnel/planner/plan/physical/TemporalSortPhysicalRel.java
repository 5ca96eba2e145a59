package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.TimeAttributes;
import dev.runnel.planner.plan.logical.RankSpec;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;

/**
 * {@code ORDER BY ts [, x …]} without LIMIT, where {@code ts} is a time attribute sorted
 * ascending: Flink's streaming TemporalSort. On event time the rows wait until the watermark
 * passes their time; on processing time until the next millisecond. Rows keep their time
 * attributes; the output is insert-only, as the input must be.
 */
public final class TemporalSortPhysicalRel extends SingleRel implements PhysicalRel, TimeAttributes.Provider {
    private final RelCollation order;
    private final boolean rowtime;

    public TemporalSortPhysicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode input, RelCollation order,
                                   boolean rowtime) {
        super(cluster, traits, input);
        this.order = order;
        this.rowtime = rowtime;
    }

    /** All sort keys, the time attribute first. */
    public RelCollation order() {
        return order;
    }

    /** The sort keys after the time attribute. */
    public RelCollation secondaryOrder() {
        List<org.apache.calcite.rel.RelFieldCollation> fields = order.getFieldCollations();
        return RelCollations.of(fields.subList(1, fields.size()));
    }

    public int timeField() {
        return order.getFieldCollations().get(0).getFieldIndex();
    }

    /** Whether the time attribute is event time (else processing time). */
    public boolean rowtime() {
        return rowtime;
    }

    @Override
    public Optional<TimeAttributes.Kind> timeAttribute(int field) {
        return TimeAttributes.of(getInput(), field);
    }

    @Override
    public ChangelogMode changelogMode() {
        return ChangelogMode.INSERT_ONLY;
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new TemporalSortPhysicalRel(getCluster(), traitSet, sole(inputs), order, rowtime);
    }

    /** {@code TemporalSort(orderBy=[ts ASC, id DESC])}, as Flink's. */
    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw).item("orderBy", orderText());
    }

    /** The operator's name in job graphs. */
    public String describe() {
        return "TemporalSort(orderBy=[" + orderText() + "])";
    }

    private String orderText() {
        return RankSpec.orderText(order, getInput().getRowType().getFieldNames());
    }
}
