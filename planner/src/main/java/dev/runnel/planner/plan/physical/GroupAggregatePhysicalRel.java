package dev.runnel.planner.plan.physical;

import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.aggregate.MiniBatchSettings;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.util.ImmutableBitSet;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A group aggregation ({@code GROUP BY}, {@code SELECT DISTINCT}, {@code UNION}): keyed by the
 * group fields (global, at parallelism 1, without them), it keeps accumulators in keyed state
 * and emits an updating changelog. Plans show it as {@code GroupAggregate}, or
 * {@code MiniBatchGroupAggregate} when {@code table.exec.mini-batch.enabled} buffers its input.
 */
public final class GroupAggregatePhysicalRel extends Aggregate implements PhysicalRel {
    private static final ChangelogMode INSERT_UPDATE = new ChangelogMode(
            EnumSet.of(RowKind.INSERT, RowKind.UPDATE_BEFORE, RowKind.UPDATE_AFTER));
    private final @Nullable MiniBatchSettings miniBatch;

    public GroupAggregatePhysicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode input, ImmutableBitSet groupSet,
                                     List<AggregateCall> aggCalls, @Nullable MiniBatchSettings miniBatch) {
        super(cluster, traits, List.of(), input, groupSet, null, aggCalls);
        this.miniBatch = miniBatch;
    }

    @Override
    public Aggregate copy(RelTraitSet traitSet, RelNode input, ImmutableBitSet groupSet,
                          @Nullable List<ImmutableBitSet> groupSets, List<AggregateCall> aggCalls) {
        return new GroupAggregatePhysicalRel(getCluster(), traitSet, input, groupSet, aggCalls, miniBatch);
    }

    /** The same aggregation with mini-batch buffering ({@code null}: none). */
    public GroupAggregatePhysicalRel withMiniBatch(@Nullable MiniBatchSettings settings) {
        return new GroupAggregatePhysicalRel(getCluster(), getTraitSet(), getInput(), getGroupSet(), getAggCallList(),
                settings);
    }

    public @Nullable MiniBatchSettings miniBatch() {
        return miniBatch;
    }

    /** Whether the input may retract rows, so that the accumulators must support retraction. */
    public boolean inputRetracts() {
        return !((PhysicalRel) getInput()).changelogMode().isInsertOnly();
    }

    /**
     * {@code [I,UB,UA]} over an insert-only input (a group never becomes empty again),
     * {@code [I,UB,UA,D]} over an updating one (a group whose last row is retracted is deleted).
     */
    @Override
    public ChangelogMode changelogMode() {
        return inputRetracts() ? ChangelogMode.ALL : INSERT_UPDATE;
    }

    @Override
    public String getRelTypeName() {
        return miniBatch == null ? "GroupAggregatePhysicalRel" : "MiniBatchGroupAggregatePhysicalRel";
    }

    /** {@code groupBy=[a]}, {@code select=[a, COUNT(*) AS c]}, as Flink's plans show an aggregation. */
    @Override
    public RelWriter explainTerms(RelWriter pw) {
        pw.input("input", getInput());
        String groupBy = groupByText();
        pw.itemIf("groupBy", groupBy, !groupBy.isEmpty()).item("select", selectText());
        return pw.itemIf("miniBatch", String.valueOf(miniBatch), miniBatch != null);
    }

    /** {@code GroupAggregate(groupBy=[…], select=[…])}: the operator's name in job graphs. */
    public String describe() {
        return describe(miniBatch == null ? "GroupAggregate" : "MiniBatchGroupAggregate");
    }

    /**
     * The same text under another operator name, as Flink names the phases of a two-phase
     * aggregation: {@code LocalGroupAggregate(…)}, {@code GlobalGroupAggregate(…)}.
     */
    public String describe(String operator) {
        String groupBy = groupByText();
        return operator + "("
                + (groupBy.isEmpty() ? "" : "groupBy=[" + groupBy + "], ") + "select=[" + selectText() + "]"
                + (miniBatch == null ? "" : ", miniBatch=[" + miniBatch + "]") + ")";
    }

    private String groupByText() {
        List<String> names = getInput().getRowType().getFieldNames();
        return getGroupSet().asList().stream().map(names::get).collect(Collectors.joining(", "));
    }

    private String selectText() {
        List<String> inputNames = getInput().getRowType().getFieldNames();
        List<String> outputNames = getRowType().getFieldNames();
        List<String> select = new ArrayList<>();
        List<Integer> keys = getGroupSet().asList();
        for (int i = 0; i < keys.size(); i++) {
            String name = inputNames.get(keys.get(i));
            select.add(name.equals(outputNames.get(i)) ? name : name + " AS " + outputNames.get(i));
        }
        for (AggregateCall call : getAggCallList()) {
            select.add(AggregateCalls.format(call, inputNames));
        }
        return String.join(", ", select);
    }
}
