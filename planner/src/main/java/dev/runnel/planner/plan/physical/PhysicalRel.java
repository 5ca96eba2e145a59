package dev.runnel.planner.plan.physical;

import org.apache.calcite.rel.RelNode;

/**
 * A node of the physical plan, in {@link RunnelConvention}. Each kind of physical rel becomes
 * a source, an operator or an exchange in the job graph
 * ({@link dev.runnel.planner.graph.JobGraphTranslator}).
 */
public interface PhysicalRel extends RelNode {

    /**
     * The kinds of rows this operator emits. By default a source emits inserts only and an
     * operator passes on what its inputs emit (true of stateless operators: calc, union, sink);
     * an operator that updates its earlier output (an aggregation) overrides this.
     */
    default ChangelogMode changelogMode() {
        ChangelogMode mode = null;
        for (RelNode input : getInputs()) {
            ChangelogMode inputMode = ((PhysicalRel) input).changelogMode();
            mode = mode == null ? inputMode : mode.union(inputMode);
        }
        return mode == null ? ChangelogMode.INSERT_ONLY : mode;
    }

    /**
     * Whether the rows of this operator end by themselves: true when every input is bounded (a
     * leaf such as {@code VALUES} is); a scan asks its connector's source. A query over an
     * unbounded input runs until it is cancelled, and its updating result has no final table.
     */
    default boolean isBounded() {
        for (RelNode input : getInputs()) {
            if (!((PhysicalRel) input).isBounded()) {
                return false;
            }
        }
        return true;
    }
}
