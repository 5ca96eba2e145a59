package dev.runnel.planner.session;

import dev.runnel.planner.catalog.Catalog;
import dev.runnel.planner.catalog.CatalogException;
import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.planner.catalog.ObjectIdentifier;
import dev.runnel.runtime.checkpoint.CheckpointOptions;
import dev.runnel.runtime.cluster.ClusterClient;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobScaling;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import dev.runnel.sql.parser.ddl.SqlCreateTable;
import dev.runnel.sql.parser.ddl.SqlDropTable;
import dev.runnel.sql.parser.ddl.SqlTableOption;
import dev.runnel.sql.parser.dql.SqlAlterJob;
import dev.runnel.sql.parser.dql.SqlDescribeJob;
import dev.runnel.sql.parser.dql.SqlDescribeTable;
import dev.runnel.sql.parser.dql.SqlJobCommand;
import dev.runnel.sql.parser.dql.SqlReset;
import dev.runnel.sql.parser.dql.SqlSet;
import dev.runnel.sql.parser.dql.SqlShowCreateTable;
import dev.runnel.sql.parser.dql.SqlShowCluster;
import dev.runnel.sql.parser.dql.SqlShowJobs;
import dev.runnel.sql.parser.dql.SqlSavepoint;
import dev.runnel.sql.parser.dql.SqlStopJob;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSetOption;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * The statements a session runs itself, without a job: DDL, {@code SHOW}, {@code DESCRIBE},
 * {@code SET}/{@code RESET}, {@code STOP JOB}, {@code SAVEPOINT} and {@code ALTER JOB}. Not thread-safe, like the
 * session.
 */
final class SessionCommands {
    private static final DataType STRING = DataType.of(TypeRoot.VARCHAR);
    private static final DataType STRING_NOT_NULL = DataType.of(TypeRoot.VARCHAR).notNull();
    /** The one key {@code ALTER JOB … SET (…)} takes. */
    static final String PARALLELISM = "parallelism";
    /** How long {@code ALTER JOB} waits for the JobManager to start the rescale (not for it to end). */
    private static final Duration RESCALE_START_TIMEOUT = Duration.ofSeconds(30);

    private final Catalog catalog;
    private final QueryPlanner planner;
    private final Configuration configuration;
    private final Configuration initialConfiguration;
    private final ClusterClient cluster;
    private final CatalogCommands catalogCommands;

    SessionCommands(Catalog catalog, QueryPlanner planner, Configuration configuration, ClusterClient cluster) {
        this.catalog = catalog;
        this.planner = planner;
        this.configuration = configuration;
        this.initialConfiguration = configuration.copy();
        this.cluster = cluster;
        this.catalogCommands = new CatalogCommands(catalog, planner, this::describe);
    }

    /** The result of {@code node} if it is a command, or {@code null} if it is a query or an {@code INSERT}. */
    StatementResult execute(SqlNode node) {
        StatementResult catalogResult = catalogCommands.execute(node);
        if (catalogResult != null) {
            return catalogResult;
        } else if (node instanceof SqlCreateTable create) {
            return new CreateTableCommand(catalog, planner, catalogCommands::resolve).execute(create);
        } else if (node instanceof SqlShowCreateTable show) {
            return showCreateTable(show);
        } else if (node instanceof SqlDropTable drop) {
            return dropTable(drop);
        } else if (node instanceof SqlDescribeTable describe) {
            return describe(describe);
        } else if (node instanceof SqlShowJobs) {
            return JobDescriptions.list(cluster.listJobs());
        } else if (node instanceof SqlShowCluster) {
            return ClusterDescription.of(cluster.overview());
        } else if (node instanceof SqlStopJob stop) {
            return stopJob(stop);
        } else if (node instanceof SqlDescribeJob describe) {
            return JobDescriptions.describe(existingJob(describe), SessionOptions.zone(configuration));
        } else if (node instanceof SqlSavepoint savepoint) {
            return savepoint(savepoint);
        } else if (node instanceof SqlAlterJob alter) {
            return alterJob(alter);
        } else if (node instanceof SqlSet set) {
            return set(set);
        } else if (node instanceof SqlReset reset) {
            return reset(reset);
        } else if (node instanceof SqlSetOption option && option.getScope() == null) {
            return setOption(option);
        }
        return null;
    }

