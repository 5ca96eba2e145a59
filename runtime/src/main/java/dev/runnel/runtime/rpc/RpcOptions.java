package dev.runnel.runtime.rpc;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Where a session cluster's JobManager takes calls: Flink's keys. */
public final class RpcOptions {
    public static final ConfigOption<String> JOBMANAGER_BIND_HOST = ConfigOption.of("jobmanager.bind-host",
            String.class, "127.0.0.1", "The address the JobManager's RPC and REST ports bind to.");
    public static final ConfigOption<Integer> JOBMANAGER_RPC_PORT = ConfigOption.of("jobmanager.rpc.port",
            Integer.class, 6123, "The port the JobManager takes calls on (0: any free port).");

    /** Where TaskManagers and clients find the JobManager when no address is given. */
    public static final ConfigOption<String> JOBMANAGER_RPC_ADDRESS = ConfigOption.of("jobmanager.rpc.address",
            String.class, "localhost", "The host of the JobManager that TaskManagers register with.");

    public static final ConfigOption<String> TASKMANAGER_BIND_HOST = ConfigOption.of("taskmanager.bind-host",
            String.class, "127.0.0.1", "The address a TaskManager's data port binds to.");
    public static final ConfigOption<String> TASKMANAGER_HOST = ConfigOption.of("taskmanager.host", String.class, null,
            "The host other TaskManagers reach this one's data port at (default: taskmanager.bind-host, or this "
                    + "machine's name when that is a wildcard).");
    public static final ConfigOption<String> TASKMANAGER_RESOURCE_ID = ConfigOption.of("taskmanager.resource-id",
            String.class, null, "The name a TaskManager registers under (default: tm-<pid>-<host>); a JobManager "
                    + "that starts TaskManager processes names them, so that it knows which registration is which.");
    public static final ConfigOption<Integer> TASKMANAGER_DATA_PORT = ConfigOption.of("taskmanager.data.port",
            Integer.class, 0, "The port a TaskManager sends its subtasks' output to other TaskManagers on (0: any).");

    public static final ConfigOption<Duration> HEARTBEAT_INTERVAL = ConfigOption.of("heartbeat.interval",
            Duration.class, Duration.ofSeconds(10), "How often the JobManager and each TaskManager tell the other "
                    + "they are alive.");
    public static final ConfigOption<Duration> HEARTBEAT_TIMEOUT = ConfigOption.of("heartbeat.timeout",
            Duration.class, Duration.ofSeconds(50), "How long a JobManager or TaskManager may be silent before the "
                    + "other counts it as lost (a broken connection counts at once).");

    /**
     * Runnel's: a file whose content every connection to the JobManager must present. Required
     * to bind a non-loopback address; where it is set, clients read it too.
     */
    public static final ConfigOption<String> CLUSTER_SECRET_FILE = ConfigOption.of("security.cluster-secret.file",
            String.class, null, "A file holding the secret every connection to the cluster proves; required to bind "
                    + "anything but a loopback address.");

    private RpcOptions() {
    }

    public static List<ConfigOption<?>> all() {
        return List.of(JOBMANAGER_RPC_ADDRESS, JOBMANAGER_BIND_HOST, JOBMANAGER_RPC_PORT, TASKMANAGER_BIND_HOST,
                TASKMANAGER_HOST, TASKMANAGER_RESOURCE_ID, TASKMANAGER_DATA_PORT, HEARTBEAT_INTERVAL, HEARTBEAT_TIMEOUT, CLUSTER_SECRET_FILE);
    }

    /**
     * {@code heartbeat.timeout}, checked against {@code heartbeat.interval}.
     *
     * @throws ConfigException naming the key when the timeout is not longer than the interval
     */
    public static Duration heartbeatTimeout(Configuration configuration) {
        Duration interval = configuration.get(HEARTBEAT_INTERVAL);
        Duration timeout = configuration.get(HEARTBEAT_TIMEOUT);
        if (interval.isZero() || interval.isNegative()) {
            throw ConfigException.invalidValue(HEARTBEAT_INTERVAL.key(), "Option '" + HEARTBEAT_INTERVAL.key()
                    + "' must be positive, was " + interval);
        }
        if (timeout.compareTo(interval) <= 0) {
            throw ConfigException.invalidValue(HEARTBEAT_TIMEOUT.key(), "Option '" + HEARTBEAT_TIMEOUT.key() + "' ("
                    + timeout.toMillis() + " ms) must be longer than '" + HEARTBEAT_INTERVAL.key() + "' ("
                    + interval.toMillis() + " ms)");
        }
        return timeout;
    }

    /**
     * The cluster secret {@code configuration} names, if any: the file's content without
     * surrounding white space.
     *
     * @throws ConfigException naming the key when the file cannot be read or is empty
     */
    public static Optional<String> clusterSecret(Configuration configuration) {
        String file = configuration.get(CLUSTER_SECRET_FILE);
        if (file == null || file.isBlank()) {
            return Optional.empty();
        }
        try {
            String secret = Files.readString(Path.of(file), StandardCharsets.UTF_8).strip();
            if (secret.isEmpty()) {
                throw ConfigException.invalidValue(CLUSTER_SECRET_FILE.key(), "The cluster secret file " + file
                        + " (" + CLUSTER_SECRET_FILE.key() + ") is empty");
            }
            return Optional.of(secret);
        } catch (IOException e) {
            throw ConfigException.invalidValue(CLUSTER_SECRET_FILE.key(), "Cannot read the cluster secret file " + file
                    + " (" + CLUSTER_SECRET_FILE.key() + "): " + e.getMessage());
        }
    }
}
