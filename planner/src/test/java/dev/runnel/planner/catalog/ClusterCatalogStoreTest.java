package dev.runnel.planner.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.session.Session;
import dev.runnel.planner.session.StatementResult;
import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.SharedCatalogFile;
import dev.runnel.runtime.config.Configuration;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sessions on a session cluster's JobManager share the catalog it keeps: what one creates the
 * others see, concurrent changes are all kept, and it outlives the JobManager.
 */
class ClusterCatalogStoreTest {
    @TempDir
    Path dir;

    private EmbeddedCluster jobManager() {
        return EmbeddedCluster.startJobManager(new Configuration(Map.of(SharedCatalogFile.CATALOG_DIR.key(),
                dir.toString())));
    }

    private static Session session(EmbeddedCluster cluster) {
        return new Session(cluster, new Configuration(), ClusterCatalogStore.of(cluster).orElseThrow());
    }

    private static List<String> tables(Session session) {
        return ((StatementResult.Table) session.execute("SHOW TABLES")).rows().stream()
                .map(r -> (String) r.getField(0)).toList();
    }

    @Test
    void whatOneSessionCreatesTheOthersSeeAndItOutlivesTheJobManager() {
        try (EmbeddedCluster cluster = jobManager(); Session first = session(cluster); Session second = session(cluster)) {
            first.execute("CREATE TABLE orders (id BIGINT, PRIMARY KEY (id) NOT ENFORCED)"
                    + " WITH ('connector' = 'datagen')");
            first.execute("CREATE VIEW ids AS SELECT id FROM orders");
            first.execute("CREATE TEMPORARY TABLE mine (x INT) WITH ('connector' = 'blackhole')");
            assertThat(tables(second)).containsExactly("ids", "orders");
            assertThatThrownBy(() -> second.execute("CREATE TABLE orders (id INT) WITH ('connector' = 'datagen')"))
                    .hasMessageContaining("Table default_catalog.default_database.orders already exists in the"
                            + " cluster's catalog")
                    .hasMessageContaining("CREATE TEMPORARY TABLE");
            second.execute("DROP VIEW ids");
            assertThat(tables(first)).containsExactly("mine", "orders");
        }
        try (EmbeddedCluster restarted = jobManager(); Session later = session(restarted)) {
            assertThat(tables(later)).containsExactly("orders");
            assertThat(later.catalog().table(new ObjectIdentifier("default_catalog", "default_database", "orders"))
                    .orElseThrow().primaryKey().columns()).containsExactly("id");
        }
    }

    @Test
    void sessionsCreatingTablesAtOnceKeepEveryOne() throws Exception {
        try (EmbeddedCluster cluster = jobManager()) {
            ExecutorService pool = Executors.newFixedThreadPool(4);
            List<Session> sessions = new ArrayList<>();
            try {
                List<Future<?>> creates = new ArrayList<>();
                for (int i = 0; i < 4; i++) {
                    Session session = session(cluster);
                    sessions.add(session);
                    int n = i;
                    creates.add(pool.submit(() -> {
                        for (int t = 0; t < 5; t++) {
                            session.execute("CREATE TABLE t_" + n + "_" + t + " (x INT) WITH ('connector' = 'blackhole')");
                        }
                    }));
                }
                for (Future<?> create : creates) {
                    create.get();
                }
                assertThat(tables(sessions.get(0))).hasSize(20);
            } finally {
                pool.shutdownNow();
                sessions.forEach(Session::close);
            }
        }
    }

    @Test
    void anEmbeddedClusterKeepsNoCatalogForItsSessions() {
        try (EmbeddedCluster embedded = EmbeddedCluster.start(new Configuration())) {
            assertThat(ClusterCatalogStore.of(embedded)).isEmpty();
        }
    }
}
