package dev.runnel.planner.graph;

import dev.runnel.planner.plan.physical.TableSourceScanPhysicalRel;
import dev.runnel.planner.plan.physical.WatermarkAssignerPhysicalRel;
import dev.runnel.runtime.source.watermark.WatermarkStrategy;
import java.util.List;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexProgramBuilder;

/**
 * Applies a {@link WatermarkAssignerPhysicalRel} inside the source it sits on, as Flink pushes a
 * watermark into a scan: the watermark expression (over the source's own rows) is compiled with
 * the calc code generator, and the source generates watermarks per split
 * ({@link dev.runnel.runtime.source.watermark.WatermarkedSource}). The assigner adds no
 * operator; the source vertex's name ends in its description.
 */
final class WatermarkTranslation {
    private WatermarkTranslation() {
    }

    /**
     * Has the source under {@code assigner} generate its watermarks and translates that source.
     * {@link dev.runnel.planner.plan.physical.WatermarkPushDown} has put every assigner directly
     * on its scan.
     */
    static List<JobGraphTranslator.VertexBuilder> translate(WatermarkAssignerPhysicalRel assigner,
                                                            JobGraphTranslator translator) {
        if (!(assigner.getInput() instanceof TableSourceScanPhysicalRel scan)) {
            throw new IllegalStateException("A watermark is generated at a table's source, but this one is above "
                    + assigner.getInput().getRelTypeName());
        }
        RexBuilder rex = assigner.getCluster().getRexBuilder();
        RexProgramBuilder program = new RexProgramBuilder(scan.getRowType(), rex);
        program.addProject(assigner.watermark(), "watermark");
        translator.generateWatermarksAt(scan, new WatermarkStrategy(
                translator.codeGenerator().generateWatermark(program.getProgram(), translator.zone()),
                assigner.describe()));
        return translator.visit(scan);
    }
}
