package dev.runnel.planner.plan;

import dev.runnel.planner.plan.physical.PhysicalRel;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.externalize.RelWriterImpl;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.sql.SqlExplainLevel;
import org.apache.calcite.util.Pair;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Writes a plan as Flink's {@code EXPLAIN} does: one operator per line, children under their
 * parent behind {@code +- } (last child) or {@code :- }, physical rels named without their
 * {@code PhysicalRel} suffix ({@code Calc(select=[…])}), optionally with each operator's
 * changelog mode and estimated cost. Single use, single thread.
 */
public final class PlanTreeWriter extends RelWriterImpl {
    private final StringBuilder text = new StringBuilder();
    private final boolean changelogMode;
    private final boolean estimatedCost;
    private final Map<RelNode, Integer> references;
    private final List<Boolean> lastChild = new ArrayList<>();

    /**
     * @param changelogMode append {@code changelogMode=[…]} to every physical operator
     * @param estimatedCost append the row count and cumulative cost from Calcite's metadata
     * @param references nodes printed as {@code Reused(reference_id=[n])} instead of their subtree
     */
    private PlanTreeWriter(boolean changelogMode, boolean estimatedCost, Map<RelNode, Integer> references) {
        super(new PrintWriter(new StringWriter()), SqlExplainLevel.EXPPLAN_ATTRIBUTES, false);
        this.changelogMode = changelogMode;
        this.estimatedCost = estimatedCost;
        this.references = references;
    }

    /** The plan of {@code rel} as text, every line ending with a line break. */
    public static String explain(RelNode rel, boolean changelogMode, boolean estimatedCost) {
        return explain(rel, changelogMode, estimatedCost, Map.of());
    }

    /** As {@link #explain(RelNode, boolean, boolean)}, printing {@code references} as reuses. */
    public static String explain(RelNode rel, boolean changelogMode, boolean estimatedCost,
                                 Map<RelNode, Integer> references) {
        PlanTreeWriter writer = new PlanTreeWriter(changelogMode, estimatedCost, references);
        rel.explain(writer);
        return writer.text.toString();
    }

    /** {@code Calc} for {@code CalcPhysicalRel}, {@code LogicalSink} for {@code SinkLogicalRel}. */
    public static String operatorName(RelNode rel) {
        String name = rel.getRelTypeName();
        if (name.endsWith("PhysicalRel")) {
            return name.substring(0, name.length() - "PhysicalRel".length());
        }
        if (name.endsWith("LogicalRel")) {
            return "Logical" + name.substring(0, name.length() - "LogicalRel".length());
        }
        return name;
    }

    @Override
    protected void explain_(RelNode rel, List<Pair<String, @Nullable Object>> values) {
        for (int i = 0; i < lastChild.size(); i++) {
            boolean last = lastChild.get(i);
            if (i == lastChild.size() - 1) {
                text.append(last ? "+- " : ":- ");
            } else {
                text.append(last ? "   " : ":  ");
            }
        }
        Integer reference = references.get(rel);
        if (reference != null) {
            text.append("Reused(reference_id=[").append(reference).append("])\n");
            return;
        }
        List<String> terms = new ArrayList<>();
        List<RelNode> inputs = new ArrayList<>();
        for (Pair<String, @Nullable Object> value : values) {
            if (value.right instanceof RelNode input) {
                inputs.add(input);
            } else {
                terms.add(value.left + "=[" + value.right + "]");
            }
        }
        if (changelogMode && rel instanceof PhysicalRel physical) {
            terms.add("changelogMode=" + physical.changelogMode());
        }
        text.append(operatorName(rel)).append('(').append(String.join(", ", terms)).append(')');
        if (estimatedCost) {
            RelMetadataQuery mq = rel.getCluster().getMetadataQuery();
            RelOptCost cost = mq.getCumulativeCost(rel);
            text.append(": rowcount = ").append(mq.getRowCount(rel))
                    .append(", cumulative cost = ").append(cost);
        }
        text.append('\n');
        for (int i = 0; i < inputs.size(); i++) {
            lastChild.add(i == inputs.size() - 1);
            inputs.get(i).explain(this);
            lastChild.remove(lastChild.size() - 1);
        }
    }

    /** Lines joined without their trailing line break, for one section of {@code EXPLAIN}. */
    public static String join(List<String> plans) {
        return plans.stream().map(String::stripTrailing).collect(Collectors.joining("\n\n"));
    }
}
