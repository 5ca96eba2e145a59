package dev.runnel.planner.plan.logical;

import dev.runnel.planner.catalog.CatalogSchema;
import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.planner.functions.RunnelOperatorTable;
import org.apache.calcite.plan.hep.HepRelVertex;
import org.apache.calcite.plan.volcano.RelSubset;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Calc;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.core.Union;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;

/**
 * Finds out whether a field of a plan is a time attribute, by following it back to where it is
 * made: a table's {@code WATERMARK FOR} column is an event-time attribute, a {@code PROCTIME()}
 * call a processing-time one, and both survive projections, filters, unions and the operators
 * that pass their input's rows on; anything else (an aggregate, say) makes a plain timestamp.
 *
 * <p>Used by the Top-N rules to tell deduplication from a Top-1. It stands in until the
 * planner marks time attributes in row types (the event-time work of issue 4).
 */
public final class TimeAttributes {
    private TimeAttributes() {
    }

    /** What kind of time a field carries. */
    public enum Kind { NONE, ROWTIME, PROCTIME }

    public static Kind of(RelNode rel, int field) {
        rel = unwrap(rel);
        if (rel instanceof TableScan scan) {
            CatalogSchema.TableAdapter adapter = scan.getTable().unwrap(CatalogSchema.TableAdapter.class);
            CatalogTable table = adapter == null ? null : adapter.catalogTable();
            boolean rowtime = table != null && table.watermark() != null
                    && table.watermark().rowtimeColumn().equals(scan.getRowType().getFieldNames().get(field));
            return rowtime ? Kind.ROWTIME : Kind.NONE;
        }
        if (rel instanceof Project project) {
            return of(project.getInput(), project.getProjects().get(field));
        }
        if (rel instanceof Calc calc) {
            var program = calc.getProgram();
            return of(calc.getInput(), program.expandLocalRef(program.getProjectList().get(field)));
        }
        if (rel instanceof Union union) {
            Kind kind = null;
            for (RelNode input : union.getInputs()) {
                Kind k = of(input, field);
                if (kind != null && k != kind) {
                    return Kind.NONE;
                }
                kind = k;
            }
            return kind == null ? Kind.NONE : kind;
        }
        boolean passesInputOn = rel instanceof Filter || rel instanceof Window || rel instanceof RankLogicalRel;
        if (passesInputOn && field < rel.getInput(0).getRowType().getFieldCount()) {
            return of(rel.getInput(0), field);
        }
        return Kind.NONE;
    }

    private static Kind of(RelNode input, RexNode expression) {
        if (expression instanceof RexInputRef ref) {
            return of(input, ref.getIndex());
        }
        if (expression instanceof RexCall call && call.getOperator() == RunnelOperatorTable.PROCTIME) {
            return Kind.PROCTIME;
        }
        return Kind.NONE;
    }

    private static RelNode unwrap(RelNode rel) {
        if (rel instanceof HepRelVertex vertex) {
            return unwrap(vertex.getCurrentRel());
        }
        if (rel instanceof RelSubset subset) {
            RelNode best = subset.getBest();
            return unwrap(best != null ? best : subset.getOriginal());
        }
        return rel;
    }
}
