package dev.runnel.shell.gateway;

import dev.runnel.planner.catalog.CatalogStore;
import dev.runnel.planner.catalog.ClusterCatalogStore;
import dev.runnel.planner.catalog.DirectoryCatalogStore;
import dev.runnel.planner.session.Session;
import dev.runnel.runtime.cluster.ClusterClient;
import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.shell.cli.RunnelHome;
import dev.runnel.shell.engine.SessionEngine;
import dev.runnel.shell.script.ScriptStatement;
import dev.runnel.shell.script.StatementSplitter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.calcite.avatica.server.HttpServer;
import org.apache.calcite.avatica.server.ServerCustomizer;
import org.eclipse.jetty.server.Server;

/**
 * What {@code runnel gateway} starts: the cluster its sessions submit to (an embedded one, or the
 * JobManager of a session cluster with {@code --jobmanager}), the catalog they share (persisted in
 * {@code sql-gateway.catalog.dir}), and the {@link GatewayServer}.
 */
public final class GatewayLauncher implements AutoCloseable {
    public static final ConfigOption<String> CATALOG_DIR = ConfigOption.of("sql-gateway.catalog.dir", String.class,
            null, "Where a gateway on an embedded cluster keeps the tables, views and functions every session"
                    + " shares (default: $RUNNEL_HOME/gateway/catalog); they survive a restart. A gateway on a"
                    + " session cluster shares the cluster's catalog (jobmanager.catalog.dir) instead.");

    /** How long a gateway on a highly available cluster waits for a leader before a call fails. */
    private static final Duration LEADER_TIMEOUT = Duration.ofSeconds(30);

    private final ClusterClient cluster;
    /** The directory store of a gateway on an embedded cluster, or null on a session cluster's catalog. */
    private final DirectoryCatalogStore catalog;
    private final GatewayServer server;

    private GatewayLauncher(ClusterClient cluster, DirectoryCatalogStore catalog, GatewayServer server) {
        this.cluster = cluster;
        this.catalog = catalog;
        this.server = server;
    }

    /**
     * Starts a gateway.
     *
     * @param jobManager {@code host:port} of a session cluster's JobManager, or null for an embedded cluster
     * @param initFile   statements every new session runs first, or null
     * @param security   authentication and TLS applied to Avatica's server builder
     */
    public static GatewayLauncher start(Configuration configuration, String jobManager, String bind, int port,
                                        Path initFile, Consumer<HttpServer.Builder<Server>> security,
                                        List<ServerCustomizer<Server>> customizers) {
        List<String> init = initFile == null ? List.of() : initStatements(initFile);
        ClusterClient cluster = null;
        DirectoryCatalogStore directory = null;
        try {
            cluster = jobManager != null ? SessionEngine.connectToJobManager(configuration, jobManager)
                    : SessionEngine.highlyAvailable(configuration)
                    ? SessionEngine.connectToLeader(configuration, LEADER_TIMEOUT)
                    : EmbeddedCluster.start(configuration);
            // A session cluster's catalog is shared with the shells attached to it; else the gateway keeps its own.
            CatalogStore store = cluster instanceof EmbeddedCluster ? null
                    : ClusterCatalogStore.of(cluster).orElse(null);
            if (store == null) {
                Path catalogDir = configuration.contains(CATALOG_DIR.key()) ? Path.of(configuration.get(CATALOG_DIR))
                        : RunnelHome.path().resolve("gateway").resolve("catalog");
                directory = DirectoryCatalogStore.open(catalogDir);
                store = directory;
            }
            ClusterClient sessionsCluster = cluster;
            CatalogStore sessionsStore = store;
            Configuration sessionConfiguration = configuration.copy();
            GatewayServer server = GatewayServer.start(bind, port,
                    () -> new Session(sessionsCluster, sessionConfiguration, sessionsStore), init, configuration,
                    security, customizers);
            return new GatewayLauncher(cluster, directory, server);
        } catch (RuntimeException e) {
            if (cluster != null) {
                cluster.close();
            }
            if (directory != null) {
                directory.close();
            }
            throw e;
        }
    }

    private static List<String> initStatements(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the init file " + file + ": " + e.getMessage(), e);
        }
        List<String> statements = new ArrayList<>();
        for (ScriptStatement statement : StatementSplitter.split(text).statements()) {
            statements.add(statement.text());
        }
        return statements;
    }

    public GatewayServer server() {
        return server;
    }

    public ClusterClient cluster() {
        return cluster;
    }

    /** Stops the gateway, closes its sessions (their queries end), then the cluster it started or attached to. */
    @Override
    public void close() {
        try {
            server.close();
        } finally {
            try {
                cluster.close();
            } finally {
                if (catalog != null) {
                    catalog.close();
                }
            }
        }
    }
}
