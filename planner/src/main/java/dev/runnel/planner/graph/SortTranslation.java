package dev.runnel.planner.graph;

import dev.runnel.planner.catalog.TypeConversions;
import dev.runnel.planner.graph.JobGraphTranslator.VertexBuilder;
import dev.runnel.planner.plan.physical.ChangelogMode;
import dev.runnel.planner.plan.physical.PhysicalRel;
import dev.runnel.planner.plan.physical.TemporalSortPhysicalRel;
import dev.runnel.planner.session.SqlExecutionException;
import dev.runnel.runtime.operators.sort.TemporalSortOperatorFactory;
import dev.runnel.runtime.types.DataType;
import java.util.List;
import org.apache.calcite.rel.RelNode;

/**
 * Translates a temporal sort into the runtime's sort operator on one subtask behind a GLOBAL
 * exchange (a sort is global). Its input must be append-only, as in Flink.
 */
final class SortTranslation {
    private SortTranslation() {
    }

    static List<VertexBuilder> translate(JobGraphTranslator translator, TemporalSortPhysicalRel sort) {
        RelNode input = sort.getInput();
        ChangelogMode mode = ((PhysicalRel) input).changelogMode();
        if (!mode.isInsertOnly()) {
            throw new SqlExecutionException("The input of a temporal sort must be append-only, but it updates"
                    + " earlier rows (" + mode + "): " + sort.describe());
        }
        List<DataType> inputTypes = input.getRowType().getFieldList().stream()
                .map(f -> TypeConversions.toDataType(f.getType())).toList();
        var operator = new TemporalSortOperatorFactory(sort.describe(), inputTypes,
                sort.rowtime() ? sort.timeField() : -1, RankTranslation.comparator(sort.secondaryOrder()));
        return translator.attachKeyed(List.of(translator.visit(input)), operator, List.of(new int[0]));
    }
}
