package dev.runnel.runtime.scheduler;

import dev.runnel.runtime.config.ConfigOption;
import java.time.Duration;
import java.util.List;

/** How jobs get their slots and parallelism: Flink's {@code scheduler-mode} and adaptive-scheduler keys. */
public final class SchedulerOptions {
    private SchedulerOptions() {
    }

    /** How a job's parallelism is chosen. */
    public enum SchedulerMode {
        /** The parallelism the job was planned with; the job waits for that many slots. */
        DEFAULT,
        /** The parallelism follows the slots of the cluster: it grows when TaskManagers join and shrinks when they are lost. */
        REACTIVE
    }

    /** Cluster or job: {@code reactive} makes jobs follow the slots the cluster has. */
    public static final ConfigOption<SchedulerMode> SCHEDULER_MODE = ConfigOption.of(
            "scheduler-mode", SchedulerMode.class, SchedulerMode.DEFAULT,
            "'reactive' runs jobs at the parallelism the free slots allow (up to pipeline.max-parallelism), "
                    + "rescaling them from a checkpoint when TaskManagers join or are lost; 'default' keeps the "
                    + "planned parallelism.");

    /** Cluster or job: how long a reactive job waits for more slots to stop arriving before it scales up. */
    public static final ConfigOption<Duration> RESOURCE_STABILIZATION_TIMEOUT = ConfigOption.of(
            "jobmanager.adaptive-scheduler.resource-stabilization-timeout", Duration.class, Duration.ofSeconds(10),
            "How long a reactive job waits after the slots of the cluster last grew before it rescales to use them, "
                    + "so that TaskManagers starting together cause one rescale.");

    public static List<ConfigOption<?>> all() {
        return List.of(SCHEDULER_MODE, RESOURCE_STABILIZATION_TIMEOUT);
    }
}
