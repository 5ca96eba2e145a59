package dev.runnel.planner.session;

import dev.runnel.planner.catalog.Catalog;
import dev.runnel.runtime.cluster.ClusterClient;
import dev.runnel.runtime.config.Configuration;
import org.apache.calcite.sql.SqlNode;

/**
 * The statements a session runs itself, without a job: DDL, {@code SHOW}, {@code DESCRIBE},
 * {@code SET}/{@code RESET} and {@code STOP JOB}.
 */
final class SessionCommands {
    private final Catalog catalog;
    private final Configuration configuration;
    private final ClusterClient cluster;

    SessionCommands(Catalog catalog, Configuration configuration, ClusterClient cluster) {
        this.catalog = catalog;
        this.configuration = configuration;
        this.cluster = cluster;
    }

    /** The result of {@code node} if it is a command, or {@code null} if it is a query or an {@code INSERT}. */
    StatementResult execute(SqlNode node) {
        return null;
    }
}
