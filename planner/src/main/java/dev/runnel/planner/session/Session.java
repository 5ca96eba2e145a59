package dev.runnel.planner.session;

import dev.runnel.runtime.cluster.ClusterClient;
import dev.runnel.runtime.config.Configuration;

/**
 * One user's conversation with Runnel: a catalog, session settings ({@code SET}) and the
 * cluster that runs its jobs. The shell and the JDBC gateway are thin fronts over it.
 * Not thread-safe: one statement at a time.
 */
public final class Session implements AutoCloseable {
    private final ClusterClient cluster;
    private final Configuration configuration;

    public Session(ClusterClient cluster, Configuration configuration) {
        this.cluster = cluster;
        this.configuration = configuration.copy();
    }

    /**
     * Parses, validates, plans and runs one statement (without its terminating {@code ;}).
     *
     * @throws SqlExecutionException with the line and column (relative to {@code statement})
     *                               where the statement is wrong
     */
    public StatementResult execute(String statement) {
        throw new SqlExecutionException("Statements are not supported yet: " + statement);
    }

    /** The cluster this session submits to. */
    public ClusterClient cluster() {
        return cluster;
    }

    /** The session's current settings. */
    public Configuration configuration() {
        return configuration;
    }

    @Override
    public void close() {
    }
}
