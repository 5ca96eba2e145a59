package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.logical.RankSpec;
import dev.runnel.runtime.operators.rank.RankType;
import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * {@code ORDER BY … LIMIT n [OFFSET m]}: an updating global Top-N, as Flink's SortLimit. It runs
 * the Top-N runtime ({@code TopNOperator}) on one subtask with an empty partition key and the
 * ranks {@code m + 1 … m + n}, without the rank number: a row that enters the range pushes the
 * last one out ({@code -D}, then {@code +I}); with an offset each position that changed is
 * updated ({@code -U}, {@code +U}), as Flink's Top-N does for ranges that start after 1.
 */
public class SortLimitPhysicalRel extends SingleRel implements PhysicalRel {
    private final RankSpec spec;
    private final long offset;
    private final long fetch;

    public SortLimitPhysicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode input, RelCollation order,
                                long offset, long fetch) {
        super(cluster, traits, input);
        this.offset = offset;
        this.fetch = fetch;
        this.spec = new RankSpec(ImmutableBitSet.of(), order, RankType.ROW_NUMBER, offset + 1, offset + fetch, false,
                "rn");
    }

    /** The Top-N this limit runs: no partition key, ranks {@code offset + 1 … offset + fetch}. */
    public RankSpec spec() {
        return spec;
    }

    public long offset() {
        return offset;
    }

    public long fetch() {
        return fetch;
    }

    /** Whether the input may retract rows (only known once the input is physical, as after planning). */
    public boolean inputRetracts() {
        return !((PhysicalRel) getInput()).changelogMode().isInsertOnly();
    }

    @Override
    public ChangelogMode changelogMode() {
        return ChangelogMode.ALL;
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new SortLimitPhysicalRel(getCluster(), traitSet, sole(inputs), spec.order(), offset, fetch);
    }

    /** {@code SortLimit(orderBy=[amt DESC], offset=[0], fetch=[2], strategy=[AppendFastStrategy])}, as Flink's. */
    @Override
    public RelWriter explainTerms(RelWriter pw) {
        RelWriter w = super.explainTerms(pw)
                .item("orderBy", RankSpec.orderText(spec.order(), getInput().getRowType().getFieldNames()))
                .item("offset", offset).item("fetch", fetch);
        // While planning, the input is a set of alternatives without a changelog mode yet.
        if (getInput() instanceof PhysicalRel) {
            w.item("strategy", inputRetracts() ? "RetractStrategy" : "AppendFastStrategy");
        }
        return w;
    }

    /** The operator's name in job graphs. */
    public String describe() {
        return "SortLimit(orderBy=[" + RankSpec.orderText(spec.order(), getInput().getRowType().getFieldNames())
                + "], offset=[" + offset + "], fetch=[" + fetch + "])";
    }
}
