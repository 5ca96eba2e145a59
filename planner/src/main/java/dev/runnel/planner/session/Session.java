package dev.runnel.planner.session;

import dev.runnel.planner.catalog.Catalog;
import dev.runnel.planner.catalog.CatalogStore;
import dev.runnel.planner.catalog.InMemoryCatalogStore;
import dev.runnel.planner.codegen.CalcCodeGenerator;
import dev.runnel.planner.graph.JobGraphTranslator;
import dev.runnel.planner.graph.TableConnectorException;
import dev.runnel.planner.parse.StatementParser;
import dev.runnel.planner.plan.physical.LimitPhysicalRel;
import dev.runnel.planner.plan.physical.SinkPhysicalRel;
import dev.runnel.runtime.cluster.ClusterClient;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.types.RowType;
import dev.runnel.sql.parser.ddl.SqlCreateTable;
import java.util.List;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * One user's conversation with Runnel: a catalog (its permanent objects in a {@link CatalogStore}
 * that other sessions may share), session settings ({@code SET}) and the
 * cluster that runs its jobs. The shell and the JDBC gateway are thin fronts over it.
 * Not thread-safe: one statement at a time.
 *
 * <p>Every failure of a statement is a {@link SqlExecutionException} (with the line and column
 * where the statement is wrong, when known); the session stays usable afterwards.
 */
public final class Session implements AutoCloseable {
    private final ClusterClient cluster;
    private final Configuration configuration;
    private final Catalog catalog;
    private final QueryPlanner planner;
    private final SessionCommands commands;
    private final StatementSets statementSets;
    private final ExplainCommand explainCommand;
    private final SessionMetadata metadata;

    /** A session with a catalog of its own in memory, as Flink's default (the embedded shell). */
    public Session(ClusterClient cluster, Configuration configuration) {
        this(cluster, configuration, new InMemoryCatalogStore());
    }

    /**
     * A session whose permanent catalog objects (catalogs, databases, tables, views, catalog
     * functions) live in {@code store}, which other sessions may share (one session per JDBC
     * connection of a gateway over one {@link dev.runnel.planner.catalog.DirectoryCatalogStore}).
     * Its current catalog and database and its temporary objects are its own.
     */
    public Session(ClusterClient cluster, Configuration configuration, CatalogStore store) {
        this.cluster = cluster;
        this.configuration = configuration.copy();
        this.catalog = new Catalog(store);
        this.planner = new QueryPlanner(catalog, this.configuration);
        this.commands = new SessionCommands(catalog, planner, this.configuration, cluster);
        JobCompiler compiler = new JobCompiler(planner, this.configuration);
        this.statementSets = new StatementSets(planner, compiler, cluster);
        this.explainCommand = new ExplainCommand(planner, compiler);
        this.metadata = new CatalogMetadata(this, cluster);
    }

    /**
     * Parses, validates, plans and runs one statement (without its terminating {@code ;}).
     *
     * @throws SqlExecutionException with the line and column (relative to {@code statement})
     *                               where the statement is wrong
     */
    public StatementResult execute(String statement) {
        SqlNode node = StatementParser.parse(statement);
        try {
            if (node instanceof SqlCreateTable create && create.isCreateTableAs() && !inStatementSet()) {
                return new CreateTableAsCommand(catalog, planner, commands::resolve).execute(create, this::run);
            }
            StatementResult result = statementSets.execute(node);
            if (result == null) {
                result = explainCommand.execute(node, new SqlParserPos(startLine(statement), startColumn(statement)));
            }
            if (result == null) {
                result = commands.execute(node);
            }
            if (result != null) {
                return result;
            }
            if (node.getKind() == SqlKind.INSERT || node.isA(SqlKind.QUERY)) {
                return run(node);
            }
            throw new SqlExecutionException("Statement " + node.getKind().sql + " is not supported yet",
                    startLine(statement), startColumn(statement), null);
        } catch (SqlExecutionException e) {
            throw e;
        } catch (ConfigException e) {
            throw new SqlExecutionException(e.getMessage(), e);
        } catch (RuntimeException | AssertionError e) {
            // A planner limitation we do not recognize yet: still a statement error, not a crash.
            throw new SqlExecutionException("Cannot run this statement: " + JobQueryResult.rootMessage(e), e);
        }
    }

