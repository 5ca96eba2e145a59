package dev.runnel.planner.plan.physical;

import dev.runnel.planner.catalog.CatalogSchema;
import dev.runnel.planner.catalog.CatalogTable;
import org.apache.calcite.plan.hep.HepRelVertex;
import org.apache.calcite.plan.volcano.RelSubset;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Calc;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.core.Union;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Tells whether a field is an event-time attribute: the {@code WATERMARK FOR} column of the
 * table it is read from, passed through unchanged (filters, projections, unions, joins).
 * A computed rowtime column counts where the projection that computes it over the scan names it.
 */
final class RowtimeFields {
    private RowtimeFields() {
    }

    static boolean isRowtime(RelNode rel, int field) {
        RelNode node = unwrap(rel);
        SqlTypeName type = node.getRowType().getFieldList().get(field).getType().getSqlTypeName();
        if (type != SqlTypeName.TIMESTAMP && type != SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE) {
            return false;
        }
        if (node instanceof TableScan scan) {
            String rowtime = rowtimeColumn(scan);
            return rowtime != null && scan.getRowType().getFieldNames().get(field).equals(rowtime);
        }
        if (node instanceof Filter filter) {
            return isRowtime(filter.getInput(), field);
        }
        if (node instanceof Project project) {
            return isRowtimeExpression(project.getInput(), project.getProjects().get(field),
                    project.getRowType().getFieldNames().get(field));
        }
        if (node instanceof Calc calc) {
            var program = calc.getProgram();
            return isRowtimeExpression(calc.getInput(), program.expandLocalRef(program.getProjectList().get(field)),
                    calc.getRowType().getFieldNames().get(field));
        }
        if (node instanceof Union union) {
            return union.getInputs().stream().allMatch(input -> isRowtime(input, field));
        }
        if (node instanceof Join join) {
            int leftCount = join.getLeft().getRowType().getFieldCount();
            return field < leftCount ? isRowtime(join.getLeft(), field)
                    : join.getJoinType().projectsRight() && isRowtime(join.getRight(), field - leftCount);
        }
        return false;
    }

    private static boolean isRowtimeExpression(RelNode input, RexNode expression, String name) {
        if (expression instanceof RexInputRef ref) {
            return isRowtime(input, ref.getIndex());
        }
        // The projection SqlToRel puts over a scan to compute the table's computed columns.
        return unwrap(input) instanceof TableScan scan && name.equals(rowtimeColumn(scan));
    }

    private static String rowtimeColumn(TableScan scan) {
        CatalogSchema.TableAdapter adapter = scan.getTable().unwrap(CatalogSchema.TableAdapter.class);
        if (adapter == null) {
            return null;
        }
        CatalogTable table = adapter.catalogTable();
        return table.watermark() == null ? null : table.watermark().rowtimeColumn();
    }

    static RelNode unwrap(RelNode rel) {
        if (rel instanceof RelSubset subset) {
            return unwrap(subset.getOriginal());
        }
        if (rel instanceof HepRelVertex vertex) {
            return unwrap(vertex.getCurrentRel());
        }
        return rel;
    }
}
