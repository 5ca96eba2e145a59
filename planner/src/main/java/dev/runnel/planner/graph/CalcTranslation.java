package dev.runnel.planner.graph;

import dev.runnel.planner.plan.physical.CalcPhysicalRel;
import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.operators.calc.CalcFunction;
import dev.runnel.runtime.operators.calc.CalcOperatorFactory;
import java.util.List;
import java.util.OptionalInt;

/**
 * Translates a {@link CalcPhysicalRel} into one generated calc operator. (A table's
 * computed-column calc is already merged into the calc above it where that is how it runs: see
 * {@link dev.runnel.planner.plan.physical.WatermarkPushDown}.)
 */
final class CalcTranslation {
    private CalcTranslation() {
    }

    static List<JobGraphTranslator.VertexBuilder> translate(CalcPhysicalRel calc, JobGraphTranslator translator) {
        GeneratedClass<CalcFunction> generated = translator.codeGenerator().generate(calc.getProgram(), translator.zone());
        return translator.attach(translator.visit(calc.getInput()), new CalcOperatorFactory(calc.describe(), generated),
                OptionalInt.empty(), new Partitioning.Rebalance());
    }
}
