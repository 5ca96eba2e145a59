package dev.runnel.planner.graph;

import dev.runnel.planner.graph.JobGraphTranslator.VertexBuilder;
import dev.runnel.planner.plan.physical.WindowTableFunctionPhysicalRel;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.operators.window.WindowTableFunctionOperatorFactory;
import dev.runnel.runtime.operators.window.WindowTime;
import java.util.List;
import java.util.OptionalInt;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.sql.type.SqlTypeName;

/** Translates the windowing rels (window table functions) into operators of the job graph. */
final class WindowTranslation {
    private WindowTranslation() {
    }

    static boolean handles(RelNode rel) {
        return rel instanceof WindowTableFunctionPhysicalRel;
    }

    static List<VertexBuilder> translate(JobGraphTranslator translator, RelNode rel) {
        WindowTableFunctionPhysicalRel tvf = (WindowTableFunctionPhysicalRel) rel;
        List<VertexBuilder> input = translator.visit(tvf.getInput());
        var call = tvf.call();
        WindowTime time = windowTime(translator, tvf.getInput(), call.timeField());
        // Stateless: it chains to its input like a calc.
        return translator.attach(input, new WindowTableFunctionOperatorFactory(tvf.describe(), call.assigner(),
                call.timeField(), time), OptionalInt.empty(), new Partitioning.Rebalance());
    }

    /** A TIMESTAMP_LTZ time column is windowed in the session time zone (as Flink does). */
    private static WindowTime windowTime(JobGraphTranslator translator, RelNode input, int timeField) {
        SqlTypeName type = input.getRowType().getFieldList().get(timeField).getType().getSqlTypeName();
        return type == SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE ? new WindowTime(translator.zone().getId())
                : WindowTime.LOCAL;
    }
}
