package dev.runnel.runtime.cluster;

import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.MemorySize;
import dev.runnel.runtime.stream.RowBatch;
import java.time.Duration;
import java.util.List;

/**
 * The options the runtime reads: cluster options from the configuration a cluster starts
 * with, job options from {@link dev.runnel.runtime.jobgraph.JobGraph#configuration()}.
 * Keys follow Flink's where they mean the same thing.
 */
public final class RuntimeOptions {
    private RuntimeOptions() {
    }

    /** Cluster: slots each TaskManager offers. */
    public static final ConfigOption<Integer> NUMBER_OF_TASK_SLOTS = ConfigOption.of(
            "taskmanager.numberOfTaskSlots", Integer.class, 2,
            "The number of slots a TaskManager offers; with slot sharing a job needs as many slots as its largest parallelism.");

    /** Cluster: how long a job waits for slots that other jobs hold. */
    public static final ConfigOption<Duration> SLOT_REQUEST_TIMEOUT = ConfigOption.of(
            "slot.request.timeout", Duration.class, Duration.ofMinutes(5),
            "How long a job waits for busy slots to become free before it fails.");

    /** Job: the number of key groups, the upper bound of a keyed operator's parallelism. */
    public static final ConfigOption<Integer> MAX_PARALLELISM = ConfigOption.of(
            "pipeline.max-parallelism", Integer.class, 128,
            "The number of key groups that hash partitioning and keyed state split keys into.");

    /** Job: rows per batch exchanged between operators. */
    public static final ConfigOption<Integer> BATCH_SIZE = ConfigOption.of(
            "execution.batch-size", Integer.class, RowBatch.DEFAULT_CAPACITY,
            "The number of rows operators buffer into one batch before passing it on.");

    /**
     * Job: what a channel between two subtasks holds before the producer waits: batches in one
     * TaskManager, buffers of {@link #SEGMENT_SIZE} (exclusive to the channel) between two.
     */
    public static final ConfigOption<Integer> BUFFERS_PER_CHANNEL = ConfigOption.of(
            "taskmanager.network.memory.buffers-per-channel", Integer.class, 4,
            "The number of batches a channel between two subtasks of one TaskManager buffers before the producer "
                    + "blocks (backpressure); between two TaskManagers, the number of network buffers "
                    + "(taskmanager.memory.segment-size each) the channel has to itself.");

    /** Job: network buffers an input of a subtask lends to its channels from other TaskManagers that have a backlog. */
    public static final ConfigOption<Integer> FLOATING_BUFFERS_PER_GATE = ConfigOption.of(
            "taskmanager.network.memory.floating-buffers-per-gate", Integer.class, 8,
            "The number of network buffers an input of a subtask shares among its channels from other TaskManagers, "
                    + "lent to those whose producer has more to send.");

    /** Job: the size of a network buffer, the unit of credit between TaskManagers. */
    public static final ConfigOption<MemorySize> SEGMENT_SIZE = ConfigOption.of(
            "taskmanager.memory.segment-size", MemorySize.class, new MemorySize(32 << 10),
            "The size of a network buffer: rows cross between TaskManagers in frames of at most this many bytes, "
                    + "one credit each.");

    /** Job: whether partly filled batches to other subtasks leave on a timer ({@link #BUFFER_TIMEOUT_INTERVAL}). */
    public static final ConfigOption<Boolean> BUFFER_TIMEOUT_ENABLED = ConfigOption.of(
            "execution.buffer-timeout.enabled", Boolean.class, true,
            "If false, a batch to another subtask leaves only when full or ahead of a watermark, barrier or the end "
                    + "of input (the most throughput), and execution.buffer-timeout.interval does not apply.");

    /** Job: how long rows may wait in a partly filled batch to another subtask. */
    public static final ConfigOption<Duration> BUFFER_TIMEOUT_INTERVAL = ConfigOption.of(
            "execution.buffer-timeout.interval", Duration.class, Duration.ofMillis(100),
            "How often a task sends its partly filled batches to other subtasks; 0 sends them after every batch it "
                    + "processed (the least latency, the most CPU).");

    /** Job: rows a query's result buffer at the JobManager holds before the collect sink waits. */
    public static final ConfigOption<Integer> COLLECT_BUFFER_ROWS = ConfigOption.of(
            "collect-sink.buffer-rows", Integer.class, 10_000,
            "The number of result rows buffered for a client before the query's collect sink blocks.");

    /** Job: how often sources with a {@code WATERMARK} emit their watermark. */
    public static final ConfigOption<Duration> AUTO_WATERMARK_INTERVAL = ConfigOption.of(
            "pipeline.auto-watermark-interval", Duration.class, Duration.ofMillis(200),
            "How often sources of tables with a WATERMARK emit their current watermark (and check for idleness); "
                    + "0 emits watermarks only when a bounded source ends.");

    /** Job: how often sources emit latency markers; 0 (the default) emits none. */
    public static final ConfigOption<Duration> LATENCY_INTERVAL = ConfigOption.of(
            "metrics.latency.interval", Duration.class, Duration.ZERO,
            "How often each source subtask emits a latency marker, whose travel time to the sinks is recorded "
                    + "(the job's latency percentiles); 0 disables latency tracking.");

    public static List<ConfigOption<?>> all() {
        return List.of(NUMBER_OF_TASK_SLOTS, SLOT_REQUEST_TIMEOUT, MAX_PARALLELISM, BATCH_SIZE,
                BUFFERS_PER_CHANNEL, FLOATING_BUFFERS_PER_GATE, SEGMENT_SIZE, BUFFER_TIMEOUT_ENABLED, BUFFER_TIMEOUT_INTERVAL, COLLECT_BUFFER_ROWS, AUTO_WATERMARK_INTERVAL, LATENCY_INTERVAL);
    }
}
