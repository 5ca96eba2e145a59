package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.logical.ReplicateRowsLogicalRel;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;

/**
 * {@link ReplicateRowsLogicalRel} in the physical plan: a stateless operator chained to its
 * input that emits each row {@code n} times. EXPLAIN shows it as Flink shows its correlate with
 * the replicating table function:
 * {@code Correlate(invocation=[$REPLICATE_ROWS$1($0, $1)], correlate=[table($REPLICATE_ROWS$1(n,a))], …)}.
 * Its changelog is its input's.
 */
public final class ReplicateRowsPhysicalRel extends SingleRel implements PhysicalRel {

    public ReplicateRowsPhysicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode input) {
        super(cluster, traits, input);
        this.rowType = ReplicateRowsLogicalRel.rowType(cluster.getTypeFactory(), input.getRowType());
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new ReplicateRowsPhysicalRel(getCluster(), traitSet, sole(inputs));
    }

    /** Shown as Flink's {@code Correlate}. */
    @Override
    public String getRelTypeName() {
        return "Correlate";
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        int inputFields = input.getRowType().getFieldCount();
        String call = "$REPLICATE_ROWS$1(" + IntStream.range(0, inputFields).mapToObj(i -> "$" + i)
                .collect(Collectors.joining(", ")) + ")";
        String table = "table($REPLICATE_ROWS$1(" + String.join(",", input.getRowType().getFieldNames()) + "))";
        return pw.input("input", input)
                .item("invocation", call)
                .item("correlate", table)
                .item("select", String.join(",", getRowType().getFieldNames()))
                .item("rowType", getRowType().getFullTypeString().replace(" NOT NULL", ""))
                .item("joinType", "INNER");
    }

    /** {@code ReplicateRows(select=[…])}, the operator's name in the job graph. */
    public String describe() {
        return "ReplicateRows(select=[" + String.join(", ", getRowType().getFieldNames()) + "])";
    }
}
