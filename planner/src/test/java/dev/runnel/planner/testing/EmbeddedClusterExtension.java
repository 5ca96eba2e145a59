package dev.runnel.planner.testing;

import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.config.Configuration;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

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
