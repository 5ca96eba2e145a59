package dev.runnel.runtime.highavailability;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.fs.FileLocation;
import java.time.Duration;
import java.util.List;

/** The cluster options of high availability: Flink's keys and defaults. */
public final class HighAvailabilityOptions {
    public static final ConfigOption<HighAvailabilityType> TYPE = ConfigOption.of("high-availability.type",
            HighAvailabilityType.class, HighAvailabilityType.NONE,
            "none: one JobManager that keeps its jobs in memory; zookeeper: JobManagers elect a leader through "
                    + "ZooKeeper and keep job graphs and checkpoint pointers in high-availability.storageDir.");

    public static final ConfigOption<String> ZOOKEEPER_QUORUM = ConfigOption.of("high-availability.zookeeper.quorum",
            String.class, null, "The ZooKeeper ensemble, as host:port pairs separated by commas; required with "
                    + "high-availability.type zookeeper.");

    public static final ConfigOption<String> STORAGE_DIR = ConfigOption.of("high-availability.storageDir",
            String.class, null, "Where the leading JobManager writes what a new leader needs (job graphs); "
                    + "ZooKeeper holds only pointers to it. Required with high-availability.type zookeeper.");

    public static final ConfigOption<String> CLUSTER_ID = ConfigOption.of("high-availability.cluster-id",
            String.class, "/default", "The cluster's name under the ZooKeeper root and the storage directory: "
                    + "clusters that share a ZooKeeper need distinct ids.");

    public static final ConfigOption<String> ZOOKEEPER_ROOT = ConfigOption.of("high-availability.zookeeper.path.root",
            String.class, "/runnel", "The ZooKeeper node under which every cluster keeps its data.");

    public static final ConfigOption<Duration> SESSION_TIMEOUT = ConfigOption.of(
            "high-availability.zookeeper.client.session-timeout", Duration.class, Duration.ofSeconds(3),
            "How long ZooKeeper keeps a silent client's session (and with it its leadership): the time a "
                    + "killed leader keeps it before a standby takes over. The servers bound it to 2 to 20 ticks "
                    + "(ZooKeeper's default tickTime of 2 s makes it at least 4 s). Flink's default is 60 s; "
                    + "Runnel's is short for failover in seconds, so a JobManager paused longer (a GC pause) steps down.");

    public static final ConfigOption<Duration> CONNECTION_TIMEOUT = ConfigOption.of(
            "high-availability.zookeeper.client.connection-timeout", Duration.class, Duration.ofSeconds(15),
            "How long a JobManager waits to connect to ZooKeeper at start-up before it gives up.");

    public static final ConfigOption<Duration> RETRY_WAIT = ConfigOption.of(
            "high-availability.zookeeper.client.retry-wait", Duration.class, Duration.ofSeconds(5),
            "The first pause before a failed ZooKeeper operation is retried; later pauses grow exponentially.");

    public static final ConfigOption<Integer> MAX_RETRY_ATTEMPTS = ConfigOption.of(
            "high-availability.zookeeper.client.max-retry-attempts", Integer.class, 3,
            "How often a failed ZooKeeper operation is retried before it fails.");

    public static final ConfigOption<Boolean> TOLERATE_SUSPENDED_CONNECTIONS = ConfigOption.of(
            "high-availability.zookeeper.client.tolerate-suspended-connections", Boolean.class, false,
            "If true, a leader keeps its leadership while its connection to ZooKeeper is suspended and gives it "
                    + "up only when its session is lost; if false (the default) it steps down at once.");

    private HighAvailabilityOptions() {
    }

    public static List<ConfigOption<?>> all() {
        return List.of(TYPE, ZOOKEEPER_QUORUM, STORAGE_DIR, CLUSTER_ID, ZOOKEEPER_ROOT, SESSION_TIMEOUT,
                CONNECTION_TIMEOUT, RETRY_WAIT, MAX_RETRY_ATTEMPTS, TOLERATE_SUSPENDED_CONNECTIONS);
    }

    /**
     * {@code high-availability.zookeeper.quorum}, which {@code high-availability.type: zookeeper} requires.
     *
     * @throws ConfigException naming the key when it is unset or blank
     */
    public static String quorum(Configuration configuration) {
        String quorum = configuration.get(ZOOKEEPER_QUORUM);
        if (quorum == null || quorum.isBlank()) {
            throw new ConfigException(ZOOKEEPER_QUORUM.key(), "Option '" + ZOOKEEPER_QUORUM.key() + "' is required "
                    + "with '" + TYPE.key() + "': zookeeper; name the ensemble, such as 'zk1:2181,zk2:2181,zk3:2181'");
        }
        return quorum.strip();
    }

    /**
     * {@code high-availability.storageDir}, which {@code high-availability.type: zookeeper} requires.
     *
     * @throws ConfigException naming the key when it is unset or names no usable location
     */
    public static FileLocation storageDir(Configuration configuration) {
        String dir = configuration.get(STORAGE_DIR);
        if (dir == null || dir.isBlank()) {
            throw new ConfigException(STORAGE_DIR.key(), "Option '" + STORAGE_DIR.key() + "' is required with '"
                    + TYPE.key() + "': zookeeper; name a directory every JobManager can reach, such as "
                    + "'file:///shared/runnel/ha'");
        }
        return FileLocation.ofOption(STORAGE_DIR.key(), dir);
    }

    /**
     * {@code high-availability.cluster-id} as one path segment without slashes ({@code /default}
     * is {@code default}).
     *
     * @throws ConfigException naming the key when it is empty or holds a slash inside
     */
    public static String clusterId(Configuration configuration) {
        return segments(configuration, CLUSTER_ID, false);
    }

    /**
     * {@code high-availability.zookeeper.path.root} without its leading and trailing slashes
     * ({@code /runnel} is {@code runnel}; it may have several segments).
     *
     * @throws ConfigException naming the key when it is empty or has empty segments
     */
    public static String zooKeeperRoot(Configuration configuration) {
        return segments(configuration, ZOOKEEPER_ROOT, true);
    }

    private static String segments(Configuration configuration, ConfigOption<String> option, boolean several) {
        String raw = configuration.get(option);
        String value = raw == null ? "" : raw.strip();
        while (value.startsWith("/")) {
            value = value.substring(1);
        }
        while (value.endsWith("/")) {
            value = value.substring(0, value.length() - 1);
        }
        boolean bad = value.isEmpty() || value.contains("//") || (!several && value.contains("/"))
                || value.chars().anyMatch(c -> c < 0x20) || List.of(value.split("/")).stream()
                        .anyMatch(s -> s.equals(".") || s.equals("..") || s.equals("zookeeper"));
        if (bad) {
            throw ConfigException.invalidValue(option.key(), "Invalid value '" + raw + "' for option '" + option.key()
                    + "': expected " + (several ? "a ZooKeeper path such as '/runnel'" : "a name such as '/default'")
                    + " (no empty, '.', '..' or 'zookeeper' segments" + (several ? "" : ", no '/' inside") + ")");
        }
        return value;
    }

    /**
     * {@code option} in milliseconds, as ZooKeeper takes durations.
     *
     * @throws ConfigException naming the key unless it is positive and fits an {@code int}
     */
    public static int positiveMillis(Configuration configuration, ConfigOption<Duration> option) {
        Duration d = configuration.get(option);
        if (d.isZero() || d.isNegative() || d.toMillis() > Integer.MAX_VALUE) {
            throw ConfigException.invalidValue(option.key(), "Option '" + option.key() + "' must be positive (and "
                    + "under 24 days), was " + d.toMillis() + " ms");
        }
        return (int) d.toMillis();
    }
}