    /**
     * The optimized physical plan of a query or {@code INSERT}, as Calcite's indented text (the
     * form of the plan golden files; {@code EXPLAIN} shows Flink's sections instead).
     */
    public String explain(String statement) {
        SqlNode node = StatementParser.parse(statement);
        if (node.getKind() != SqlKind.INSERT && !node.isA(SqlKind.QUERY)) {
            throw new SqlExecutionException("Only queries and INSERT statements have a plan to explain",
                    startLine(statement), startColumn(statement), null);
        }
        return planner.plan(node).explain();
    }

    /** Where the statement's first token is: its keyword names the unsupported statement. */
    private static int startLine(String statement) {
        int line = 1;
        for (int i = 0; i < statement.length() && Character.isWhitespace(statement.charAt(i)); i++) {
            if (statement.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    private static int startColumn(String statement) {
        int column = 1;
        for (int i = 0; i < statement.length() && Character.isWhitespace(statement.charAt(i)); i++) {
            column = statement.charAt(i) == '\n' ? 1 : column + 1;
        }
        return column;
    }

    private StatementResult run(SqlNode node) {
        QueryPlanner.PlannedQuery planned = planner.plan(node);
        String jobName = jobName(planned);
        JobGraph jobGraph;
        try {
            int parallelism = configuration.get(SessionOptions.PARALLELISM);
            JobGraphTranslator translator = new JobGraphTranslator(new CalcCodeGenerator(planner.typeFactory()),
                    parallelism, SessionOptions.zone(configuration));
            jobGraph = translator.translate(planned.plan(), jobName, configuration);
        } catch (TableConnectorException e) {
            SqlParserPos pos = TablePositions.find(node, e.tableName());
            throw new SqlExecutionException(e.getMessage(), pos.getLineNum(), pos.getColumnNum(), e);
        }
        // asked before the job runs, so that nothing can fail between its submission and its result
        boolean insertOnly = planned.isInsertOnly();
        boolean bounded = planned.isBounded();
        long rowLimit = LimitPhysicalRel.rowsOfResult(planned.plan()).orElse(-1);
        JobId jobId;
        try {
            jobId = cluster.submitJob(jobGraph);
        } catch (RuntimeException e) {
            throw new SqlExecutionException("Could not submit the job: " + JobQueryResult.rootMessage(e), e);
        }
        if (node instanceof SqlInsert) {
            return new StatementResult.JobSubmitted(jobId, jobName);
        }
        RowType type = planned.outputType();
        List<ColumnInfo> columns = type.fields().stream().map(f -> new ColumnInfo(f.name(), f.type())).toList();
        return new JobQueryResult(cluster, jobId, columns, insertOnly, bounded, rowLimit);
    }

    private String jobName(QueryPlanner.PlannedQuery planned) {
        String configured = configuration.get(SessionOptions.PIPELINE_NAME);
        if (configured != null && !configured.isBlank()) {
            return configured;
        }
        if (planned.plan() instanceof SinkPhysicalRel sink) {
            return "insert-into_" + sink.table().qualifiedName();
        }
        return "collect";
    }

    /** Whether {@code BEGIN STATEMENT SET} opened a statement set that {@code END} has not yet submitted. */
    public boolean inStatementSet() {
        return statementSets.isOpen();
    }

    /** The cluster this session submits to. */
    public ClusterClient cluster() {
        return cluster;
    }

    /** The session's current settings. */
    public Configuration configuration() {
        return configuration;
    }

    /**
     * What fronts may look up without running a statement: catalogs, tables and their columns,
     * functions, options and jobs, exactly as this session's statements see them (the shell's
     * completion and {@code \\d}, the JDBC gateway's {@code DatabaseMetaData}).
     */
    public SessionMetadata metadata() {
        return metadata;
    }

    /** The functions and operators the session's statements may use, as the validator finds them. */
    public SqlOperatorTable operatorTable() {
        return planner.operatorTable();
    }

    /** The session's catalog. */
    public Catalog catalog() {
        return catalog;
    }

    /** Does not stop the session's jobs: they belong to the cluster, which its owner closes. */
    @Override
    public void close() {
    }
}
