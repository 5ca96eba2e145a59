package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.TimeAttributes;
import dev.runnel.runtime.operators.over.OverAggregateOperatorFactory;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexLiteral;

/**
 * An OVER aggregation: one {@link Window.Group} of aggregate calls, ordered by a rowtime or a
 * processing-time attribute, framed from {@link #preceding()} to the current row (see
 * {@link OverAggregateOperatorFactory}). Its output is the input row followed by the aggregates;
 * it is append-only.
 */
public final class OverAggregatePhysicalRel extends Window implements PhysicalRel {
    private final long preceding;

    OverAggregatePhysicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode input, List<RexLiteral> constants,
                             RelDataType rowType, List<Group> groups, long preceding) {
        super(cluster, traits, input, constants, rowType, groups);
        this.preceding = preceding;
    }

    public Group group() {
        return groups.get(0);
    }

    /** Rows (ROWS) or milliseconds (RANGE) before the current row, or {@link OverAggregateOperatorFactory#UNBOUNDED}. */
    public long preceding() {
        return preceding;
    }

    /** The input field the rows are ordered by. */
    public int orderField() {
        return group().orderKeys.getFieldCollations().get(0).getFieldIndex();
    }

    /** Whether the rows are ordered by a processing-time attribute (by arrival) rather than a rowtime. */
    public boolean processingTime() {
        return TimeAttributes.isProctime(getInput(), orderField());
    }

    /** The aggregate calls, reading input fields. */
    public List<AggregateCall> aggregateCalls() {
        return group().getAggregateCalls(this);
    }

    @Override
    public ChangelogMode changelogMode() {
        return ChangelogMode.INSERT_ONLY;
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new OverAggregatePhysicalRel(getCluster(), traitSet, sole(inputs), constants, getRowType(), groups,
                preceding);
    }

    @Override
    public Window copy(List<RexLiteral> constants) {
        return new OverAggregatePhysicalRel(getCluster(), getTraitSet(), getInput(), constants, getRowType(), groups,
                preceding);
    }

    /** {@code OverAggregate(partitionBy=[k], orderBy=[ts], window=[ROWS BETWEEN 2 PRECEDING AND CURRENT ROW], select=[…])}. */
    @Override
    public RelWriter explainTerms(RelWriter pw) {
        List<String> names = getInput().getRowType().getFieldNames();
        return pw.input("input", getInput()).item("partitionBy", partitionBy(names)).item("orderBy", orderBy(names))
                .item("window", frame()).item("select", select(names));
    }

    /** The operator's name in job graphs, as EXPLAIN shows it. */
    public String describe() {
        List<String> names = getInput().getRowType().getFieldNames();
        return "OverAggregate(partitionBy=[" + partitionBy(names) + "], orderBy=[" + orderBy(names) + "], window=["
                + frame() + "], select=[" + select(names) + "])";
    }

    private String partitionBy(List<String> names) {
        return group().keys.asList().stream().map(names::get).collect(Collectors.joining(", "));
    }

    private String orderBy(List<String> names) {
        return names.get(group().orderKeys.getFieldCollations().get(0).getFieldIndex());
    }

    private String frame() {
        boolean rows = group().isRows;
        String start = preceding == OverAggregateOperatorFactory.UNBOUNDED ? "UNBOUNDED PRECEDING"
                : preceding == 0 ? "CURRENT ROW" : rows ? preceding + " PRECEDING" : preceding + " ms PRECEDING";
        return (rows ? "ROWS" : "RANGE") + " BETWEEN " + start + " AND CURRENT ROW";
    }

    private String select(List<String> names) {
        return aggregateCalls().stream().map(c -> AggregateCalls.format(c, names)).collect(Collectors.joining(", "));
    }
}
