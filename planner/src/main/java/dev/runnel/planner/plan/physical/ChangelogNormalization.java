package dev.runnel.planner.plan.physical;

import dev.runnel.planner.session.SqlExecutionException;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Puts a {@link ChangelogNormalizePhysicalRel} after every scan of an upsert source, as Flink
 * does: right above the scan, or above its watermark assigner (the watermark is generated in the
 * source), before any calc can drop or change the key.
 *
 * <pre>
 * Calc(select=[id, v])                   Calc(select=[id, v])
 * +- TableSourceScan(upsert-kafka)       +- ChangelogNormalize(key=[id])
 *                                           +- TableSourceScan(upsert-kafka)
 * </pre>
 *
 * <p>Runs after the optimizer, with {@link WatermarkPushDown}: the rules planned the operators
 * above the scan for the full changelog the normalization emits
 * ({@link TableSourceScanPhysicalRel#changelogMode()}).
 */
public final class ChangelogNormalization {
    private ChangelogNormalization() {
    }

    /** {@code plan} with a ChangelogNormalize over each upsert scan; unchanged parts are the same nodes. */
    public static PhysicalRel apply(PhysicalRel plan) {
        return (PhysicalRel) rewrite(plan);
    }

    private static RelNode rewrite(RelNode rel) {
        if (rel instanceof WatermarkAssignerPhysicalRel assigner
                && assigner.getInput() instanceof TableSourceScanPhysicalRel scan && scan.isUpsertSource()) {
            return normalize(assigner, scan);
        }
        if (rel instanceof TableSourceScanPhysicalRel scan && scan.isUpsertSource()) {
            return normalize(scan, scan);
        }
        List<RelNode> inputs = new ArrayList<>();
        boolean changed = false;
        for (RelNode input : rel.getInputs()) {
            RelNode rewritten = rewrite(input);
            changed |= rewritten != input;
            inputs.add(rewritten);
        }
        return changed ? rel.copy(rel.getTraitSet(), inputs) : rel;
    }

    private static RelNode normalize(RelNode input, TableSourceScanPhysicalRel scan) {
        ImmutableBitSet key = scan.primaryKeyFields();
        if (key.isEmpty()) {
            // the connector checks this at CREATE TABLE; a table from elsewhere is told here
            throw new SqlExecutionException("Table " + scan.catalogTable().qualifiedName() + " is read as upserts by"
                    + " key but declares no PRIMARY KEY");
        }
        return new ChangelogNormalizePhysicalRel(input.getCluster(), input.getTraitSet(), input, key);
    }
}
