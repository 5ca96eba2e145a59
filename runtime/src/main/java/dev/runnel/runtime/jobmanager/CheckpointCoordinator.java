package dev.runnel.runtime.jobmanager;

import dev.runnel.runtime.checkpoint.CheckpointLocation;
import dev.runnel.runtime.checkpoint.CheckpointMetadata;
import dev.runnel.runtime.checkpoint.CheckpointOptions;
import dev.runnel.runtime.checkpoint.OperatorIds;
import dev.runnel.runtime.checkpoint.OperatorSubtaskState;
import dev.runnel.runtime.checkpoint.SharedStateRegistry;
import dev.runnel.runtime.checkpoint.StopMode;
import dev.runnel.runtime.checkpoint.TaskStateSnapshot;
import dev.runnel.runtime.cluster.CheckpointStats;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.cluster.RuntimeOptions;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.fs.FileLocation;
import dev.runnel.runtime.fs.FileSystems;
import dev.runnel.runtime.highavailability.CheckpointIdCounter;
import dev.runnel.runtime.highavailability.CompletedCheckpoint;
import dev.runnel.runtime.highavailability.CompletedCheckpointStore;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.stream.CheckpointBarrier;
import dev.runnel.runtime.task.ExecutionAttemptId;
import dev.runnel.runtime.task.ExecutionState;
import dev.runnel.runtime.taskmanager.TaskExecutorGateway;
import java.io.IOException;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes a job's checkpoints and savepoints: triggers them periodically
 * ({@code execution.checkpointing.interval}, honouring the timeout, max-concurrent, min-pause
 * and tolerable failures) or on request, collects the subtasks' acknowledgements, writes the
 * {@code _metadata} once all arrived (the checkpoint is then complete), adds it to the job's
 * {@link CompletedCheckpointStore}, tells the tasks, and deletes the checkpoints the store drops
 * beyond {@code state.checkpoints.num-retained}. Ids come from the job's
 * {@link CheckpointIdCounter}. Intermediate savepoints neither notify tasks nor serve recovery
 * (as in Flink); stop-with-savepoint does both.
 *
 * <p>JobManager main thread only.
 */
final class CheckpointCoordinator {
    private static final Logger LOG = LoggerFactory.getLogger(CheckpointCoordinator.class);

    /** What the coordinator needs of its job. */
    interface JobContext {
        /** The current attempts, or {@code null} before the job was scheduled. */
        ExecutionGraph executionGraph();

        boolean isRunning();

        /** The TaskManagers that run the current attempts. */
        List<TaskExecutorGateway> taskManagers();

        /** Checkpoints failed more often in a row than tolerated: the job fails over. */
        void checkpointFailuresExceeded(String cause);

        /**
         * Snapshots the job's split enumerators for checkpoint {@code checkpointId}, by source
         * vertex id; called right before the checkpoint's triggers are sent, on the main thread.
         */
        Map<Integer, byte[]> snapshotCoordinators(long checkpointId) throws Exception;
    }

    private final JobId jobId;
    private final JobGraph jobGraph;
    private final ScheduledExecutorService mainThread;
    private final Clock clock;
    private final SharedStateRegistry registry;
    private final JobContext job;
    private final Duration interval;
    private final Duration timeout;
    private final Duration minPause;
    private final int maxConcurrent;
    private final int tolerableFailures;
    private final boolean incremental;
    private final URI jobDirectory;
    private final URI defaultSavepointDirectory;
    private final CheckpointMetadata initialState;
    private final Map<Long, PendingCheckpoint> pending = new LinkedHashMap<>();
    private final CompletedCheckpointStore completed;
    private final CheckpointIdCounter ids;
    /** The metadata of the retained checkpoints this coordinator completed, so that a restart need not read it. */
    private final Map<Long, CheckpointMetadata> completedMetadata = new HashMap<>();
    private final CheckpointStatsTracker stats = new CheckpointStatsTracker();
    private ScheduledFuture<?> periodic;
    private Instant lastCompletion;
    private int consecutiveFailures;
    private boolean stopped;

