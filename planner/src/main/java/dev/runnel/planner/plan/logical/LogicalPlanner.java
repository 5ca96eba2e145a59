package dev.runnel.planner.plan.logical;

import dev.runnel.planner.catalog.CatalogSchema;
import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.planner.catalog.MetadataColumns;
import dev.runnel.planner.catalog.TableColumn;
import dev.runnel.planner.catalog.TypeConversions;
import dev.runnel.planner.functions.FlinkConvertletTable;
import dev.runnel.planner.parse.StatementParser;
import dev.runnel.planner.session.SqlExecutionException;
import dev.runnel.planner.plan.physical.PhysicalRules;
import dev.runnel.planner.plan.window.WindowTableFunctionCall;
import dev.runnel.planner.validate.GroupWindowFunctions;
import dev.runnel.planner.validate.SqlValidation;
import dev.runnel.runtime.types.DataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.plan.ConventionTraitDef;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.hep.HepMatchOrder;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.plan.volcano.VolcanoPlanner;
import org.apache.calcite.prepare.Prepare;
import org.apache.calcite.prepare.RelOptTableImpl;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.TableModify;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.util.Util;

/**
 * Turns a validated query or {@code INSERT} into an optimized logical plan: converts it to
 * relational algebra, rejects what the runtime cannot run yet ({@link UnsupportedFeatures}),
 * then rewrites it with {@link LogicalRules} into scans, values, unions, calcs and a sink.
 */
public final class LogicalPlanner {
    private final SqlValidation validation;

    public LogicalPlanner(SqlValidation validation) {
        this.validation = validation;
    }

    /** A cluster whose planner will later convert the plan to the physical convention. */
    public RelOptCluster newCluster() {
        VolcanoPlanner planner = new VolcanoPlanner();
        planner.addRelTraitDef(ConventionTraitDef.INSTANCE);
        for (RelOptRule rule : PhysicalRules.ALL) {
            planner.addRule(rule);
        }
        return RelOptCluster.create(planner, new RexBuilder(validation.typeFactory()));
    }

    /**
     * The optimized logical plan of {@code validated}, which {@code validator} validated.
     *
     * @throws dev.runnel.planner.session.SqlExecutionException for unsupported features
     */
    public RelNode plan(SqlNode validated, SqlValidator validator) {
        return optimize(convert(validated, validator));
    }

    /**
     * The unoptimized logical plan of {@code validated} (what {@code EXPLAIN} shows as the
     * abstract syntax tree): SqlToRel's output, with an {@code INSERT} already a sink.
     *
     * @throws dev.runnel.planner.session.SqlExecutionException for unsupported features
     */
    public RelNode convert(SqlNode validated, SqlValidator validator) {
        RelOptCluster cluster = newCluster();
        SqlToRelConverter converter = converter(cluster, validator, validation.catalogReader(), validated);
        RelRoot root = converter.convertQuery(validated, false, true);
        RelNode rel = root.project();
        UnsupportedFeatures.check(rel);
        rel = MetadataScans.rewrite(WatermarkAssigners.insert(rel, validator, converter));
        WindowTableFunctionCall.checkTimeAttributes(rel);
        if (rel instanceof TableModify modify) {
            rel = toSink(modify);
        }
        return rel;
    }

    /**
     * The converter of {@code query}. As Flink's, it leaves sub-queries in expressions
     * ({@code RexSubQuery}, for {@link SubQueryRemoval}) and IN lists as comparisons. Calcite
     * converts a partitioned table argument ({@code SESSION(TABLE t PARTITION BY k, …)}) only
     * when it expands sub-queries itself, so a query with one is converted that way (its
     * sub-queries then become SqlToRel's joins with aggregates, with the same results).
     */
    private SqlToRelConverter converter(RelOptCluster cluster, SqlValidator validator, Prepare.CatalogReader reader,
                                        SqlNode query) {
        return new SqlToRelConverter(
                (rowType, queryString, schemaPath, viewPath) -> expandView(cluster, queryString, schemaPath, viewPath),
                validator, reader, cluster, new CollectionConvertlets(FlinkConvertletTable.INSTANCE),
                SqlToRelConverter.config().withTrimUnusedFields(false)
                        .withExpand(hasPartitionedTableArgument(query))
                        .withInSubQueryThreshold(Integer.MAX_VALUE));
    }

    private static boolean hasPartitionedTableArgument(SqlNode query) {
        try {
            query.accept(new SqlBasicVisitor<Void>() {
                @Override
                public Void visit(SqlCall call) {
                    if (call.getKind() == SqlKind.SET_SEMANTICS_TABLE) {
                        throw new Util.FoundOne(call);
                    }
                    return super.visit(call);
                }
            });
            return false;
        } catch (Util.FoundOne found) {
            return true;
        }
    }

