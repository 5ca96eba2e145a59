package dev.runnel.planner.graph;

import dev.runnel.planner.plan.physical.CalcPhysicalRel;
import dev.runnel.planner.plan.physical.TableSourceScanPhysicalRel;
import dev.runnel.planner.plan.physical.WatermarkAssignerPhysicalRel;
import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.operators.calc.CalcFunction;
import dev.runnel.runtime.operators.calc.CalcOperatorFactory;
import java.util.List;
import java.util.OptionalInt;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.rex.RexProgramBuilder;
import org.apache.calcite.rex.RexUtil;

/**
 * Translates a {@link CalcPhysicalRel} into one generated calc operator. A calc over a watermark
 * assigner over the table's computed-column calc (a query over a table with computed columns
 * and a {@code WATERMARK}) runs as one operator, as Flink runs it once the assigner is pushed
 * into the scan: the assigner's expression is evaluated inside the source over the source's
 * rows, so the computed-column calc is merged into the calc above it. Computed columns are then
 * evaluated only for the rows that pass the filter, and one row is built per output row.
 */
final class CalcTranslation {
    private CalcTranslation() {
    }

    static List<JobGraphTranslator.VertexBuilder> translate(CalcPhysicalRel calc, JobGraphTranslator translator) {
        if (calc.getInput() instanceof WatermarkAssignerPhysicalRel assigner
                && assigner.getInput() instanceof CalcPhysicalRel computed
                && computed.getInput() instanceof TableSourceScanPhysicalRel
                && computed.getProgram().getCondition() == null && deterministic(computed.getProgram())) {
            TableSourceScanPhysicalRel scan = WatermarkTranslation.pushIntoSource(assigner, translator);
            RexProgram merged = RexProgramBuilder.mergePrograms(calc.getProgram(), computed.getProgram(),
                    calc.getCluster().getRexBuilder());
            CalcPhysicalRel fused = new CalcPhysicalRel(calc.getCluster(), calc.getTraitSet(), scan, merged);
            return attach(fused, translator.visit(scan), translator);
        }
        return attach(calc, translator.visit(calc.getInput()), translator);
    }

    /** Merging would evaluate a non-deterministic expression once per use instead of once per row. */
    private static boolean deterministic(RexProgram program) {
        return program.getExprList().stream().allMatch(RexUtil::isDeterministic);
    }

    private static List<JobGraphTranslator.VertexBuilder> attach(CalcPhysicalRel calc,
                                                                 List<JobGraphTranslator.VertexBuilder> input,
                                                                 JobGraphTranslator translator) {
        GeneratedClass<CalcFunction> generated = translator.codeGenerator().generate(calc.getProgram(), translator.zone());
        return translator.attach(input, new CalcOperatorFactory(calc.describe(), generated), OptionalInt.empty(),
                new Partitioning.Rebalance());
    }
}
