package dev.runnel.planner.session;

import dev.runnel.planner.catalog.Catalog;
import dev.runnel.planner.catalog.CatalogSchema;
import dev.runnel.planner.catalog.RunnelTypeSystem;
import dev.runnel.planner.catalog.TypeConversions;
import dev.runnel.planner.functions.FunctionCatalog;
import dev.runnel.planner.plan.PlanningException;
import dev.runnel.planner.plan.logical.LogicalPlanner;
import dev.runnel.planner.plan.logical.SubQueryRemoval;
import dev.runnel.planner.plan.physical.GroupAggregateOptions;
import dev.runnel.planner.plan.physical.ChangelogNormalization;
import dev.runnel.planner.plan.physical.PhysicalPlanner;
import dev.runnel.planner.plan.physical.PhysicalRel;
import dev.runnel.planner.plan.physical.SinkChangelogCheck;
import dev.runnel.planner.plan.physical.SinkPhysicalRel;
import dev.runnel.planner.plan.physical.WatermarkPushDown;
import dev.runnel.planner.validate.CorrelatedSubQueries;
import dev.runnel.planner.validate.GroupWindowFunctions;
import dev.runnel.planner.validate.SqlValidation;
import dev.runnel.planner.validate.UnsupportedSyntax;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.types.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.validate.SqlValidator;

/**
 * Plans queries and {@code INSERT}s over a catalog: validation, logical optimization and
 * conversion to the physical plan. Not thread-safe (like the session that owns it).
 */
public final class QueryPlanner {
    private final JavaTypeFactory typeFactory = new JavaTypeFactoryImpl(RunnelTypeSystem.INSTANCE);
    private final SqlValidation validation;
    private final LogicalPlanner logicalPlanner;
    private final QueryNames names;
    private final Configuration configuration;
    private final StaticPartitions staticPartitions;
    private final InsertTargets insertTargets;
    private final FunctionCatalog functions;

    public QueryPlanner(Catalog catalog) {
        this(catalog, new Configuration());
    }

    /** A planner whose plans follow the optimizer options of {@code configuration}, read at each plan. */
    public QueryPlanner(Catalog catalog, Configuration configuration) {
        this.configuration = configuration;
        this.functions = new FunctionCatalog(catalog);
        this.validation = new SqlValidation(CatalogSchema.rootSchema(catalog), typeFactory,
                () -> CatalogSchema.currentPath(catalog), functions);
        this.logicalPlanner = new LogicalPlanner(validation);
        this.names = new QueryNames(catalog, () -> functionNames(validation.operatorTable()));
        this.staticPartitions = new StaticPartitions(catalog, typeFactory);
        this.insertTargets = new InsertTargets(catalog);
    }

    /* The names of the functions in {@code table} (not operators such as {@code +}), for suggestions. */
    private static Set<String> functionNames(SqlOperatorTable table) {
        Set<String> names = new TreeSet<>();
        for (SqlOperator op : table.getOperatorList()) {
            if (op instanceof SqlFunction) {
                names.add(op.getName().toUpperCase(Locale.ROOT));
            }
        }
        return names;
    }

    public JavaTypeFactory typeFactory() {
        return typeFactory;
    }

    /** The session's user-defined functions ({@code CREATE FUNCTION}). */
    public FunctionCatalog functions() {
        return functions;
    }

    /** The functions and operators statements may use (for expressions in DDL). */
    public SqlOperatorTable operatorTable() {
        return validation.operatorTable();
    }

    /** A validation error with its position and Runnel's type names. */
    public SqlExecutionException toSqlExecutionException(CalciteContextException e) {
        return SqlValidation.toSqlExecutionException(e);
    }

    /**
     * The Calcite type of a column type written in DDL.
     *
     * @throws SqlExecutionException with the type's position when the type is unknown
     */
    public RelDataType deriveType(SqlDataTypeSpec spec, boolean nullable) {
        try {
            return spec.deriveType(validation.newValidator(), nullable);
        } catch (CalciteContextException e) {
            throw SqlValidation.toSqlExecutionException(e);
        }
    }

    /**
     * The physical plan of a parsed query or {@code INSERT}.
     *
     * @throws SqlExecutionException for validation errors (with position) and unsupported features
     */
    public PlannedQuery plan(SqlNode parsed) {
        return planWithAst(parsed).planned();
    }

