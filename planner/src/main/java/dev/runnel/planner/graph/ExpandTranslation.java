package dev.runnel.planner.graph;

import dev.runnel.planner.graph.JobGraphTranslator.VertexBuilder;
import dev.runnel.planner.plan.physical.ExpandPhysicalRel;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.operators.expand.ExpandOperatorFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;

/** Translates an Expand into the stateless expand operator, chained to its input. */
final class ExpandTranslation {
    private ExpandTranslation() {
    }

    static List<VertexBuilder> translate(JobGraphTranslator translator, ExpandPhysicalRel expand) {
        List<ExpandOperatorFactory.Projection> projections = new ArrayList<>();
        for (List<RexNode> project : expand.projects()) {
            int[] sources = new int[project.size()];
            Object[] constants = new Object[project.size()];
            for (int i = 0; i < sources.length; i++) {
                if (project.get(i) instanceof RexInputRef ref) {
                    sources[i] = ref.getIndex();
                } else {
                    sources[i] = -1;
                    RexLiteral literal = (RexLiteral) project.get(i);
                    constants[i] = ValuesRows.internal(literal, literal.getType());
                }
            }
            projections.add(new ExpandOperatorFactory.Projection(sources, constants));
        }
        return translator.attach(translator.visit(expand.getInput()),
                new ExpandOperatorFactory(expand.describe(), projections), OptionalInt.empty(),
                new Partitioning.Rebalance());
    }
}