    /**
     * @param initialState the savepoint or checkpoint the job started from, or {@code null}
     * @param completed the job's completed checkpoints, retaining {@code state.checkpoints.num-retained}
     * @param ids the job's checkpoint ids; moved past {@code initialState}'s
     */
    CheckpointCoordinator(JobId jobId, JobGraph jobGraph, ScheduledExecutorService mainThread, Clock clock,
                          SharedStateRegistry registry, CheckpointMetadata initialState,
                          CompletedCheckpointStore completed, CheckpointIdCounter ids, JobContext job) {
        Configuration config = jobGraph.configuration();
        this.jobId = jobId;
        this.jobGraph = jobGraph;
        this.mainThread = mainThread;
        this.clock = clock;
        this.registry = registry;
        this.job = job;
        this.initialState = initialState;
        this.interval = config.get(CheckpointOptions.INTERVAL);
        this.timeout = config.get(CheckpointOptions.TIMEOUT);
        this.minPause = config.get(CheckpointOptions.MIN_PAUSE);
        this.maxConcurrent = Math.max(1, config.get(CheckpointOptions.MAX_CONCURRENT));
        this.tolerableFailures = config.get(CheckpointOptions.TOLERABLE_FAILURES);
        this.incremental = config.get(CheckpointOptions.INCREMENTAL);
        this.jobDirectory = jobDirectory(config, jobId);
        this.defaultSavepointDirectory = FileLocation.ofOption(CheckpointOptions.SAVEPOINTS_DIR.key(),
                config.get(CheckpointOptions.SAVEPOINTS_DIR)).directoryUri();
        this.completed = completed;
        this.ids = ids;
        if (initialState != null) {
            ids.setCount(initialState.checkpointId() + 1);
        }
    }

    /** Where the checkpoints of job {@code jobId} go: {@code <state.checkpoints.dir>/<job-id>/}. */
    static URI jobDirectory(Configuration config, JobId jobId) {
        return FileLocation.ofOption(CheckpointOptions.CHECKPOINTS_DIR.key(), config.get(CheckpointOptions.CHECKPOINTS_DIR))
                .directoryUri().resolve(jobId + "/");
    }

    /** A checkpoint's directory as Flink prints it ({@code file:/…/chk-3}), for results and statistics. */
    private static String display(CheckpointLocation location) {
        return display(location.directory());
    }

    private static String display(URI directory) {
        return FileLocation.of(directory).toString();
    }