    /**
     * The physical plan of a parsed query or {@code INSERT} together with its unoptimized
     * logical plan, for {@code EXPLAIN}.
     *
     * @throws SqlExecutionException for validation errors (with position) and unsupported features
     */
    public ExplainedQuery planWithAst(SqlNode statement) {
        names.rejectInsertIntoView(statement);
        SqlNode parsed = GroupWindowFunctions.rewrite(insertTargets.rewrite(staticPartitions.rewrite(statement)));
        SqlValidator validator = validation.newValidator();
        SqlNode validated = names.suggestOnUnknownName(parsed, () -> SqlValidation.validate(validator, parsed));
        UnsupportedSyntax.check(validated);
        RelNode ast = logicalPlanner.convert(validated, validator);
        RelNode logical;
        try {
            logical = LogicalPlanner.optimize(GroupAggregateOptions.splitDistinct(ast, configuration));
        } catch (SubQueryRemoval.CorrelatedSubQueryException e) {
            throw e.at(CorrelatedSubQueries.firstCorrelated(validated));
        } catch (PlanningException e) {
            throw e.at(statement);
        }
        PhysicalRel physical;
        try {
            physical = ChangelogNormalization.apply(WatermarkPushDown.apply(
                    GroupAggregateOptions.applyMiniBatch(PhysicalPlanner.toPhysical(logical), configuration)));
        } catch (PlanningException e) {
            throw e.at(statement);
        }
        SinkChangelogCheck.check(physical);
        RowType outputType;
        try {
            outputType = withValidatedNames(TypeConversions.toRowType(physical.getRowType()),
                    validator.getValidatedNodeType(validated), physical instanceof SinkPhysicalRel);
        } catch (TypeConversions.UnsupportedTypeException e) {
            throw new SqlExecutionException(e.getMessage(), e);
        }
        return new ExplainedQuery(ast, new PlannedQuery(physical, outputType));
    }

    /** A plan and the unoptimized logical plan it came from ({@code EXPLAIN}'s abstract syntax tree). */
    public record ExplainedQuery(RelNode ast, PlannedQuery planned) {
    }

    /**
     * Validates a query (a view's) in the current database, or in {@code schemaPath}.
     *
     * @throws SqlExecutionException for validation errors (with position) and unsupported syntax
     */
    public ValidatedQuery validateQuery(SqlNode query, List<String> schemaPath) {
        SqlValidator validator = schemaPath == null ? validation.newValidator() : validation.newValidator(schemaPath);
        GroupWindowFunctions.rewrite(query);
        SqlNode validated = names.suggestOnUnknownName(query, () -> SqlValidation.validate(validator, query));
        UnsupportedSyntax.check(validated);
        return new ValidatedQuery(validated, validator.getValidatedNodeType(validated));
    }

    public ValidatedQuery validateQuery(SqlNode query) {
        return validateQuery(query, null);
    }

    /** A validated query and its row type. */
    public record ValidatedQuery(SqlNode node, RelDataType rowType) {
    }

    /*
     * The optimizer drops projections that only rename (e.g. the column list of a WITH item
     * over VALUES), so a query's column names are the validator's, as the user wrote them.
     */
    private static RowType withValidatedNames(RowType physical, RelDataType validated, boolean insert) {
        if (insert || validated.getFieldCount() != physical.arity()) {
            return physical;
        }
        List<RowType.Field> fields = new ArrayList<>();
        for (int i = 0; i < physical.arity(); i++) {
            fields.add(new RowType.Field(validated.getFieldList().get(i).getName(), physical.type(i)));
        }
        return new RowType(fields);
    }

    /**
     * A physical plan and the schema of the rows it produces (for an {@code INSERT}, those the
     * sink writes).
     */
    public record PlannedQuery(PhysicalRel plan, RowType outputType) {
        public boolean isInsert() {
            return plan instanceof SinkPhysicalRel;
        }

        /** Whether the plan only appends rows (its changelog mode is {@code [I]}). */
        public boolean isInsertOnly() {
            return plan.changelogMode().isInsertOnly();
        }

        /** Whether every source the plan reads ends by itself. */
        public boolean isBounded() {
            return plan.isBounded();
        }

        public String explain() {
            return PhysicalPlanner.explain(plan);
        }
    }
}
