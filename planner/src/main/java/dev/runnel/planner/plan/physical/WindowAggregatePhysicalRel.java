package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.TimeAttributes;
import dev.runnel.planner.plan.window.WindowAggregates;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * A window aggregation: GROUP BY the {@code window_start} and {@code window_end} of a windowing
 * table function (and keys). Its input rows carry their window; it emits one row per key and
 * window when the watermark passes the window's end: append-only, unlike a group aggregate.
 * Output fields are those of the logical {@link Aggregate}: the GROUP BY fields in field order,
 * then the aggregate calls.
 */
public final class WindowAggregatePhysicalRel extends Aggregate implements PhysicalRel, TimeAttributes.Provider {
    private final WindowAggregates.Shape shape;

    public WindowAggregatePhysicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode input, ImmutableBitSet groupSet,
                                      List<AggregateCall> aggCalls, WindowAggregates.Shape shape) {
        super(cluster, traits, List.of(), input, groupSet, null, aggCalls);
        this.shape = shape;
    }

    public WindowAggregates.Shape shape() {
        return shape;
    }

    /** Its {@code window_time} is a rowtime attribute (a proctime over processing time, as in Flink), nothing else is one. */
    @Override
    public Optional<TimeAttributes.Kind> timeAttribute(int field) {
        return field < shape.group().size() && shape.group().get(field) == WindowAggregates.Property.TIME
                ? Optional.of(shape.processingTime() ? TimeAttributes.Kind.PROCTIME : TimeAttributes.Kind.ROWTIME)
                : Optional.empty();
    }

    @Override
    public Aggregate copy(RelTraitSet traitSet, RelNode input, ImmutableBitSet groupSet, List<ImmutableBitSet> groupSets,
                          List<AggregateCall> aggCalls) {
        return new WindowAggregatePhysicalRel(getCluster(), traitSet, input, groupSet, aggCalls, shape);
    }

    /** {@code groupBy=[item], window=[TUMBLE(…)], select=[item, SUM(price) AS total, …]}, as Flink prints it. */
    @Override
    public RelWriter explainTerms(RelWriter pw) {
        pw.input("input", getInput());
        List<String> keys = keyNames();
        pw.itemIf("groupBy", String.join(", ", keys), !keys.isEmpty());
        return pw.item("window", shape.call().describe()).item("select", selectText());
    }

    /** The operator's name in job graphs. */
    public String describe() {
        List<String> keys = keyNames();
        return "WindowAggregate(" + (keys.isEmpty() ? "" : "groupBy=[" + String.join(", ", keys) + "], ")
                + "window=[" + shape.call().describe() + "], select=[" + selectText() + "])";
    }

    private List<String> keyNames() {
        List<String> inputNames = getInput().getRowType().getFieldNames();
        List<String> keys = new ArrayList<>();
        int i = 0;
        for (int field : groupSet) {
            if (shape.group().get(i++) == null) {
                keys.add(inputNames.get(field));
            }
        }
        return keys;
    }

    private String selectText() {
        List<String> inputNames = getInput().getRowType().getFieldNames();
        List<String> outputNames = getRowType().getFieldNames();
        List<String> select = new ArrayList<>();
        int i = 0;
        for (int field : groupSet) {
            WindowAggregates.Property property = shape.group().get(i);
            String name = outputNames.get(i++);
            select.add(property == null ? inputNames.get(field)
                    : property.name().toLowerCase() + "('w$) AS " + name);
        }
        for (AggregateCall call : aggCalls) {
            select.add(AggregateCalls.format(call, inputNames));
        }
        return String.join(", ", select);
    }
}
