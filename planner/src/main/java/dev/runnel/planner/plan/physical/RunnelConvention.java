package dev.runnel.planner.plan.physical;

import org.apache.calcite.plan.Convention;

/** The calling convention of Runnel's physical plan: rels that the runtime can execute. */
public final class RunnelConvention {
    public static final Convention INSTANCE = new Convention.Impl("RUNNEL", PhysicalRel.class);

    private RunnelConvention() {
    }
}