    private StatementResult dropTable(SqlDropTable drop) {
        ObjectIdentifier id = catalogCommands.resolve(drop.name());
        boolean exists = drop.temporary() ? catalog.isTemporaryTable(id) : catalog.table(id).isPresent();
        if (!exists) {
            if (drop.ifExists()) {
                return new StatementResult.Message("Table does not exist.");
            }
            if (drop.temporary()) {
                String hint = catalog.table(id).isPresent() ? "; it is a permanent table: use DROP TABLE" : "";
                throw ObjectResolver.error("Temporary table with identifier '" + id + "' does not exist" + hint,
                        drop.name(), drop.name().names.size() - 1);
            }
            catalogCommands.existingTable(drop.name(), "DROP TABLE");
        }
        try {
            // DROP TABLE drops the table a query sees, which a temporary table shadows (as DROP VIEW does).
            if (catalog.isTemporaryTable(id)) {
                catalog.dropTemporaryTable(id, false);
            } else {
                catalog.dropTable(id, false);
            }
        } catch (CatalogException e) {
            // dropped meanwhile by another session of a shared catalog
            throw ObjectResolver.error(e.getMessage(), drop.name(), drop.name().names.size() - 1);
        }
        return new StatementResult.Message("Table has been dropped.");
    }

    private StatementResult showCreateTable(SqlShowCreateTable show) {
        ObjectIdentifier id = catalogCommands.existingTable(show.name(), "SHOW CREATE TABLE");
        CatalogTable table = catalog.table(id).orElseThrow();
        return new StatementResult.Table(List.of(new ColumnInfo("result", STRING_NOT_NULL)),
                List.of(Row.of(TableDescriptions.showCreateTable(table, catalog.isTemporaryTable(id)))));
    }

    /** The full name of table {@code name} in the current catalog and database. */
    ObjectIdentifier resolve(SqlIdentifier name) {
        return catalogCommands.resolve(name);
    }

    private StatementResult describe(SqlDescribeTable describe) {
        CatalogTable table = catalogCommands.tableOrView(describe.name());
        List<ColumnInfo> columns = List.of(
                new ColumnInfo("name", STRING_NOT_NULL),
                new ColumnInfo("type", STRING_NOT_NULL),
                new ColumnInfo("null", DataType.of(TypeRoot.BOOLEAN).notNull()),
                new ColumnInfo("key", STRING),
                new ColumnInfo("extras", STRING),
                new ColumnInfo("watermark", STRING));
        return new StatementResult.Table(columns, TableDescriptions.describeRows(table));
    }

    private StatementResult stopJob(SqlStopJob stop) {
        JobInfo job = existingJob(stop);
        JobId id = job.id();
        SqlParserPos pos = stop.jobIdLiteral().getParserPosition();
        if (stop.withDrain() && !stop.withSavepoint()) {
            throw error("STOP JOB … WITH DRAIN needs WITH SAVEPOINT: a drained job can only be resumed from one",
                    pos, null);
        }
        if (job.status().isTerminal()) {
            return new StatementResult.Message("Job had already ended with status " + job.status() + ".");
        }
        if (stop.withSavepoint()) {
            return savepointPath(awaitSavepoint(cluster.stopWithSavepoint(id, null, stop.withDrain()), id, pos));
        }
        cluster.cancelJob(id);
        try {
            // So that SHOW JOBS right after shows the job as CANCELED.
            cluster.jobTermination(id).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            return new StatementResult.Message("Job is being stopped.");
        }
        return new StatementResult.Message("Job has been stopped.");
    }