    /** Starts periodic checkpoints, if the job has an interval. */
    void start() {
        if (!interval.isZero() && !interval.isNegative()) {
            periodic = mainThread.scheduleWithFixedDelay(this::triggerPeriodic, interval.toMillis(),
                    interval.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    CheckpointStats stats() {
        return stats.snapshot(pending.size());
    }

    void countRestart() {
        stats.restarted();
    }

    /**
     * What a deployment restores: the latest completed checkpoint, else the state the job started
     * from; counted in the statistics when there is one.
     */
    CheckpointMetadata latestForRecovery() {
        Optional<CompletedCheckpoint> latest = completed.latest();
        if (latest.isPresent()) {
            CompletedCheckpoint checkpoint = latest.get();
            stats.restored(checkpoint.checkpointId(), clock.instant(), false, display(checkpoint.directory()));
            CheckpointMetadata metadata = completedMetadata.get(checkpoint.checkpointId());
            // One this coordinator did not complete (a former leader's) is read from its _metadata.
            return metadata != null ? metadata : CheckpointMetadata.read(checkpoint.metadataFile().toString());
        }
        if (initialState != null) {
            stats.restored(initialState.checkpointId(), clock.instant(), initialState.savepoint(),
                    CheckpointMetadata.directoryOf(jobGraph.configuration().get(CheckpointOptions.SAVEPOINT_PATH)).toString());
        }
        return initialState;
    }

    private void triggerPeriodic() {
        if (stopped || pending.size() >= maxConcurrent) {
            return;
        }
        if (lastCompletion != null && Duration.between(lastCompletion, clock.instant()).compareTo(minPause) < 0) {
            return;
        }
        String why = whyNotTriggerable();
        if (why != null) {
            LOG.debug("Checkpoint of job {} skipped: {}", jobId, why);
            return;
        }
        triggerCheckpoint(ids.getAndIncrement());
    }

    private PendingCheckpoint triggerCheckpoint(long id) {
        return trigger(id, new CheckpointLocation(jobDirectory.resolve("chk-" + id + "/"), jobDirectory.resolve("shared/"),
                incremental), StopMode.NONE);
    }

    /**
     * Takes a checkpoint now, whatever the interval (one a rescale restores); completes with its
     * id once it completed, or fails with why it could not be taken or completed.
     */
    CompletableFuture<Long> triggerCheckpoint() {
        String why = stopped ? "the job is not running" : whyNotTriggerable();
        if (why != null) {
            return CompletableFuture.failedFuture(new IllegalStateException(
                    "Cannot take a checkpoint of job " + jobId + ": " + why));
        }
        long id = ids.getAndIncrement();
        return triggerCheckpoint(id).result().thenApply(path -> id);
    }

    /**
     * Takes a savepoint into {@code targetDirectory} ({@code null}: {@code state.savepoints.dir});
     * completes with its directory as Flink prints it ({@code file:/…/savepoint-…}).
     */
    CompletableFuture<String> triggerSavepoint(String targetDirectory, StopMode stop) {
        String why = stopped ? "the job is not running" : whyNotTriggerable();
        if (why != null) {
            return CompletableFuture.failedFuture(new IllegalStateException(
                    "Cannot take a savepoint of job " + jobId + ": " + why));
        }
        URI base;
        try {
            base = targetDirectory == null || targetDirectory.isBlank() ? defaultSavepointDirectory
                    : FileLocation.parse(targetDirectory, "the savepoint directory").directoryUri();
        } catch (IllegalArgumentException e) {
            return CompletableFuture.failedFuture(e);
        }
        String name = "savepoint-" + jobId.value().substring(0, 6) + "-"
                + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        return trigger(ids.getAndIncrement(), new CheckpointLocation(base.resolve(name + "/"), null, false), stop)
                .result();
    }

    /** Why a checkpoint cannot start now, or {@code null} when it can. */
    private String whyNotTriggerable() {
        ExecutionGraph graph = job.executionGraph();
        if (!job.isRunning() || graph == null) {
            return "the job is not running";
        }
        for (ExecutionVertex v : graph.vertices()) {
            if (v.state() != ExecutionState.RUNNING && v.state() != ExecutionState.FINISHED) {
                return "subtask " + v + " is not running";
            }
        }
        if (graph.allInState(ExecutionState.FINISHED)) {
            return "every subtask finished";
        }
        return null;
    }

    private PendingCheckpoint trigger(long id, CheckpointLocation location, StopMode stop) {
        ExecutionGraph graph = job.executionGraph();
        List<ExecutionVertex> running = new ArrayList<>();
        List<ExecutionVertex> finished = new ArrayList<>();
        for (ExecutionVertex v : graph.vertices()) {
            (v.state() == ExecutionState.FINISHED ? finished : running).add(v);
        }
        Instant now = clock.instant();
        PendingCheckpoint checkpoint = new PendingCheckpoint(id, now, location, stop, running, finished);
        pending.put(id, checkpoint);
        checkpoint.setTimeout(mainThread.schedule(() -> abort(id, "it did not complete within "
                + timeout.toMillis() + " ms (execution.checkpointing.timeout)", true), timeout.toMillis(), TimeUnit.MILLISECONDS));
        try {
            // Before the triggers, on this thread: a split assigned after this snapshot is sent
            // after the trigger, so it is in neither the enumerator's nor the reader's part.
            checkpoint.setCoordinatorStates(job.snapshotCoordinators(id));
        } catch (Exception e) {
            abort(id, "a split enumerator could not snapshot its state: " + e.getMessage(), true);
            return checkpoint;
        }
        CheckpointBarrier barrier = new CheckpointBarrier(id, now.toEpochMilli(), location);
        for (ExecutionVertex v : running) {
            boolean producersFinished = graph.producersOf(v).stream().allMatch(p -> p.state() == ExecutionState.FINISHED);
            if (producersFinished) {
                v.slot().taskManager().triggerCheckpoint(v.attemptId(), barrier, stop);
            }
        }
        LOG.debug("Triggered {} {} of job {}", location.isSavepoint() ? "savepoint" : "checkpoint", id, jobId);
        return checkpoint;
    }

    void acknowledge(ExecutionAttemptId attempt, long checkpointId, TaskStateSnapshot state) {
        PendingCheckpoint checkpoint = pending.get(checkpointId);
        if (checkpoint == null) {
            // Aborted before this subtask's upload ended (acknowledgements of a completed
            // checkpoint all arrived before it completed): what it uploaded serves nobody.
            if (state != null) {
                registry.discardUnregistered(PendingCheckpoint.sharedStateFiles(List.of(state)));
            }
            return;
        }
        if (checkpoint.acknowledge(attempt, state) && checkpoint.isComplete()) {
            complete(checkpoint);
        }
    }

    void decline(ExecutionAttemptId attempt, long checkpointId, String reason) {
        PendingCheckpoint checkpoint = pending.get(checkpointId);
        if (checkpoint != null && checkpoint.isAwaiting(attempt)) {
            // Declined because a newer checkpoint (a savepoint) overtook it: not a failure of checkpointing.
            boolean subsumed = pending.keySet().stream().anyMatch(id -> id > checkpointId);
            abort(checkpointId, "a task declined it: " + reason, !subsumed);
        }
    }

    /** A subtask finished: it will not acknowledge the checkpoints it did not reach. */
    void subtaskFinished(ExecutionAttemptId attempt) {
        for (PendingCheckpoint checkpoint : List.copyOf(pending.values())) {
            if (checkpoint.finished(attempt) && checkpoint.isComplete()) {
                if (checkpoint.hasAcknowledgements()) {
                    complete(checkpoint);
                } else {
                    dropUnreached(checkpoint);
                }
            }
        }
    }

    /** The job fails over or ends: every pending checkpoint is aborted (not counted as a checkpoint failure). */
    void abortPending(String reason) {
        for (Long id : List.copyOf(pending.keySet())) {
            abort(id, reason, false);
        }
    }

    /**
     * Every subtask finished before the checkpoint reached it: it holds no state, so it is
     * dropped rather than completed (a restore from it would have nothing to run) and, as the
     * job simply ended, not counted as a failed checkpoint.
     */
    private void dropUnreached(PendingCheckpoint checkpoint) {
        pending.remove(checkpoint.id());
        checkpoint.cancelTimeout();
        deleteQuietly(checkpoint.location().directory());
        LOG.debug("Checkpoint {} of job {} was dropped: every subtask finished before it", checkpoint.id(), jobId);
        checkpoint.result().completeExceptionally(new IllegalStateException((checkpoint.isSavepoint()
                ? "Savepoint " : "Checkpoint ") + checkpoint.id() + " of job " + jobId
                + " was not taken: every subtask finished before it reached them"));
    }

    private void abort(long id, String reason, boolean countsAsFailure) {
        PendingCheckpoint checkpoint = pending.remove(id);
        if (checkpoint == null) {
            return;
        }
        checkpoint.cancelTimeout();
        String what = (checkpoint.isSavepoint() ? "Savepoint " : "Checkpoint ") + id + " of job " + jobId;
        LOG.info("{} was aborted: {}", what, reason);
        stats.failed(reason);
        deleteQuietly(checkpoint.location().directory());
        // The shared files it uploaded that no completed checkpoint uses would stay until the
        // job's directory is deleted.
        registry.discardUnregistered(checkpoint.sharedStateFiles());
        for (TaskExecutorGateway tm : job.taskManagers()) {
            tm.notifyCheckpointAborted(jobId, id);
        }
        checkpoint.result().completeExceptionally(new IllegalStateException(what + " was aborted: " + reason));
        if (countsAsFailure && !checkpoint.isSavepoint() && ++consecutiveFailures > tolerableFailures) {
            consecutiveFailures = 0;
            job.checkpointFailuresExceeded("Exceeded checkpoint tolerable failure threshold ("
                    + tolerableFailures + "): checkpoint " + id + " failed because " + reason);
        }
    }

    private void complete(PendingCheckpoint checkpoint) {
        pending.remove(checkpoint.id());
        checkpoint.cancelTimeout();
        CheckpointMetadata metadata = metadata(checkpoint);
        try {
            metadata.write(checkpoint.location());
        } catch (IOException | RuntimeException e) {
            pending.put(checkpoint.id(), checkpoint);
            abort(checkpoint.id(), "its metadata could not be written: " + e.getMessage(), true);
            return;
        }
        List<CompletedCheckpoint> dropped = List.of();
        if (!checkpoint.isSavepoint()) {
            // First, so that a checkpoint the store did not take is aborted before anything
            // (statistics, shared files, tasks) counts it as completed.
            try {
                dropped = completed.add(new CompletedCheckpoint(jobId, checkpoint.id(),
                        checkpoint.triggered().toEpochMilli(), checkpoint.location().metadataFile()));
            } catch (RuntimeException e) {
                pending.put(checkpoint.id(), checkpoint);
                abort(checkpoint.id(), "it could not be added to the completed checkpoint store: " + e.getMessage(),
                        true);
                return;
            }
        }
        consecutiveFailures = 0;
        Instant now = clock.instant();
        lastCompletion = now;
        stats.completed(checkpoint.id(), Duration.between(checkpoint.triggered(), now), metadata.stateSize(),
                metadata.checkpointedSize(), now, display(checkpoint.location()));
        boolean intermediateSavepoint = checkpoint.isSavepoint() && checkpoint.stopMode() == StopMode.NONE;
        if (!checkpoint.isSavepoint()) {
            registry.register(checkpoint.id(), metadata.sharedStateFiles());
            completedMetadata.put(checkpoint.id(), metadata);
            dropped.forEach(this::discard);
        }
        // Older pending checkpoints can never be restored from now: this one subsumes them.
        for (Long older : List.copyOf(pending.keySet())) {
            if (older < checkpoint.id() && !pending.get(older).isSavepoint()) {
                abort(older, "checkpoint " + checkpoint.id() + " completed first", false);
            }
        }
        if (!intermediateSavepoint) {
            for (TaskExecutorGateway tm : job.taskManagers()) {
                tm.notifyCheckpointComplete(jobId, checkpoint.id());
            }
        }
        LOG.info("Completed {} {} of job {} ({} bytes) in {}", checkpoint.isSavepoint() ? "savepoint" : "checkpoint",
                checkpoint.id(), jobId, metadata.stateSize(), checkpoint.location().directory());
        checkpoint.result().complete(display(checkpoint.location()));
    }

    private CheckpointMetadata metadata(PendingCheckpoint checkpoint) {
        int maxParallelism = jobGraph.configuration().get(RuntimeOptions.MAX_PARALLELISM);
        Map<String, CheckpointMetadata.OperatorState> operators = new LinkedHashMap<>();
        // The graph the checkpoint's subtasks ran: after a rescale its parallelisms are not the submitted ones.
        for (JobVertex vertex : job.executionGraph().jobGraph().vertices()) {
            for (OperatorIds.OperatorRef ref : OperatorIds.of(vertex)) {
                List<OperatorSubtaskState> subtasks = new ArrayList<>();
                for (int s = 0; s < vertex.parallelism(); s++) {
                    TaskStateSnapshot state = checkpoint.state(vertex.id(), s);
                    OperatorSubtaskState operator = state == null ? OperatorSubtaskState.FINISHED : state.get(ref.id());
                    subtasks.add(operator == null ? OperatorSubtaskState.EMPTY : operator);
                }
                byte[] coordinator = ref.id().equals(OperatorIds.source(vertex.id()))
                        ? checkpoint.coordinatorState(vertex.id()) : null;
                operators.put(ref.id(), new CheckpointMetadata.OperatorState(ref.name(), vertex.parallelism(),
                        maxParallelism, ref.descriptor(), subtasks, coordinator));
            }
        }
        return new CheckpointMetadata(jobId.value(), checkpoint.id(), checkpoint.triggered().toEpochMilli(),
                checkpoint.isSavepoint(), operators);
    }

    private void discard(CompletedCheckpoint checkpoint) {
        completedMetadata.remove(checkpoint.checkpointId());
        deleteQuietly(checkpoint.directory());
        registry.release(checkpoint.checkpointId());
    }

    /**
     * The job ended (globally) with {@code finalStatus}: no more checkpoints; pending ones are
     * aborted. What it completed stays in the store until {@link #shutdownStores}, which the
     * JobManager calls once the job's end is recorded.
     */
    void stop(JobStatus finalStatus) {
        if (stopped) {
            return;
        }
        stopped = true;
        if (periodic != null) {
            periodic.cancel(false);
        }
        abortPending("the job ended " + finalStatus);
        completedMetadata.clear();
    }

    /**
     * This JobManager lost its leadership: no more checkpoints, and the pending ones are dropped
     * without a word to the tasks (which belong to the next leader now). The completed ones stay
     * in the store for that leader.
     */
    void suspend() {
        if (stopped) {
            return;
        }
        stopped = true;
        if (periodic != null) {
            periodic.cancel(false);
        }
        for (PendingCheckpoint checkpoint : List.copyOf(pending.values())) {
            checkpoint.cancelTimeout();
            checkpoint.result().completeExceptionally(new IllegalStateException((checkpoint.isSavepoint()
                    ? "Savepoint " : "Checkpoint ") + checkpoint.id() + " of job " + jobId
                    + " was dropped: the JobManager lost its leadership"));
        }
        pending.clear();
        completedMetadata.clear();
        completed.shutdown(JobStatus.SUSPENDED);
        ids.shutdown(JobStatus.SUSPENDED);
    }

    /**
     * The job ended globally with {@code finalStatus}: its checkpoint pointers and id counter
     * go, and its checkpoint files are kept or deleted as
     * {@code execution.checkpointing.externalized-checkpoint-retention} of {@code config} says:
     * RETAIN_ON_CANCELLATION keeps them, DELETE_ON_CANCELLATION keeps them only when the job
     * failed, and NO_EXTERNALIZED_CHECKPOINTS deletes them. Any thread; blocks on the stores.
     *
     * @throws dev.runnel.runtime.highavailability.HighAvailabilityException when a store cannot be reached
     */
    static void shutdownStores(Configuration config, JobId jobId, CompletedCheckpointStore completed,
                               CheckpointIdCounter ids, JobStatus finalStatus) {
        String retention = config.get(CheckpointOptions.EXTERNALIZED_RETENTION).trim().toUpperCase(Locale.ROOT);
        boolean keep = switch (retention) {
            case "RETAIN_ON_CANCELLATION" -> true;
            case "DELETE_ON_CANCELLATION" -> finalStatus == JobStatus.FAILED;
            default -> false;
        };
        completed.shutdown(finalStatus);
        ids.shutdown(finalStatus);
        if (!keep) {
            deleteQuietly(jobDirectory(config, jobId));
        }
    }

    private static void deleteQuietly(URI directory) {
        try {
            FileSystems.forUri(directory).delete(directory);
        } catch (IOException | RuntimeException e) {
            LOG.warn("Could not delete {}", directory, e);
        }
    }
}
