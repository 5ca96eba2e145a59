package dev.runnel.planner.graph;

import dev.runnel.planner.plan.physical.CalcPhysicalRel;
import dev.runnel.planner.plan.physical.TableSourceScanPhysicalRel;
import dev.runnel.planner.plan.physical.WatermarkAssignerPhysicalRel;
import dev.runnel.runtime.source.watermark.WatermarkStrategy;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.rex.RexProgramBuilder;
import org.apache.calcite.rex.RexShuttle;

/**
 * Applies a {@link WatermarkAssignerPhysicalRel} inside the source it sits on, as Flink pushes a
 * watermark into a scan: the watermark expression is rewritten over the source's own rows (a
 * computed column it uses is inlined from the calc between scan and assigner), compiled with
 * the calc code generator, and the source generates watermarks per split
 * ({@link dev.runnel.runtime.source.watermark.WatermarkedSource}). The assigner adds no
 * operator; the source vertex's name ends in its description.
 */
final class WatermarkTranslation {
    private WatermarkTranslation() {
    }

    static List<JobGraphTranslator.VertexBuilder> translate(WatermarkAssignerPhysicalRel assigner,
                                                            JobGraphTranslator translator) {
        pushIntoSource(assigner, translator);
        return translator.visit(assigner.getInput());
    }

    /**
     * Has the source under {@code assigner} generate its watermarks (the assigner's input: the
     * scan itself or a calc without filter over it) and returns that scan; translates nothing.
     */
    static TableSourceScanPhysicalRel pushIntoSource(WatermarkAssignerPhysicalRel assigner,
                                                     JobGraphTranslator translator) {
        RelNode input = assigner.getInput();
        RexNode watermark = assigner.watermark();
        TableSourceScanPhysicalRel scan;
        if (input instanceof TableSourceScanPhysicalRel s) {
            scan = s;
        } else if (input instanceof CalcPhysicalRel calc && calc.getInput() instanceof TableSourceScanPhysicalRel s
                && calc.getProgram().getCondition() == null) {
            scan = s;
            watermark = inline(watermark, calc.getProgram());
        } else {
            throw new IllegalStateException("A watermark is generated at a table's source, but this one is above "
                    + input.getRelTypeName());
        }
        RexBuilder rex = assigner.getCluster().getRexBuilder();
        RexProgramBuilder program = new RexProgramBuilder(scan.getRowType(), rex);
        program.addProject(watermark, "watermark");
        translator.generateWatermarksAt(scan, new WatermarkStrategy(
                translator.codeGenerator().generateWatermark(program.getProgram(), translator.zone()),
                assigner.describe()));
        return scan;
    }

    /** {@code expression} over the calc's input: each field reference replaced by what the calc computes. */
    private static RexNode inline(RexNode expression, RexProgram calc) {
        return expression.accept(new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                return calc.expandLocalRef(calc.getProjectList().get(ref.getIndex()));
            }
        });
    }
}
