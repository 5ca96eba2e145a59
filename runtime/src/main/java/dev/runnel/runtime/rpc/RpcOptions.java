package dev.runnel.runtime.rpc;

import dev.runnel.runtime.config.ConfigOption;
import java.util.List;

/** Where a session cluster's JobManager takes calls: Flink's keys. */
public final class RpcOptions {
    public static final ConfigOption<String> JOBMANAGER_BIND_HOST = ConfigOption.of("jobmanager.bind-host",
            String.class, "127.0.0.1", "The address the JobManager's RPC and REST ports bind to.");
    public static final ConfigOption<Integer> JOBMANAGER_RPC_PORT = ConfigOption.of("jobmanager.rpc.port",
            Integer.class, 6123, "The port the JobManager takes calls on (0: any free port).");

    private RpcOptions() {
    }

    public static List<ConfigOption<?>> all() {
        return List.of(JOBMANAGER_BIND_HOST, JOBMANAGER_RPC_PORT);
    }
}
