package dev.runnel.planner.plan.logical;

import dev.runnel.planner.catalog.CatalogSchema;
import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.planner.catalog.TableColumn;
import dev.runnel.planner.catalog.WatermarkSpec;
import dev.runnel.sql.parser.RunnelSqlParser;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql2rel.SqlToRelConverter;

/**
 * Puts a {@link WatermarkAssignerLogicalRel} over every scan of a table with a
 * {@code WATERMARK}, as Flink's catalog source does: right above the scan, or, when the table
 * has computed columns (the rowtime column or the expression may use them), in place of the
 * {@link WatermarkAssignerLogicalRel#pending pending} one that the catalog put over the
 * projection computing them. The stored expression is validated and converted against the
 * columns of that input.
 */
public final class WatermarkAssigners {
    private final SqlValidator validator;
    private final SqlToRelConverter converter;

    private WatermarkAssigners(SqlValidator validator, SqlToRelConverter converter) {
        this.validator = validator;
        this.converter = converter;
    }

    /** {@code rel} with an assigner over each watermarked table's scan; converter and validator did {@code rel}. */
    public static RelNode insert(RelNode rel, SqlValidator validator, SqlToRelConverter converter) {
        return new WatermarkAssigners(validator, converter).rewrite(rel);
    }

    private RelNode rewrite(RelNode rel) {
        if (rel instanceof WatermarkAssignerLogicalRel assigner && assigner.isPending()
                && assigner.getInput() instanceof LogicalProject project
                && project.getInput() instanceof TableScan scan) {
            // Named as the table's columns (SqlToRel calls computed ones $f2, …), as plans should show them.
            CatalogTable table = watermarked(scan);
            List<String> names = table.columns().stream().map(TableColumn::name).toList();
            return assign(LogicalProject.create(scan, project.getHints(), project.getProjects(), names,
                    project.getVariablesSet()), table);
        }
        if (rel instanceof TableScan scan) {
            CatalogTable table = watermarked(scan);
            if (table != null && !hasComputedColumns(table)) {
                return assign(scan, table);
            }
            return scan;
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

    private static CatalogTable watermarked(TableScan scan) {
        CatalogSchema.TableAdapter adapter = scan.getTable().unwrap(CatalogSchema.TableAdapter.class);
        return adapter == null || adapter.catalogTable().watermark() == null ? null : adapter.catalogTable();
    }

    private static boolean hasComputedColumns(CatalogTable table) {
        return table.columns().stream().anyMatch(c -> c instanceof TableColumn.Computed);
    }

    private RelNode assign(RelNode input, CatalogTable table) {
        WatermarkSpec spec = table.watermark();
        // The computed-column projection names its fields $f2, …: the table's columns say which is which.
        List<String> names = table.columns().stream().map(TableColumn::name).toList();
        if (names.size() != input.getRowType().getFieldCount()) {
            throw new IllegalStateException("Table " + table.qualifiedName() + " has columns " + names
                    + " but its scan produces " + input.getRowType().getFieldNames());
        }
        int rowtime = names.indexOf(spec.rowtimeColumn());
        if (rowtime < 0) {
            throw new IllegalStateException("Rowtime column " + spec.rowtimeColumn() + " of table "
                    + table.qualifiedName() + " is not among " + names);
        }
        return WatermarkAssignerLogicalRel.create(input, rowtime, convert(spec.expression(), input, names, table));
    }

    /** The stored expression over {@code input}'s columns, as the DDL validated it. */
    private RexNode convert(String expression, RelNode input, List<String> names, CatalogTable table) {
        SqlNode parsed;
        try {
            parsed = SqlParser.create(expression, RunnelSqlParser.config()).parseExpression();
        } catch (SqlParseException e) {
            throw new IllegalStateException("Watermark of table " + table.qualifiedName() + " does not parse: "
                    + expression, e);
        }
        Map<String, RelDataType> types = new HashMap<>();
        Map<String, RexNode> refs = new HashMap<>();
        RexBuilder rex = input.getCluster().getRexBuilder();
        for (RelDataTypeField field : input.getRowType().getFieldList()) {
            types.put(names.get(field.getIndex()), field.getType());
            refs.put(names.get(field.getIndex()), rex.makeInputRef(input, field.getIndex()));
        }
        SqlNode validated = validator.validateParameterizedExpression(parsed, types);
        return converter.convertExpression(validated, refs);
    }
}
