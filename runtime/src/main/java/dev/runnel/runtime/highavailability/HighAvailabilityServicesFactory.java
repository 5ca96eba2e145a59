package dev.runnel.runtime.highavailability;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.highavailability.nonha.InMemoryHighAvailabilityServices;
import dev.runnel.runtime.highavailability.zookeeper.ZooKeeperHighAvailabilityServices;

/** Makes the {@link HighAvailabilityServices} that {@code high-availability.type} names. */
public final class HighAvailabilityServicesFactory {
    private HighAvailabilityServicesFactory() {
    }

    /**
     * The services of a cluster started with {@code configuration}: in memory for {@code none},
     * connected to ZooKeeper (and checked: the quorum reachable, the storage directory writable and
     * the cluster's own) for {@code zookeeper}.
     *
     * @throws dev.runnel.runtime.config.ConfigException naming the key of an option that is missing or malformed
     * @throws HighAvailabilityException when ZooKeeper or the storage directory cannot be used
     */
    public static HighAvailabilityServices create(Configuration configuration) {
        return switch (configuration.get(HighAvailabilityOptions.TYPE)) {
            case NONE -> new InMemoryHighAvailabilityServices();
            case ZOOKEEPER -> ZooKeeperHighAvailabilityServices.start(configuration);
        };
    }
}
