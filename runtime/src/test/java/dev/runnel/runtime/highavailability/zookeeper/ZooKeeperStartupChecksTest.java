package dev.runnel.runtime.highavailability.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.highavailability.HighAvailabilityException;
import dev.runnel.runtime.highavailability.HighAvailabilityOptions;
import dev.runnel.runtime.highavailability.HighAvailabilityServices;
import dev.runnel.runtime.highavailability.HighAvailabilityServicesFactory;
import dev.runnel.runtime.highavailability.nonha.InMemoryHighAvailabilityServices;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.curator.test.TestingServer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad configuration is refused at start-up, with an error that names the option. */
class ZooKeeperStartupChecksTest {
    @TempDir
    Path storageDir;

    private static void failsNaming(ThrowingCallable start, String key) {
        assertThatThrownBy(start).isInstanceOfSatisfying(ConfigException.class, e -> {
            assertThat(e.key()).isEqualTo(key);
            assertThat(e.getMessage()).contains(key);
        });
    }

    private static Configuration zooKeeper(String quorum, Path storageDir) {
        return ZooKeeperHighAvailabilityServicesTest.configuration(quorum, storageDir);
    }

    @Test
    void withoutHighAvailabilityTheServicesAreInMemory() {
        try (HighAvailabilityServices services = HighAvailabilityServicesFactory.create(new Configuration())) {
            assertThat(services).isInstanceOf(InMemoryHighAvailabilityServices.class);
        }
    }

    @Test
    void malformedOptionsAreRefusedNamingTheirKey() {
        Configuration unknownType = new Configuration();
        unknownType.set(HighAvailabilityOptions.TYPE.key(), "zk");
        failsNaming(() -> HighAvailabilityServicesFactory.create(unknownType), HighAvailabilityOptions.TYPE.key());

        Configuration noQuorum = zooKeeper("127.0.0.1:1", storageDir);
        noQuorum.remove(HighAvailabilityOptions.ZOOKEEPER_QUORUM.key());
        failsNaming(() -> HighAvailabilityServicesFactory.create(noQuorum), HighAvailabilityOptions.ZOOKEEPER_QUORUM.key());

        Configuration noStorage = zooKeeper("127.0.0.1:1", storageDir);
        noStorage.remove(HighAvailabilityOptions.STORAGE_DIR.key());
        failsNaming(() -> HighAvailabilityServicesFactory.create(noStorage), HighAvailabilityOptions.STORAGE_DIR.key());

        Configuration badClusterId = zooKeeper("127.0.0.1:1", storageDir);
        badClusterId.set(HighAvailabilityOptions.CLUSTER_ID, "/a/b");
        failsNaming(() -> HighAvailabilityServicesFactory.create(badClusterId), HighAvailabilityOptions.CLUSTER_ID.key());

        Configuration badRoot = zooKeeper("127.0.0.1:1", storageDir);
        badRoot.set(HighAvailabilityOptions.ZOOKEEPER_ROOT, "/");
        failsNaming(() -> HighAvailabilityServicesFactory.create(badRoot), HighAvailabilityOptions.ZOOKEEPER_ROOT.key());

        Configuration zeroSession = zooKeeper("127.0.0.1:1", storageDir);
        zeroSession.set(HighAvailabilityOptions.SESSION_TIMEOUT, Duration.ZERO);
        failsNaming(() -> HighAvailabilityServicesFactory.create(zeroSession),
                HighAvailabilityOptions.SESSION_TIMEOUT.key());
    }

    @Test
    void anUnreachableQuorumIsAnErrorNamingIt() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        Configuration config = zooKeeper("127.0.0.1:" + closedPort, storageDir);
        config.set(HighAvailabilityOptions.CONNECTION_TIMEOUT, Duration.ofMillis(500));

        assertThatThrownBy(() -> HighAvailabilityServicesFactory.create(config))
                .isInstanceOf(HighAvailabilityException.class)
                .hasMessageContaining("127.0.0.1:" + closedPort)
                .hasMessageContaining(HighAvailabilityOptions.ZOOKEEPER_QUORUM.key())
                .hasMessageContaining(HighAvailabilityOptions.CONNECTION_TIMEOUT.key());
    }

    @Test
    void aStorageDirectoryThatCannotBeWrittenIsAnErrorNamingIt() throws Exception {
        Path file = Files.writeString(storageDir.resolve("a-file"), "not a directory");
        try (TestingServer server = new TestingServer()) {
            failsNaming(() -> HighAvailabilityServicesFactory.create(zooKeeper(server.getConnectString(), file)),
                    HighAvailabilityOptions.STORAGE_DIR.key());
        }
    }

    @Test
    void aSecondClusterUnderTheSameIdWithOtherStorageIsRefused() throws Exception {
        try (TestingServer server = new TestingServer();
             HighAvailabilityServices first = HighAvailabilityServicesFactory.create(
                     zooKeeper(server.getConnectString(), storageDir.resolve("one")));
             HighAvailabilityServices sameCluster = HighAvailabilityServicesFactory.create(
                     zooKeeper(server.getConnectString(), storageDir.resolve("one")))) {
            assertThat(sameCluster.jobGraphStore().jobIds()).isEmpty();

            failsNaming(() -> HighAvailabilityServicesFactory.create(zooKeeper(server.getConnectString(),
                    storageDir.resolve("two"))), HighAvailabilityOptions.CLUSTER_ID.key());

            Configuration otherCluster = zooKeeper(server.getConnectString(), storageDir.resolve("two"));
            otherCluster.set(HighAvailabilityOptions.CLUSTER_ID, "/other");
            HighAvailabilityServicesFactory.create(otherCluster).close();
        }
    }
}