    /**
     * Converts a view's stored query (read by a query being converted) in the view's own
     * database, so that it means what it meant when the view was created.
     */
    private RelRoot expandView(RelOptCluster cluster, String queryString, List<String> schemaPath,
            List<String> viewPath) {
        SqlValidator validator = validation.newValidator(schemaPath);
        SqlNode validated;
        try {
            validated = SqlValidation.validate(validator, GroupWindowFunctions.rewrite(StatementParser.parse(queryString)));
        } catch (SqlExecutionException e) {
            // The view's text has its own positions; the user needs to know which view broke.
            throw new SqlExecutionException("View " + String.join(".", viewPath)
                    + " cannot be used any more: " + e.getMessage(), e);
        }
        // As a top-level query, so that a view keeps its ORDER BY (as in Flink) instead of SqlToRel
        // dropping it as a subquery's and then failing to find the order it was asked for.
        return converter(cluster, validator, validation.catalogReader(schemaPath), validated)
                .convertQuery(validated, false, true);
    }

    /** Runs the logical rule phases over {@code rel}. */
    public static RelNode optimize(RelNode rel) {
        RelNode joined = SubQueryRemoval.apply(rel);
        UnsupportedFeatures.check(joined);
        RelNode simplified = runHep(Unnests.rewrite(CollectionRewrites.rewrite(joined)), LogicalRules.SIMPLIFY);
        OverWindows.checkPlanned(simplified);
        // After the grouping sets are decomposed, so that a window aggregate's window_time is known.
        Sorts.check(simplified);
        return runHep(simplified, LogicalRules.TO_CALC);
    }

    /** {@code rules} applied bottom-up to {@code rel} until none matches. */
    static RelNode runHep(RelNode rel, List<RelOptRule> rules) {
        HepProgramBuilder program = new HepProgramBuilder().addMatchOrder(HepMatchOrder.BOTTOM_UP);
        program.addRuleCollection(rules);
        HepPlanner hep = new HepPlanner(program.build());
        hep.setRoot(rel);
        return hep.findBestExp();
    }

    /**
     * Replaces {@code INSERT}'s table modification by a sink whose input has exactly the types the
     * sink takes, casting where the query's types differ (for example DOUBLE into DECIMAL): the
     * table's physical columns, then the values of its written metadata columns with the types of
     * their keys ({@link MetadataColumns#writtenColumns}), as in Flink.
     */
    private static RelNode toSink(TableModify modify) {
        CatalogTable table = modify.getTable().unwrapOrThrow(CatalogSchema.TableAdapter.class).catalogTable();
        RelNode input = modify.getInput();
        // Computed columns are not written: the input holds the table's other columns in declared order.
        RelDataType target = RelOptTableImpl.realRowType(modify.getTable());
        List<String> targetNames = target.getFieldNames();
        RexBuilder rex = modify.getCluster().getRexBuilder();
        List<RexNode> projects = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < target.getFieldCount(); i++) {
            if (table.column(targetNames.get(i)) instanceof TableColumn.Physical) {
                projects.add(castTo(rex, input, i, target.getFieldList().get(i).getType()));
                names.add(targetNames.get(i));
            }
        }
        Map<String, TableColumn.Metadata> written = MetadataColumns.writtenColumns(table);
        if (!written.isEmpty()) {
            Map<String, DataType> writable = MetadataColumns.factory(table).writableMetadata();
            for (Map.Entry<String, TableColumn.Metadata> e : written.entrySet()) {
                RelDataType type = TypeConversions.toRelDataType(writable.get(e.getKey()), rex.getTypeFactory());
                projects.add(castTo(rex, input, targetNames.indexOf(e.getValue().name()), type));
                names.add(names.contains(e.getKey()) ? "$metadata$" + e.getKey() : e.getKey());
            }
        }
        RelNode casted = LogicalProject.create(input, List.of(), projects, names, Set.of());
        return SinkLogicalRel.create(casted, table);
    }

    /** Field {@code i} of {@code input} as {@code type}, keeping its nullability (a NOT NULL column is checked later). */
    private static RexNode castTo(RexBuilder rex, RelNode input, int i, RelDataType type) {
        RexNode ref = rex.makeInputRef(input, i);
        RelDataType sourceType = ref.getType();
        if (SqlTypeUtil.equalSansNullability(rex.getTypeFactory(), sourceType, type)) {
            return ref;
        }
        return rex.makeCast(rex.getTypeFactory().createTypeWithNullability(type, sourceType.isNullable()), ref);
    }
}
