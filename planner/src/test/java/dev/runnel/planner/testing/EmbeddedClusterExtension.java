package dev.runnel.planner.testing;

import dev.runnel.planner.session.Session;
import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.config.Configuration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.provider.Arguments;

/**
 * One embedded cluster with two slots for all tests of a class: started before the first test,
 * stopped after the last. Register it as a static field:
 * {@code @RegisterExtension static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();}
 */
public final class EmbeddedClusterExtension implements BeforeAllCallback, AfterAllCallback {
    private EmbeddedCluster cluster;

    /** The running cluster; only between the class's first and last test. */
    public EmbeddedCluster cluster() {
        if (cluster == null) {
            throw new IllegalStateException("The embedded cluster runs only while the test class runs");
        }
        return cluster;
    }

    /** A session on the cluster with the given default parallelism and state backend. */
    public Session session(int parallelism, String stateBackend) {
        return new Session(cluster(), new Configuration(Map.of("parallelism.default", String.valueOf(parallelism),
                "state.backend.type", stateBackend)));
    }

    /**
     * Parallelism 1 and 2 on both state backends, for stateful end-to-end tests:
     * {@code @MethodSource("dev.runnel.planner.testing.EmbeddedClusterExtension#parallelismAndBackends")}.
     */
    public static Stream<Arguments> parallelismAndBackends() {
        return Stream.of(1, 2).flatMap(p -> Stream.of("hashmap", "rocksdb").map(b -> Arguments.of(p, b)));
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        cluster = EmbeddedCluster.start(new Configuration(Map.of("taskmanager.numberOfTaskSlots", "2")));
    }

    @Override
    public void afterAll(ExtensionContext context) {
        EmbeddedCluster c = cluster;
        cluster = null;
        if (c != null) {
            c.close();
        }
    }
}
