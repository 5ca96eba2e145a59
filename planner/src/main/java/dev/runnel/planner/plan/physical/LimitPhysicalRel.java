package dev.runnel.planner.plan.physical;

import java.util.List;
import java.util.OptionalLong;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;

/**
 * {@code LIMIT n [OFFSET m]} (or {@code FETCH FIRST n ROWS ONLY}) without {@code ORDER BY}, as
 * Flink's streaming Limit: the rows {@code m + 1 … m + n} in arrival order, on one subtask. Over
 * an insert-only input that is the first rows and the output is insert-only; over an updating
 * input it is a Top-N without order keys (a retracted row lets the next one in).
 */
public final class LimitPhysicalRel extends SortLimitPhysicalRel {
    public LimitPhysicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode input, long offset, long fetch) {
        super(cluster, traits, input, RelCollations.EMPTY, offset, fetch);
    }

    /**
     * How many rows the result of {@code root} has at most when it is a limit over an insert-only
     * input, seen through projections: once that many arrived, no other will. Empty otherwise.
     */
    public static OptionalLong rowsOfResult(RelNode root) {
        RelNode rel = root;
        while (rel instanceof CalcPhysicalRel calc && calc.getProgram().getCondition() == null) {
            rel = calc.getInput();
        }
        return rel instanceof LimitPhysicalRel limit && !limit.inputRetracts() ? OptionalLong.of(limit.fetch())
                : OptionalLong.empty();
    }

    @Override
    public ChangelogMode changelogMode() {
        return inputRetracts() ? ChangelogMode.ALL : ChangelogMode.INSERT_ONLY;
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new LimitPhysicalRel(getCluster(), traitSet, sole(inputs), offset(), fetch());
    }

    /** {@code Limit(offset=[0], fetch=[2])}, as Flink's. */
    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return explainInputs(pw).item("offset", offset()).item("fetch", fetch());
    }

    private RelWriter explainInputs(RelWriter pw) {
        return pw.input("input", getInput());
    }

    @Override
    public String describe() {
        return "Limit(offset=[" + offset() + "], fetch=[" + fetch() + "])";
    }
}
