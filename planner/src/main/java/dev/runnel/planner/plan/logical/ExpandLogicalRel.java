package dev.runnel.planner.plan.logical;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;

/**
 * Flink's Expand: each input row becomes one row per projection, each projection a list of input
 * fields and literals of the same length (for grouping sets: the input with the keys outside the
 * set as NULL, copies of keys that aggregates read, and the set's id {@code $e}; see
 * {@link GroupingSetsRules}). A field's type is nullable when some projection makes it NULL.
 */
public final class ExpandLogicalRel extends SingleRel {
    private final List<List<RexNode>> projects;
    private final List<String> fieldNames;

    public ExpandLogicalRel(RelOptCluster cluster, RelTraitSet traits, RelNode input, List<List<RexNode>> projects,
                            List<String> fieldNames) {
        super(cluster, traits, input);
        this.projects = projects.stream().map(List::copyOf).toList();
        this.fieldNames = List.copyOf(fieldNames);
    }

    public List<List<RexNode>> projects() {
        return projects;
    }

    public List<String> fieldNames() {
        return fieldNames;
    }

    /** The input field that field {@code field} is in every projection, or -1 (a key some set makes NULL). */
    public static int forwardedField(List<List<RexNode>> projects, int field) {
        int source = -1;
        for (List<RexNode> project : projects) {
            if (!(project.get(field) instanceof RexInputRef ref) || (source >= 0 && source != ref.getIndex())) {
                return -1;
            }
            source = ref.getIndex();
        }
        return source;
    }

    @Override
    protected RelDataType deriveRowType() {
        return rowType(getCluster().getTypeFactory(), projects, fieldNames);
    }

    /** The type of each field: that of its first projection, nullable when any projection is nullable there. */
    public static RelDataType rowType(RelDataTypeFactory factory, List<List<RexNode>> projects, List<String> names) {
        RelDataTypeFactory.Builder builder = factory.builder();
        for (int i = 0; i < names.size(); i++) {
            RelDataType type = null;
            boolean nullable = false;
            for (List<RexNode> project : projects) {
                RexNode e = project.get(i);
                if (type == null && !(e instanceof RexLiteral literal && literal.isNull())) {
                    type = e.getType();
                }
                nullable |= e.getType().isNullable();
            }
            type = type == null ? projects.get(0).get(i).getType() : type;
            builder.add(names.get(i), factory.createTypeWithNullability(type, nullable));
        }
        return builder.build();
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new ExpandLogicalRel(getCluster(), traitSet, sole(inputs), projects, fieldNames);
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw).item("projects", describe(projects, getInput().getRowType().getFieldNames(),
                fieldNames));
    }

    /** {@code {a, b, 0 AS $e}, {a, null AS b, 1 AS $e}}, as Flink's Expand shows its projections. */
    public static String describe(List<List<RexNode>> projects, List<String> inputNames, List<String> fieldNames) {
        List<String> rows = new ArrayList<>();
        for (List<RexNode> project : projects) {
            List<String> fields = new ArrayList<>();
            for (int i = 0; i < project.size(); i++) {
                RexNode e = project.get(i);
                String text = e instanceof RexInputRef ref ? inputNames.get(ref.getIndex())
                        : ((RexLiteral) e).isNull() ? "null" : ((RexLiteral) e).getValue2().toString();
                fields.add(text.equals(fieldNames.get(i)) ? text : text + " AS " + fieldNames.get(i));
            }
            rows.add("{" + String.join(", ", fields) + "}");
        }
        return String.join(", ", rows);
    }
}