    /** The job a {@code STOP JOB}, {@code SAVEPOINT}, {@code ALTER JOB} or {@code DESCRIBE JOB} names; an error at its id if there is none. */
    private JobInfo existingJob(SqlJobCommand command) {
        JobId id = new JobId(command.jobId().trim());
        try {
            return cluster.getJob(id);
        } catch (IllegalArgumentException e) {
            throw error("Job '" + id + "' does not exist", command.jobIdLiteral().getParserPosition(), e);
        }
    }

    private StatementResult savepoint(SqlSavepoint savepoint) {
        JobInfo job = existingJob(savepoint);
        JobId id = job.id();
        SqlParserPos pos = savepoint.jobIdLiteral().getParserPosition();
        if (job.status().isTerminal()) {
            throw error("Job '" + id + "' has ended with status " + job.status() + "; a savepoint needs a running job",
                    pos, null);
        }
        return savepointPath(awaitSavepoint(cluster.triggerSavepoint(id, null), id, pos));
    }

    /**
     * {@code ALTER JOB 'id' SET ('parallelism' = 'N')}: asks the JobManager to rescale the job and
     * answers once the rescale is under way; {@code SHOW JOBS} and {@code DESCRIBE JOB} follow it.
     */
    private StatementResult alterJob(SqlAlterJob alter) {
        SqlTableOption option = parallelismOption(alter);
        int parallelism = parallelism(option);
        JobInfo job = existingJob(alter);
        JobId id = job.id();
        if (job.status().isTerminal()) {
            throw error("Job '" + id + "' has ended with status " + job.status() + "; only a running job can be rescaled",
                    alter.jobIdLiteral().getParserPosition(), null);
        }
        JobScaling scaling = job.scaling();
        if (!scaling.reactive() && !scaling.rescaling() && scaling.parallelism() == parallelism) {
            return new StatementResult.Message("Job already runs at parallelism " + parallelism + ".");
        }
        SqlParserPos pos = option.valueLiteral().getParserPosition();
        try {
            cluster.rescaleJob(id, parallelism).get(RESCALE_START_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw error("Could not rescale job '" + id + "' to parallelism " + parallelism + ": " + cause.getMessage(),
                    pos, cause);
        } catch (TimeoutException e) {
            throw error("The JobManager did not start rescaling job '" + id + "' within "
                    + RESCALE_START_TIMEOUT.toSeconds() + " s", pos, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw error("Interrupted while asking to rescale job '" + id + "'", pos, e);
        }
        String from = scaling.parallelism() > 0 ? "from " + scaling.parallelism() + " " : "";
        return new StatementResult.Message("Job is rescaling " + from + "to parallelism " + parallelism
                + (scaling.reactive() ? " (reactive: " + parallelism + " is now its upper bound)" : "") + ".");
    }

    /** The {@code 'parallelism'} option of an {@code ALTER JOB}; an error at any other key, or when there is none. */
    private static SqlTableOption parallelismOption(SqlAlterJob alter) {
        SqlTableOption found = null;
        for (SqlTableOption option : alter.jobOptions()) {
            if (!option.key().equals(PARALLELISM)) {
                throw error("Unknown option '" + option.key() + "' for ALTER JOB: only '" + PARALLELISM
                        + "' can be set", option.keyLiteral().getParserPosition(), null);
            }
            found = option;
        }
        if (found == null) {
            throw error("ALTER JOB needs the option '" + PARALLELISM + "', as in SET ('" + PARALLELISM + "' = '4')",
                    alter.optionList().getParserPosition(), null);
        }
        return found;
    }

    private static int parallelism(SqlTableOption option) {
        String value = option.value().trim();
        int parallelism;
        try {
            parallelism = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            parallelism = 0;
        }
        if (parallelism < 1) {
            throw error("Invalid value '" + option.value() + "' for option '" + PARALLELISM
                    + "': expected a whole number of at least 1", option.valueLiteral().getParserPosition(), null);
        }
        return parallelism;
    }

    /** Waits for a savepoint as long as a checkpoint may take ({@code execution.checkpointing.timeout}). */
    private String awaitSavepoint(CompletableFuture<String> savepoint, JobId id, SqlParserPos pos) {
        Duration timeout = configuration.get(CheckpointOptions.TIMEOUT);
        try {
            return savepoint.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw error("Could not take a savepoint of job '" + id + "': " + cause.getMessage(), pos, cause);
        } catch (TimeoutException e) {
            throw error("The savepoint of job '" + id + "' did not complete within " + timeout.toSeconds()
                    + " s (execution.checkpointing.timeout)", pos, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw error("Interrupted while waiting for the savepoint of job '" + id + "'", pos, e);
        }
    }

    /** The one-row table Flink's SQL client shows for a savepoint. */
    private static StatementResult savepointPath(String path) {
        return new StatementResult.Table(List.of(new ColumnInfo("savepoint path", STRING_NOT_NULL)),
                List.of(Row.of(path)));
    }

    private StatementResult set(SqlSet set) {
        if (set.key() == null) {
            List<Row> rows = configuration.toMap().entrySet().stream()
                    .map(e -> Row.of(e.getKey(), e.getValue())).toList();
            return new StatementResult.Table(
                    List.of(new ColumnInfo("key", STRING_NOT_NULL), new ColumnInfo("value", STRING_NOT_NULL)), rows);
        }
        return set(set.key(), set.keyLiteral().getParserPosition(), set.value(), set.valueLiteral().getParserPosition());
    }

    private StatementResult set(String key, SqlParserPos keyPos, String value, SqlParserPos valuePos) {
        try {
            ConfigKeys.checkKnown(key);
        } catch (ConfigException e) {
            throw error(e.getMessage(), keyPos, e);
        }
        String resolved;
        try {
            SessionOptions.validate(key, value);
            resolved = SessionOptions.resolve(key, value);
        } catch (ConfigException e) {
            throw error(e.getMessage(), valuePos, e);
        }
        configuration.set(key, resolved);
        return new StatementResult.Message("Session property has been set.");
    }

    /**
     * Calcite's unquoted forms, {@code SET var.dir = '/data'} and {@code RESET var.dir} (as
     * issue 7 writes variables, and as Flink's SQL client once accepted keys): the same as the
     * quoted ones. {@code RESET ALL} resets every key.
     */
    private StatementResult setOption(SqlSetOption option) {
        String key = option.getName().toString();
        SqlParserPos keyPos = option.getName().getParserPosition();
        if (option.getValue() == null) {
            return key.equalsIgnoreCase("ALL") ? resetAll() : reset(key, keyPos);
        }
        SqlNode value = option.getValue();
        String text;
        if (value instanceof SqlLiteral literal) {
            // The unquoted text of a string, the digits of a number, TRUE or FALSE; null for NULL.
            text = literal.toValue();
        } else if (value instanceof SqlIdentifier identifier) {
            text = identifier.toString();
        } else {
            text = null;
        }
        if (text == null) {
            throw error("SET expects a literal value, such as '" + key + "' = 'value'", value.getParserPosition(), null);
        }
        return set(key, keyPos, text, value.getParserPosition());
    }

    private StatementResult reset(SqlReset reset) {
        if (reset.key() == null) {
            return resetAll();
        }
        return reset(reset.key(), reset.keyLiteral().getParserPosition());
    }

    private StatementResult resetAll() {
        for (String key : List.copyOf(configuration.toMap().keySet())) {
            configuration.remove(key);
        }
        initialConfiguration.toMap().forEach(configuration::set);
        return new StatementResult.Message("All session properties have been reset.");
    }

    private StatementResult reset(String key, SqlParserPos keyPos) {
        try {
            ConfigKeys.checkKnown(key);
        } catch (ConfigException e) {
            throw error(e.getMessage(), keyPos, e);
        }
        String initial = initialConfiguration.getString(key);
        if (initial != null) {
            configuration.set(key, initial);
        } else {
            configuration.remove(key);
        }
        return new StatementResult.Message("Session property has been reset.");
    }

    private static SqlExecutionException error(String message, SqlParserPos pos, Throwable cause) {
        return new SqlExecutionException(message, pos.getLineNum(), pos.getColumnNum(), cause);
    }
}
