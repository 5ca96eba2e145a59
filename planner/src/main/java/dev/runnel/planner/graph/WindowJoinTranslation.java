package dev.runnel.planner.graph;

import dev.runnel.planner.graph.JobGraphTranslator.VertexBuilder;
import dev.runnel.planner.plan.physical.JoinKeys;
import dev.runnel.planner.plan.physical.PhysicalRel;
import dev.runnel.planner.plan.physical.WindowJoinPhysicalRel;
import dev.runnel.planner.plan.physical.WindowJoinSpec;
import dev.runnel.planner.session.SqlExecutionException;
import dev.runnel.runtime.operators.join.WindowJoinOperatorFactory;
import java.util.List;
import org.apache.calcite.rel.RelNode;

/**
 * Translates a window join into a two-input keyed {@link WindowJoinOperatorFactory} (input 0
 * left, input 1 right) behind HASH edges on the equi-keys, or on one subtask behind GLOBAL edges
 * when the windows are the only keys. Both inputs must be append-only, as window outputs are.
 */
final class WindowJoinTranslation {
    private WindowJoinTranslation() {
    }

    static List<VertexBuilder> translate(JobGraphTranslator translator, WindowJoinPhysicalRel join) {
        requireAppendOnly(join.getLeft(), "left");
        requireAppendOnly(join.getRight(), "right");
        WindowJoinSpec spec = join.spec();
        JoinKeys keys = spec.keys();
        var operator = WindowJoinOperatorFactory.of(join.describe(), JoinTranslation.joinType(join.getJoinType()),
                keys.leftKeys(), keys.rightKeys(), keys.nullSafe(), JoinTranslation.fieldTypes(join.getLeft()),
                JoinTranslation.fieldTypes(join.getRight()), JoinTranslation.predicate(translator, join, keys.residual()),
                spec.leftWindowEnd(), spec.rightWindowEnd());
        return translator.attachKeyed(List.of(translator.visit(join.getLeft()), translator.visit(join.getRight())),
                operator, List.of(keys.leftKeys(), keys.rightKeys()));
    }

    private static void requireAppendOnly(RelNode input, String side) {
        if (!((PhysicalRel) input).changelogMode().isInsertOnly()) {
            throw new SqlExecutionException("The " + side + " input of a window join must be append-only, but it "
                    + "updates earlier rows (" + ((PhysicalRel) input).changelogMode() + ")");
        }
    }
}
