package dev.runnel.runtime.rest;

import static dev.runnel.runtime.rest.RestServer.JSON;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.runnel.runtime.checkpoint.CheckpointOptions;
import dev.runnel.runtime.cluster.CheckpointStats;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.state.StateOptions;
import java.time.Duration;
import java.util.Locale;

/** {@code /jobs/:jobid/checkpoints} (statistics) and {@code /jobs/:jobid/checkpoints/config}. */
final class CheckpointHandlers {
    private final RestGateway gateway;

    CheckpointHandlers(RestGateway gateway) {
        this.gateway = gateway;
    }

    void register(RestRouter router) {
        router.get("/jobs/:jobid/checkpoints", request ->
                statistics(JobHandlers.job(gateway, request.jobId()).checkpoints()));
        router.get("/jobs/:jobid/checkpoints/config", request -> config(request));
    }

    /**
     * Flink's checkpointing statistics. Runnel keeps the counts and the latest completed, failed
     * and restored checkpoint, not a history or min/max/average summaries, so those fields are absent.
     */
    private static ObjectNode statistics(CheckpointStats stats) {
        ObjectNode node = JSON.createObjectNode();
        node.putObject("counts")
                .put("restored", stats.restores().count())
                .put("total", stats.completed() + stats.failed() + stats.inProgress())
                .put("in_progress", stats.inProgress())
                .put("completed", stats.completed())
                .put("failed", stats.failed());
        ObjectNode latest = node.putObject("latest");
        if (stats.latestCompletedId() >= 0) {
            long completedAt = JobHandlers.millis(stats.latestCompletionTime());
            long duration = stats.latestDuration() == null ? 0 : stats.latestDuration().toMillis();
            latest.putObject("completed")
                    .put("className", "completed")
                    .put("id", stats.latestCompletedId())
                    .put("status", "COMPLETED")
                    .put("trigger_timestamp", completedAt < 0 ? -1 : completedAt - duration)
                    .put("latest_ack_timestamp", completedAt)
                    .put("end_to_end_duration", duration)
                    .put("state_size", stats.latestStateSize())
                    .put("checkpointed_size", stats.latestCheckpointedSize())
                    .put("external_path", stats.latestPath())
                    .put("discarded", false);
        } else {
            latest.putNull("completed");
        }
        latest.putNull("savepoint");
        if (stats.failed() > 0) {
            latest.putObject("failed")
                    .put("className", "failed")
                    .put("status", "FAILED")
                    .put("failure_message", stats.latestFailure());
        } else {
            latest.putNull("failed");
        }
        CheckpointStats.Restores restores = stats.restores();
        if (restores.count() > 0) {
            latest.putObject("restored")
                    .put("id", restores.latestId())
                    .put("restore_timestamp", JobHandlers.millis(restores.latestTime()))
                    .put("is_savepoint", restores.latestSavepoint())
                    .put("external_path", restores.latestPath());
        } else {
            latest.putNull("restored");
        }
        return node;
    }

    /** Flink's checkpoint configuration of a job; an interval of Long.MAX_VALUE means periodic checkpoints are off. */
    private ObjectNode config(RestRequest request) {
        JobHandlers.job(gateway, request.jobId());
        Configuration config = gateway.jobConfiguration(request.jobId());
        Duration interval = config.get(CheckpointOptions.INTERVAL);
        String retention = config.get(CheckpointOptions.EXTERNALIZED_RETENTION).trim().toUpperCase(Locale.ROOT);
        String backend = config.get(StateOptions.STATE_BACKEND).trim().toLowerCase(Locale.ROOT);
        ObjectNode node = JSON.createObjectNode()
                .put("mode", config.get(CheckpointOptions.MODE).trim().toLowerCase(Locale.ROOT))
                .put("interval", interval.isZero() || interval.isNegative() ? Long.MAX_VALUE : interval.toMillis())
                .put("timeout", config.get(CheckpointOptions.TIMEOUT).toMillis())
                .put("min_pause", config.get(CheckpointOptions.MIN_PAUSE).toMillis())
                .put("max_concurrent", config.get(CheckpointOptions.MAX_CONCURRENT));
        node.putObject("externalization")
                .put("enabled", !retention.equals("NO_EXTERNALIZED_CHECKPOINTS"))
                .put("delete_on_cancellation", !retention.equals("RETAIN_ON_CANCELLATION"));
        return node.put("state_backend", backend.equals("hashmap") ? "HashMapStateBackend" : "EmbeddedRocksDBStateBackend")
                .put("checkpoint_storage", "FileSystemCheckpointStorage")
                .put("unaligned_checkpoints", false)
                .put("tolerable_failed_checkpoints", config.get(CheckpointOptions.TOLERABLE_FAILURES))
                .put("aligned_checkpoint_timeout", 0)
                .put("checkpoints_after_tasks_finish", true)
                .put("state_changelog_enabled", false)
                .put("changelog_periodic_materialization_interval", -1)
                .put("changelog_storage", "memory");
    }
}
