package dev.runnel.planner.plan.physical;

import org.apache.calcite.rel.RelNode;

/**
 * A node of the physical plan, in {@link RunnelConvention}. Each kind of physical rel becomes
 * a source, an operator or an exchange in the job graph
 * ({@link dev.runnel.planner.graph.JobGraphTranslator}).
 */
public interface PhysicalRel extends RelNode {
}
