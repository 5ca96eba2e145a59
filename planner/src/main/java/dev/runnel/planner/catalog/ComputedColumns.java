package dev.runnel.planner.catalog;

import dev.runnel.planner.plan.logical.WatermarkAssignerLogicalRel;
import dev.runnel.sql.parser.RunnelSqlParser;
import java.util.function.BiFunction;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.ColumnStrategy;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql2rel.InitializerContext;
import org.apache.calcite.sql2rel.NullInitializerExpressionFactory;

/**
 * Tells Calcite which columns of a {@link CatalogTable} are computed, and how to compute them.
 *
 * <p>Computed columns are {@link ColumnStrategy#VIRTUAL}: Calcite's {@code SqlToRelConverter}
 * then scans only the other columns and adds a projection that evaluates each computed column
 * from them ({@link #newColumnDefaultValue}), and an {@code INSERT} targets only the other
 * columns, as in Flink. The expression was validated when the table was created, with the same
 * function table, so parsing and converting it again cannot fail for a table in the catalog.
 */
final class ComputedColumns extends NullInitializerExpressionFactory {
    private final CatalogTable table;

    ComputedColumns(CatalogTable table) {
        this.table = table;
    }

    /**
     * Computed columns are virtual; a {@code VIRTUAL} metadata column may be left out of an
     * {@code INSERT} even when it is NOT NULL (the insert never names it: {@code InsertTargets}
     * gives such an insert its column list, and the sink does not get the column).
     */
    @Override
    public ColumnStrategy generationStrategy(RelOptTable relTable, int column) {
        // by name: the scan of a table with metadata columns has a row type of its own (MetadataScans)
        TableColumn declared = table.column(relTable.getRowType().getFieldList().get(column).getName());
        if (declared instanceof TableColumn.Computed) {
            return ColumnStrategy.VIRTUAL;
        }
        if (declared instanceof TableColumn.Metadata m && m.isVirtual()) {
            return ColumnStrategy.NULLABLE;
        }
        return super.generationStrategy(relTable, column);
    }

    /**
     * A table with a watermark gets its (pending) watermark assigner right over the projection
     * of its computed columns, before SqlToRel may merge that projection with the query's.
     */
    @Override
    public BiFunction<InitializerContext, RelNode, RelNode> postExpressionConversionHook() {
        return table.watermark() == null ? null : (context, projection) -> WatermarkAssignerLogicalRel.pending(projection);
    }

    @Override
    public RexNode newColumnDefaultValue(RelOptTable relTable, int column, InitializerContext context) {
        if (!(table.column(relTable.getRowType().getFieldList().get(column).getName())
                instanceof TableColumn.Computed computed)) {
            return super.newColumnDefaultValue(relTable, column, context);
        }
        RelDataType fieldType = relTable.getRowType().getFieldList().get(column).getType();
        SqlNode parsed = parseExpression(computed.expression());
        SqlNode validated = context.validateExpression(physicalRowType(relTable), parsed);
        RexNode rex = context.convertExpression(validated);
        if (!rex.getType().equals(fieldType)) {
            rex = context.getRexBuilder().makeCast(fieldType, rex, true, false);
        }
        return rex;
    }

    /** The row type the scan produces: every column but the computed ones. */
    private RelDataType physicalRowType(RelOptTable relTable) {
        var builder = relTable.getRelOptSchema().getTypeFactory().builder();
        for (var field : relTable.getRowType().getFieldList()) {
            if (!(table.column(field.getName()) instanceof TableColumn.Computed)) {
                builder.add(field);
            }
        }
        return builder.build();
    }

    /** Parses a stored expression (computed column or watermark) in Runnel's dialect. */
    static SqlNode parseExpression(String expression) {
        try {
            return SqlParser.create(expression, RunnelSqlParser.config()).parseExpression();
        } catch (SqlParseException e) {
            throw new IllegalStateException("Stored expression does not parse: " + expression, e);
        }
    }
}
