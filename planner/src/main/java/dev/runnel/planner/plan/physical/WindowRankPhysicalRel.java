package dev.runnel.planner.plan.physical;

import dev.runnel.planner.plan.logical.RankLogicalRel;
import dev.runnel.planner.plan.logical.RankSpec;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rel.type.RelDataType;

/**
 * Window Top-N ({@code WindowRank}) or, when it keeps the first or last row by a rowtime
 * attribute ({@code rn = 1}), window deduplication ({@code WindowDeduplicate}), as Flink's.
 * Each window's rows are emitted once, when the watermark passes the window's end, so its
 * changelog mode is {@code [I]}. Run by the runtime's {@code WindowTopNOperator}.
 */
public final class WindowRankPhysicalRel extends SingleRel implements PhysicalRel {
    private final RankSpec spec;
    private final int windowEndField;
    private final boolean deduplicate;

    public WindowRankPhysicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode input, RankSpec spec,
                                 int windowEndField, boolean deduplicate) {
        super(cluster, traits, input);
        this.spec = spec;
        this.windowEndField = windowEndField;
        this.deduplicate = deduplicate;
    }

    public RankSpec spec() {
        return spec;
    }

    public int windowEndField() {
        return windowEndField;
    }

    /** Whether this keeps the last row among rows of equal order (a keep-last deduplication). */
    public boolean keepLastRow() {
        return deduplicate
                && spec.order().getFieldCollations().get(0).direction == RelFieldCollation.Direction.DESCENDING;
    }

    @Override
    public ChangelogMode changelogMode() {
        return ChangelogMode.INSERT_ONLY;
    }

    @Override
    protected RelDataType deriveRowType() {
        return RankLogicalRel.rowType(getCluster().getTypeFactory(), getInput().getRowType(), spec);
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new WindowRankPhysicalRel(getCluster(), traitSet, sole(inputs), spec, windowEndField, deduplicate);
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        RelWriter w = super.explainTerms(pw);
        terms().forEach(t -> w.item(t[0], t[1]));
        return w.item("select", String.join(", ", getRowType().getFieldNames()));
    }

    private List<String[]> terms() {
        List<String[]> terms = new ArrayList<>();
        if (deduplicate) {
            terms.add(new String[] {"keep", keepLastRow() ? "LastRow" : "FirstRow"});
        }
        spec.explainItems(getInput().getRowType().getFieldNames()).forEach((k, v) -> terms.add(new String[] {k, v}));
        terms.add(new String[] {"window_end", getInput().getRowType().getFieldNames().get(windowEndField)});
        return terms;
    }

    /** The operator's name in job graphs. */
    public String describe() {
        List<String> items = terms().stream().map(t -> t[0] + "=[" + t[1] + "]").toList();
        return (deduplicate ? "WindowDeduplicate(" : "WindowRank(") + String.join(", ", items) + ")";
    }
}
