package dev.runnel.planner.plan.physical;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.rex.RexProgramBuilder;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.rex.RexVisitor;
import org.apache.calcite.rex.RexVisitorImpl;

/**
 * Reshapes an optimized plan so that it shows where watermarks are generated, as Flink's
 * watermark push-down does: a watermark assigner over a table's computed-column calc (no
 * filter) over its scan moves under that calc, onto the scan, because the source generates the
 * watermarks from its own rows ({@link dev.runnel.planner.graph.WatermarkTranslation}). The
 * computed-column calc then meets the query's calc above, and the two merge into one calc, as
 * they run: computed columns are evaluated only for rows that pass the filter.
 *
 * <pre>
 * Calc(select=[id])                         Calc(select=[id])
 * +- WatermarkAssigner(rowtime=[ts], ...)   +- WatermarkAssigner(rowtime=[ts], watermark=[-(TO_TIMESTAMP_LTZ(millis, 3), ...)])
 *    +- Calc(select=[id, millis, ... AS ts])     +- TableSourceScan(...)
 *       +- TableSourceScan(...)
 * </pre>
 *
 * <p>Runs after the optimizer, so {@code EXPLAIN}, the job graph and its vertex names all come
 * from the same tree. A computed-column calc stays a calc of its own when the calc above uses a
 * non-deterministic column of it (such as {@code PROCTIME()}) more than once: merged, it would
 * be evaluated once per use instead of once per row.
 */
public final class WatermarkPushDown {
    private WatermarkPushDown() {
    }

    /** {@code plan} with every table's watermark assigner where it runs; unchanged parts are the same nodes. */
    public static PhysicalRel apply(PhysicalRel plan) {
        return (PhysicalRel) rewrite(plan);
    }

    private static RelNode rewrite(RelNode rel) {
        List<RelNode> inputs = new ArrayList<>();
        boolean changed = false;
        for (RelNode input : rel.getInputs()) {
            RelNode rewritten = rewrite(input);
            changed |= rewritten != input;
            inputs.add(rewritten);
        }
        RelNode node = changed ? rel.copy(rel.getTraitSet(), inputs) : rel;
        if (node instanceof WatermarkAssignerPhysicalRel assigner && assigner.getInput() instanceof CalcPhysicalRel computed
                && computed.getProgram().getCondition() == null
                && computed.getInput() instanceof TableSourceScanPhysicalRel) {
            return computed.copy(computed.getTraitSet(), assigner.pushedUnder(computed), computed.getProgram());
        }
        if (node instanceof CalcPhysicalRel calc && calc.getInput() instanceof CalcPhysicalRel computed
                && computed.getInput() instanceof WatermarkAssignerPhysicalRel && mergeable(calc.getProgram(), computed.getProgram())) {
            RexProgram merged = RexProgramBuilder.mergePrograms(calc.getProgram(), computed.getProgram(),
                    calc.getCluster().getRexBuilder());
            return calc.copy(calc.getTraitSet(), computed.getInput(), merged);
        }
        return node;
    }

    /**
     * Whether merging {@code top} into {@code bottom} evaluates every non-deterministic column of
     * {@code bottom} (such as {@code PROCTIME()}) at most as often as now: once per row, so
     * {@code top} may use such a column at most once (as Flink's calc merge decides).
     */
    private static boolean mergeable(RexProgram top, RexProgram bottom) {
        int[] uses = new int[bottom.getOutputRowType().getFieldCount()];
        RexVisitor<Void> counter = new RexVisitorImpl<>(true) {
            @Override
            public Void visitInputRef(RexInputRef ref) {
                uses[ref.getIndex()]++;
                return null;
            }
        };
        top.getProjectList().forEach(project -> top.expandLocalRef(project).accept(counter));
        if (top.getCondition() != null) {
            top.expandLocalRef(top.getCondition()).accept(counter);
        }
        for (int i = 0; i < uses.length; i++) {
            if (uses[i] > 1 && !RexUtil.isDeterministic(bottom.expandLocalRef(bottom.getProjectList().get(i)))) {
                return false;
            }
        }
        return true;
    }
}
