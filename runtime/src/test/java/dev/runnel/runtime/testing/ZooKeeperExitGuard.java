package dev.runnel.runtime.testing;

import org.apache.zookeeper.util.ServiceUtils;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Keeps the ZooKeeper servers that tests run in their own JVM (curator-test's {@code TestingServer}
 * and {@code TestingCluster}) from ending that JVM: a ZooKeeper server that gives up (a quorum port
 * it cannot bind again after a restart, say) calls {@code System.exit} by default, which kills the
 * test fork with every test in it ("The forked VM terminated without properly saying goodbye").
 * Logged instead, the test that depends on that server fails on its own assertions.
 *
 * <p>Registered for every test of the modules that enable JUnit's extension autodetection
 * ({@code junit-platform.properties}) through {@code META-INF/services}.
 */
public final class ZooKeeperExitGuard implements BeforeAllCallback {
    static {
        ServiceUtils.setSystemExitProcedure(ServiceUtils.LOG_ONLY);
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        // the static initializer did the work, once per JVM
    }
}
