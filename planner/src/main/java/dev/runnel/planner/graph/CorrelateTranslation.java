package dev.runnel.planner.graph;

import dev.runnel.planner.graph.JobGraphTranslator.VertexBuilder;
import dev.runnel.planner.plan.physical.CorrelatePhysicalRel;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.operators.unnest.UnnestOperatorFactory;
import dev.runnel.runtime.operators.unnest.UnnestOperatorFactory.ElementShape;
import java.util.List;
import java.util.OptionalInt;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeName;

/** Translates {@code UNNEST} into an {@link UnnestOperatorFactory} chained after its input (it needs no exchange). */
final class CorrelateTranslation {
    private CorrelateTranslation() {
    }

    static List<VertexBuilder> translate(JobGraphTranslator translator, CorrelatePhysicalRel correlate) {
        RelDataType input = correlate.getInput().getRowType();
        RelDataType collection = input.getFieldList().get(correlate.collectionField()).getType();
        int elementColumns = correlate.elementType().getFieldCount() - (correlate.withOrdinality() ? 1 : 0);
        var operator = new UnnestOperatorFactory(correlate.describe(), correlate.collectionField(),
                shape(collection, correlate.elementType()), elementColumns, correlate.withOrdinality(),
                correlate.isLeftOuter(), correlate.keepsInput(), input.getFieldCount(),
                JoinTranslation.predicate(translator, correlate.getCluster(), input, correlate.elementType(),
                        correlate.condition()));
        return translator.attach(translator.visit(correlate.getInput()), operator, OptionalInt.empty(),
                new Partitioning.Rebalance());
    }

    /**
     * A map gives its entries; a ROW element whose fields Calcite's uncollect spreads into columns
     * gives them; any other element is one column.
     */
    private static ElementShape shape(RelDataType collection, RelDataType elementColumns) {
        if (collection.getSqlTypeName() == SqlTypeName.MAP) {
            return ElementShape.MAP_ENTRY;
        }
        RelDataType element = collection.getComponentType();
        boolean spread = element.isStruct() && !elementColumns.getFieldList().get(0).getType().isStruct();
        return spread ? ElementShape.ROW_FIELDS : ElementShape.VALUE;
    }
}
