package dev.runnel.planner.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.calcite.rel.RelNode;

/** Rewrites of whole plan trees. */
public final class RelTrees {
    private RelTrees() {
    }

    /**
     * {@code rel} with {@code rewrite} applied to every node, inputs first; a node whose inputs
     * changed is copied onto the new inputs before it is rewritten. Unchanged subtrees stay the same objects.
     */
    public static RelNode rewriteBottomUp(RelNode rel, UnaryOperator<RelNode> rewrite) {
        List<RelNode> inputs = new ArrayList<>();
        boolean changed = false;
        for (RelNode input : rel.getInputs()) {
            RelNode rewritten = rewriteBottomUp(input, rewrite);
            changed |= rewritten != input;
            inputs.add(rewritten);
        }
        return rewrite.apply(changed ? rel.copy(rel.getTraitSet(), inputs) : rel);
    }
}
