package dev.runnel.planner.graph;

import dev.runnel.planner.plan.physical.ReplicateRowsPhysicalRel;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.operators.calc.ReplicateRowsOperatorFactory;
import java.util.List;
import java.util.OptionalInt;

/** Translates a {@link ReplicateRowsPhysicalRel} into a stateless operator chained to its input. */
final class ReplicateRowsTranslation {
    private ReplicateRowsTranslation() {
    }

    static List<JobGraphTranslator.VertexBuilder> translate(ReplicateRowsPhysicalRel replicate,
                                                            JobGraphTranslator translator) {
        return translator.attach(translator.visit(replicate.getInput()),
                new ReplicateRowsOperatorFactory(replicate.describe()), OptionalInt.empty(), new Partitioning.Rebalance());
    }
}
