package dev.runnel.runtime.jobmanager;

import dev.runnel.runtime.checkpoint.CheckpointMetadata;
import dev.runnel.runtime.checkpoint.CheckpointOptions;
import dev.runnel.runtime.checkpoint.OperatorIds;
import dev.runnel.runtime.checkpoint.RestartStrategy;
import dev.runnel.runtime.checkpoint.SharedStateRegistry;
import dev.runnel.runtime.checkpoint.StateAssignment;
import dev.runnel.runtime.checkpoint.StopMode;
import dev.runnel.runtime.checkpoint.TaskStateSnapshot;
import dev.runnel.runtime.cluster.JobExecutionException;
import dev.runnel.runtime.cluster.JobFailure;
import dev.runnel.runtime.cluster.JobHistory;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.cluster.ResultChunk;
import dev.runnel.runtime.cluster.RuntimeOptions;
import dev.runnel.runtime.cluster.VertexInfo;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.highavailability.CheckpointIdCounter;
import dev.runnel.runtime.highavailability.CompletedCheckpointStore;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.metrics.TaskTimes;
import dev.runnel.runtime.scheduler.AllocatedSlot;
import dev.runnel.runtime.scheduler.SlotPool;
import dev.runnel.runtime.scheduler.SlotSharing;
import dev.runnel.runtime.source.SourceEvent;
import dev.runnel.runtime.task.ExecutionAttemptId;
import dev.runnel.runtime.task.ExecutionState;
import dev.runnel.runtime.task.TaskCounters;
import dev.runnel.runtime.task.TaskDeploymentDescriptor;
import dev.runnel.runtime.task.TaskExecutionState;
import dev.runnel.runtime.taskmanager.TaskExecutorGateway;
import dev.runnel.runtime.taskmanager.TaskManagerId;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one job: requests its slots, deploys its subtasks, follows their state and derives the
 * job's. The job is CREATED while it waits for slots, RUNNING once they are allocated, and ends
 * FINISHED when every subtask finished; a cancel makes it CANCELLING and then CANCELED.
 *
 * <p>A failing subtask makes the job RESTARTING when its {@link RestartStrategy} allows: every
 * subtask is cancelled, and once all ended the job waits the strategy's delay, requests slots
 * again and deploys new attempts that restore the latest completed checkpoint (or the
 * savepoint the job started from). Otherwise it becomes FAILING (the others are cancelled) and
 * then FAILED with the first cause. Its {@link CheckpointCoordinator} takes the checkpoints; a
 * {@link SourceCoordinator} per source with a split enumerator assigns that source's splits,
 * made anew for every attempt from the state it restores.
 *
 * <p>A job that a former leader ran (recovered from the high-availability stores) deploys its
 * first attempt from the latest checkpoint in its {@link CompletedCheckpointStore}. When the
 * JobManager loses its leadership the job is {@linkplain #suspend suspended}: SUSPENDED here,
 * it goes on under the next leader.
 *
 * <p>JobManager main thread only; {@code mainThread} is the fenced view of it
 * ({@link FencedExecutor}), so that nothing queued runs once the leadership is lost.
 */
final class JobMaster implements CheckpointCoordinator.JobContext {
    private static final Logger LOG = LoggerFactory.getLogger(JobMaster.class);

    /** Told when the job ended globally. */
    interface EndListener {
        /**
         * Called on the main thread once the job reached {@code status} (FINISHED, CANCELED or
         * FAILED); completes once the end is recorded where a next leader looks, which the job's
         * termination waits for.
         */
        CompletableFuture<Void> jobEnded(JobStatus status, Instant endTime);
    }

    private final JobId jobId;
    /** The graph as submitted: what every rescale starts from. */
    private final JobGraph plannedGraph;
    /** The graph the current attempt runs: {@link #plannedGraph} at the parallelism of the latest rescale. */
    private JobGraph jobGraph;
    private final JobRescaling scaling;
    /** The parallelism the job ran at before the attempt being deployed rescaled it; 0 when it did not. */
    private int rescaledFrom;
    /** A checkpoint to rescale from is being taken. */
    private boolean rescaleCheckpointPending;
    /** The subtasks are being cancelled so that the job resumes at another parallelism. */
    private boolean stoppingForRescale;
    /** Waits for the slots that were added to settle before growing (resource-stabilization-timeout). */
    private ScheduledFuture<?> growTimer;
    /** The slot request of the attempt being deployed; an answer to an earlier one is ignored. */
    private CompletableFuture<List<AllocatedSlot>> slotRequest;
    private final SlotPool slotPool;
    /** What the job waits for while its slot request is pending (JobInfo#waitingFor); written on the main thread. */
    private volatile String waitingFor;
    private final ScheduledExecutorService mainThread;
    private final Clock clock;
    private final Instant startTime;
    private final ResultBuffer results;
    private final CompletableFuture<JobInfo> termination = new CompletableFuture<>();
    private final SharedStateRegistry sharedStateRegistry;
    private final CompletedCheckpointStore completedCheckpoints;
    private final CheckpointIdCounter checkpointIds;
    private final EndListener endListener;
    /** Told on the main thread each time the job runs at a new parallelism. */
    private final Runnable rescaleListener;
    private final Map<TaskManagerId, TaskExecutorGateway> usedTaskManagers = new LinkedHashMap<>();
    /** The split enumerators of the current attempt, by source vertex id. */
    private final Map<Integer, SourceCoordinator> sourceCoordinators = new LinkedHashMap<>();
    private ExecutionGraph executionGraph;
    private CheckpointCoordinator checkpoints;
    private RestartStrategy restartStrategy;
    private JobStatus status = JobStatus.CREATED;
    private Instant endTime;
    private String failureCause;
    private boolean restartScheduled;
    private ScheduledFuture<?> restartTimer;
    /** When the job last entered each status: Flink's job timestamps. */
    private final EnumMap<JobStatus, Instant> statusTimes = new EnumMap<>(JobStatus.class);
    /** The latest failures, newest first: Flink's exception history. */
    private final ArrayDeque<JobFailure> failures = new ArrayDeque<>();
    private int restarts;

    /**
     * @param completedCheckpoints the job's completed checkpoints, holding a former leader's when the job is recovered
     * @param checkpointIds the job's checkpoint ids, continuing a former leader's
     * @param scaling the parallelism the job is to run at, and for a reactive job its share of the slots
     * @param rescaleListener told each time the job runs at a new parallelism (to store it for a next leader)
     */
    JobMaster(JobId jobId, JobGraph jobGraph, SlotPool slotPool, ScheduledExecutorService mainThread, Clock clock,
              SharedStateRegistry sharedStateRegistry, CompletedCheckpointStore completedCheckpoints,
              CheckpointIdCounter checkpointIds, JobRescaling scaling, EndListener endListener,
              Runnable rescaleListener) {
        this.plannedGraph = jobGraph;
        this.scaling = scaling;
        this.completedCheckpoints = completedCheckpoints;
        this.checkpointIds = checkpointIds;
        this.endListener = endListener;
        this.rescaleListener = rescaleListener;
        this.jobId = jobId;
        this.jobGraph = jobGraph;
        this.slotPool = slotPool;
        this.mainThread = mainThread;
        this.clock = clock;
        this.sharedStateRegistry = sharedStateRegistry;
        this.startTime = clock.instant();
        statusTimes.put(JobStatus.CREATED, startTime);
        this.results = new ResultBuffer(jobGraph.configuration().get(RuntimeOptions.COLLECT_BUFFER_ROWS));
    }

    JobId jobId() {
        return jobId;
    }

    /**
     * The graph to keep for a next leader: as submitted (or recovered), with the parallelism asked
     * for and the rescales so far ({@link JobRescaling#stored}).
     */
    JobGraph storedGraph() {
        return scaling.stored(plannedGraph);
    }

    JobStatus status() {
        return status;
    }

    CompletableFuture<JobInfo> termination() {
        return termination;
    }

    /**
     * Builds the execution graph, maps the savepoint it starts from (if any) and requests
     * slots; a graph that cannot run or a savepoint that does not fit fails the job.
     */
    void start() {
        CheckpointMetadata initialState;
        try {
            jobGraph = graphAt(scaling.target());
            executionGraph = new ExecutionGraph(jobId, jobGraph);
            restartStrategy = RestartStrategy.from(jobGraph.configuration(), clock, new Random());
            String savepoint = jobGraph.configuration().get(CheckpointOptions.SAVEPOINT_PATH);
            // A job a former leader checkpointed restores its latest checkpoint, not the savepoint it started from.
            boolean recovering = completedCheckpoints.latest().isPresent();
            initialState = savepoint.isBlank() || recovering ? null : CheckpointMetadata.read(savepoint);
            // Checked now, so that a savepoint that does not fit fails the job before it runs.
            restoreAssignment(initialState);
            // So does a checkpoint or savepoint directory that names no usable location.
            checkpoints = new CheckpointCoordinator(jobId, jobGraph, mainThread, clock, sharedStateRegistry,
                    initialState, completedCheckpoints, checkpointIds, this);
        } catch (RuntimeException e) {
            failBeforeDeployment(e.getMessage());
            return;
        }
        executionGraph.vertices().forEach(v -> v.transitionTo(ExecutionState.SCHEDULED));
        requestSlotsAndDeploy();
    }

    private Map<Integer, List<TaskStateSnapshot>> restoreAssignment(CheckpointMetadata state) {
        if (state == null) {
            return Map.of();
        }
        return StateAssignment.assign(state, jobGraph, jobGraph.configuration().get(RuntimeOptions.MAX_PARALLELISM),
                jobGraph.configuration().get(CheckpointOptions.IGNORE_UNCLAIMED_STATE));
    }

    /** The submitted graph at {@code parallelism} (only the vertices that follow the job's change). */
    private JobGraph graphAt(int parallelism) {
        return !plannedGraph.isRescalable() || parallelism == plannedGraph.parallelism() ? plannedGraph
                : plannedGraph.withParallelism(parallelism);
    }

    private void requestSlotsAndDeploy() {
        int needed = jobGraph.maxParallelism();
        CompletableFuture<List<AllocatedSlot>> slots = slotPool.requestSlots(jobId, jobGraph.name(), needed);
        slotRequest = slots;
        if (!slots.isDone()) {
            waitingFor = slotPool.waitText(needed);
        }
        slots.whenCompleteAsync((granted, error) -> {
            if (slots == slotRequest) {
                slotsAllocated(granted, error);
            }
        }, mainThread);
    }

    private void slotsAllocated(List<AllocatedSlot> slots, Throwable error) {
        waitingFor = null;
        if (status != JobStatus.CREATED && status != JobStatus.RESTARTING) {
            // Cancelled while waiting: the pool already withdrew the request, but slots that
            // were granted in the meantime must go back.
            if (slots != null) {
                slotPool.releaseSlots(jobId);
            }
            return;
        }
        if (error != null) {
            Throwable cause = unwrap(error);
            if (cause instanceof CancellationException) {
                return;
            }
            if (status == JobStatus.RESTARTING) {
                restartFailed(cause.getMessage());
            } else {
                failBeforeDeployment(cause.getMessage());
            }
            return;
        }
        Map<Integer, List<TaskStateSnapshot>> restore;
        CheckpointMetadata latest;
        try {
            latest = checkpoints.latestForRecovery();
            restore = restoreAssignment(latest);
        } catch (RuntimeException e) {
            slotPool.releaseSlots(jobId);
            failBeforeDeployment(e.getMessage());
            return;
        }
        boolean firstStart = status == JobStatus.CREATED;
        setStatus(JobStatus.RUNNING);
        if (rescaledFrom > 0) {
            scaling.rescaled(clock.instant(), rescaledFrom, jobGraph.parallelism(), latest == null ? -1 : latest.checkpointId());
            LOG.info("Job '{}' ({}) runs at parallelism {} (was {}): {}", jobGraph.name(), jobId, jobGraph.parallelism(),
                    rescaledFrom, scaling.reason());
            rescaledFrom = 0;
            rescaleListener.run();
        }
        try {
            startSourceCoordinators(latest);
        } catch (RuntimeException e) {
            failOver(new JobFailure("Could not start the split enumerator of a source: " + rootMessage(e),
                    e.getClass().getName(), null, clock.instant(), null, null));
            endOrRestartIfAllTerminal();
            return;
        }
        for (ExecutionVertex vertex : executionGraph.vertices()) {
            AllocatedSlot slot = SlotSharing.slotFor(slots, vertex.subtaskIndex());
            List<TaskStateSnapshot> states = restore.get(vertex.jobVertex().id());
            deploy(vertex, slot, states == null ? null : states.get(vertex.subtaskIndex()), slots);
        }
        if (firstStart) {
            checkpoints.start();
        }
        // The target moved while the slots were being had.
        rescaleIfNeeded();
    }

    /** Starts the split enumerators of this attempt, each from its part of {@code restored} (or afresh). */
    private void startSourceCoordinators(CheckpointMetadata restored) {
        for (JobVertex vertex : jobGraph.vertices()) {
            if (!vertex.isSource()) {
                continue;
            }
            SourceCoordinator coordinator = SourceCoordinator.start(vertex, executionGraph, mainThread,
                    coordinatorState(restored, vertex), cause -> enumeratorFailed(vertex, cause));
            if (coordinator != null) {
                sourceCoordinators.put(vertex.id(), coordinator);
            }
        }
    }

    /** The enumerator's state in {@code restored} when it was written for this very source. */
    private static byte[] coordinatorState(CheckpointMetadata restored, JobVertex vertex) {
        if (restored == null) {
            return null;
        }
        CheckpointMetadata.OperatorState state = restored.operators().get(OperatorIds.source(vertex.id()));
        boolean same = state != null && state.descriptor().equals(OperatorIds.of(vertex).get(0).descriptor());
        return same ? state.coordinatorState() : null;
    }

    private void enumeratorFailed(JobVertex vertex, Throwable cause) {
        if (status != JobStatus.RUNNING) {
            return;
        }
        StringWriter trace = new StringWriter();
        cause.printStackTrace(new PrintWriter(trace));
        failOver(new JobFailure(rootMessage(cause), cause.getClass().getName(), trace.toString(), clock.instant(),
                vertex.name() + " (split enumerator)", null));
        endOrRestartIfAllTerminal();
    }

    private void closeSourceCoordinators() {
        sourceCoordinators.values().forEach(SourceCoordinator::close);
        sourceCoordinators.clear();
    }

    /** A source subtask's event for its split enumerator. */
    void sourceEvent(ExecutionAttemptId attempt, SourceEvent event) {
        SourceCoordinator coordinator = sourceCoordinators.get(attempt.vertexId());
        if (coordinator != null) {
            coordinator.handle(attempt, event);
        }
    }

    @Override
    public Map<Integer, byte[]> snapshotCoordinators(long checkpointId) throws Exception {
        Map<Integer, byte[]> states = new LinkedHashMap<>();
        for (var entry : sourceCoordinators.entrySet()) {
            states.put(entry.getKey(), entry.getValue().snapshot(checkpointId));
        }
        return states;
    }

    private void deploy(ExecutionVertex vertex, AllocatedSlot slot, TaskStateSnapshot restoreState,
                        List<AllocatedSlot> jobSlots) {
        vertex.assign(slot);
        usedTaskManagers.putIfAbsent(slot.id().taskManagerId(), slot.taskManager());
        vertex.transitionTo(ExecutionState.DEPLOYING);
        // slot sharing: subtask i of every vertex runs in the job's slot i; another
        // TaskManager's is reached by its address
        TaskDeploymentDescriptor tdd = executionGraph.deploymentFor(vertex, slot.id().index(), restoreState, other -> {
            AllocatedSlot otherSlot = SlotSharing.slotFor(jobSlots, other);
            return otherSlot.id().taskManagerId().equals(slot.id().taskManagerId()) ? null
                    : otherSlot.taskManager().dataAddress();
        });
        slot.taskManager().submitTask(tdd).whenCompleteAsync((ok, error) -> {
            if (error != null) {
                onTaskState(new TaskExecutionState(vertex.attemptId(), ExecutionState.FAILED,
                        "Could not deploy " + tdd.taskName() + " to " + slot.id() + ": " + error.getMessage(),
                        TaskCounters.ZERO));
            }
        }, mainThread);
    }

    void onTaskState(TaskExecutionState update) {
        ExecutionVertex vertex = executionGraph == null ? null : executionGraph.vertex(update.attemptId());
        if (vertex == null || !vertex.transitionTo(update.state())) {
            return;
        }
        vertex.updateCounters(update.counters());
        if (update.state() == ExecutionState.FINISHED && checkpoints != null) {
            checkpoints.subtaskFinished(update.attemptId());
        }
        // A failure while the job is already failing, restarting or being cancelled changes
        // nothing: the first cause is the one the user needs.
        if (update.state() == ExecutionState.FAILED && status == JobStatus.RUNNING) {
            failOver(failure(vertex, update));
        }
        endOrRestartIfAllTerminal();
    }

    /** What {@code update}, a FAILED subtask's report, says for the job's exception history. */
    private JobFailure failure(ExecutionVertex vertex, TaskExecutionState update) {
        String cause = update.failureCause() == null ? "Subtask " + vertex.attemptId() + " failed" : update.failureCause();
        String taskName = vertex.jobVertex().name() + " (" + (vertex.subtaskIndex() + 1) + "/"
                + vertex.jobVertex().parallelism() + ")";
        String location = vertex.slot() == null ? null : vertex.slot().id().taskManagerId().toString();
        return new JobFailure(cause, update.exceptionName(), update.stackTrace(), clock.instant(), taskName, location);
    }

    /** A subtask failed (or checkpoints failed too often): restart if the strategy allows, else fail. */
    private void failOver(JobFailure failure) {
        String cause = failure.message();
        failures.addFirst(failure);
        if (failures.size() > JobHistory.MAX_FAILURES) {
            failures.removeLast();
        }
        if (checkpoints != null) {
            checkpoints.abortPending("a task failed: " + cause);
        }
        closeSourceCoordinators();
        if (restartStrategy != null) {
            restartStrategy.failed();
        }
        if (restartStrategy != null && restartStrategy.canRestart()) {
            setStatus(JobStatus.RESTARTING);
            failureCause = cause;
            LOG.info("Job '{}' ({}) is restarting after: {}", jobGraph.name(), jobId, cause);
        } else {
            failureCause = restarts == 0 ? cause : cause + "; " + restartStrategy.gaveUp();
            setStatus(JobStatus.FAILING);
            LOG.info("Job '{}' ({}) is failing: {}", jobGraph.name(), jobId, failureCause);
        }
        cancelTasks();
    }

    private void setStatus(JobStatus next) {
        status = next;
        statusTimes.put(next, clock.instant());
    }

    private void endOrRestartIfAllTerminal() {
        if (!executionGraph.allTerminal()) {
            return;
        }
        if (status == JobStatus.RESTARTING && stoppingForRescale) {
            // Stopped to rescale: at once, and not a restart after a failure.
            stoppingForRescale = false;
            releaseAttempt();
            nextAttempt();
            requestSlotsAndDeploy();
            return;
        }
        if (status == JobStatus.RESTARTING) {
            scheduleRestart();
            return;
        }
        end(switch (status) {
            case FAILING -> JobStatus.FAILED;
            case CANCELLING -> JobStatus.CANCELED;
            default -> executionGraph.allInState(ExecutionState.FINISHED) ? JobStatus.FINISHED : JobStatus.CANCELED;
        });
    }

    /** Every subtask of the failed attempt ended: free its channels and slots, and deploy again after the delay. */
    private void scheduleRestart() {
        if (restartScheduled) {
            return;
        }
        restartScheduled = true;
        releaseAttempt();
        Duration delay = restartStrategy.nextRestart();
        restarts++;
        checkpoints.countRestart();
        restartTimer = mainThread.schedule(() -> {
            restartScheduled = false;
            if (status != JobStatus.RESTARTING) {
                return;
            }
            nextAttempt();
            requestSlotsAndDeploy();
        }, delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Every subtask of an attempt ended: its channels on the TaskManagers and its slots are freed. */
    private void releaseAttempt() {
        int oldGeneration = executionGraph.generation();
        for (TaskExecutorGateway tm : usedTaskManagers.values()) {
            tm.releaseChannels(jobId, oldGeneration + 1);
        }
        slotPool.releaseSlots(jobId);
    }

    /** Replaces the ended attempt's subtasks with the next attempt's, at the parallelism the job is to run at now. */
    private void nextAttempt() {
        if (!switchToTarget()) {
            executionGraph.restart();
        }
        executionGraph.vertices().forEach(v -> v.transitionTo(ExecutionState.SCHEDULED));
    }

    /** Makes the next attempt run at the target parallelism; returns whether that is another one. */
    private boolean switchToTarget() {
        int target = scaling.target();
        if (!plannedGraph.isRescalable() || target == jobGraph.parallelism()) {
            return false;
        }
        if (rescaledFrom == 0) {
            rescaledFrom = jobGraph.parallelism();
        }
        jobGraph = graphAt(target);
        executionGraph = executionGraph.rescaled(jobGraph);
        return true;
    }

    /** The slots for a restart could not be had: try again while the strategy allows, else fail. */
    private void restartFailed(String cause) {
        LOG.info("Job '{}' ({}) could not restart: {}", jobGraph.name(), jobId, cause);
        executionGraph.vertices().forEach(v -> v.transitionTo(ExecutionState.FAILED));
        if (restartStrategy.canRestart()) {
            scheduleRestart();
        } else {
            end(JobStatus.FAILED);
        }
    }

    @Override
    public void checkpointFailuresExceeded(String cause) {
        if (status == JobStatus.RUNNING) {
            failOver(new JobFailure(cause, null, null, clock.instant(), null, null));
            endOrRestartIfAllTerminal();
        }
    }

    /** A TaskManager is gone: its subtasks failed with it. */
    void taskManagerLost(TaskManagerId taskManager, String cause) {
        if (executionGraph == null || status.isLocallyTerminal()) {
            return;
        }
        usedTaskManagers.remove(taskManager);
        for (ExecutionVertex vertex : List.copyOf(executionGraph.vertices())) {
            if (vertex.slot() != null && vertex.slot().id().taskManagerId().equals(taskManager)
                    && !vertex.state().isTerminal()) {
                onTaskState(new TaskExecutionState(vertex.attemptId(), ExecutionState.FAILED, cause, vertex.counters()));
            }
        }
    }

    void acknowledgeCheckpoint(ExecutionAttemptId attempt, long checkpointId, TaskStateSnapshot state) {
        if (checkpoints != null && executionGraph.vertex(attempt) != null) {
            checkpoints.acknowledge(attempt, checkpointId, state);
        }
    }

    void declineCheckpoint(ExecutionAttemptId attempt, long checkpointId, String reason) {
        if (checkpoints != null && executionGraph.vertex(attempt) != null) {
            checkpoints.decline(attempt, checkpointId, reason);
        }
    }

    /** See {@link dev.runnel.runtime.cluster.ClusterClient#triggerSavepoint}. */
    CompletableFuture<String> triggerSavepoint(String targetDirectory, StopMode stop) {
        if (checkpoints == null || status != JobStatus.RUNNING) {
            return CompletableFuture.failedFuture(new IllegalStateException("Cannot take a savepoint of job "
                    + jobId + ": it is " + status));
        }
        CompletableFuture<String> savepoint = checkpoints.triggerSavepoint(targetDirectory, stop);
        if (stop == StopMode.NONE) {
            return savepoint;
        }
        // As in Flink, a savepoint that fails stops nothing: the sources read on. A drain has
        // ended the sources' input at the barrier already, so that job ends all the same.
        String outcome = stop == StopMode.DRAIN ? "failed: " : "failed, the job was not stopped: ";
        return savepoint.exceptionallyCompose(failure -> CompletableFuture.failedFuture(new IllegalStateException(
                "Stop-with-savepoint of job " + jobId + " " + outcome + rootMessage(failure), failure))).thenCompose(path -> termination.thenApply(end -> {
                    if (end.status() != JobStatus.FINISHED) {
                        throw new IllegalStateException("Job " + jobId + " took savepoint " + path + " but then ended "
                                + end.status() + (end.failureCause() == null ? "" : ": " + end.failureCause()));
                    }
                    return path;
                }));
    }

    // ---- rescaling

    /**
     * {@code ALTER JOB … SET ('parallelism' = …)}: from now on the job runs at {@code parallelism}
     * (a reactive one at most at it); see {@link dev.runnel.runtime.cluster.ClusterClient#rescaleJob}.
     *
     * @throws IllegalStateException when the job has ended or has nothing to rescale, or a job
     *                               that is not reactive would need more slots than the cluster has
     * @throws IllegalArgumentException for a parallelism outside 1 … {@code pipeline.max-parallelism}
     */
    void rescale(int parallelism) {
        if (status.isLocallyTerminal() || status == JobStatus.CANCELLING || status == JobStatus.FAILING) {
            throw new IllegalStateException("Cannot rescale job " + jobId + ": it is " + status);
        }
        if (!plannedGraph.isRescalable()) {
            throw new IllegalStateException("Cannot rescale job " + jobId + ": none of its vertices runs at the job's "
                    + "parallelism (parallelism.default); each has a parallelism of its own");
        }
        if (parallelism < 1 || parallelism > scaling.maxParallelism()) {
            throw new IllegalArgumentException("'parallelism' must be between 1 and pipeline.max-parallelism ("
                    + scaling.maxParallelism() + "), was " + parallelism);
        }
        int needed = graphAt(parallelism).maxParallelism();
        if (!scaling.reactive() && needed > slotPool.totalSlots()) {
            throw new IllegalStateException("Cannot rescale job " + jobId + " to parallelism " + parallelism + ": it would "
                    + "need " + needed + " slots and the cluster has " + slotPool.totalSlots()
                    + "; start more TaskManagers first");
        }
        scaling.request(parallelism, "ALTER JOB: parallelism " + parallelism);
        rescaleIfNeeded();
    }

    /** Whether the job's parallelism follows the slots of the cluster. */
    boolean isReactive() {
        return scaling.reactive() && !status.isLocallyTerminal();
    }

    /** The largest parallelism a reactive job would use. */
    int reactiveUpperBound() {
        return scaling.upperBound();
    }

    /** The slots the job holds or waits for with its current graph. */
    int slotsNeeded() {
        return status.isLocallyTerminal() ? 0 : jobGraph == null ? plannedGraph.maxParallelism() : jobGraph.maxParallelism();
    }

    /**
     * A reactive job's share of the slots is now {@code slots}, because of {@code reason}. Less
     * than it runs at: it rescales at once. More: once no more slots were added for
     * {@code resource-stabilization-timeout}, so that TaskManagers starting together cause one rescale.
     */
    void allot(int slots, String reason) {
        if (!scaling.reactive() || status.isLocallyTerminal() || !scaling.allot(slots, reason)) {
            return;
        }
        cancelGrowTimer();
        if (jobGraph != null && scaling.target() > jobGraph.parallelism() && status == JobStatus.RUNNING) {
            growTimer = mainThread.schedule(this::rescaleIfNeeded, scaling.stabilizationTimeout().toMillis(),
                    TimeUnit.MILLISECONDS);
        } else {
            rescaleIfNeeded();
        }
    }

    private void cancelGrowTimer() {
        if (growTimer != null) {
            growTimer.cancel(false);
            growTimer = null;
        }
    }

    /**
     * Moves the job towards its target parallelism. Running: it takes a checkpoint, then cancels
     * its subtasks and deploys the next attempt at the target from that checkpoint (retrying a
     * second later when the checkpoint cannot be had). Waiting for slots: it asks for the
     * target's instead. Restarting after a failure: the restart deploys at the target anyway.
     */
    private void rescaleIfNeeded() {
        if (jobGraph == null || !plannedGraph.isRescalable() || scaling.target() == jobGraph.parallelism()) {
            return;
        }
        if ((status == JobStatus.CREATED || status == JobStatus.RESTARTING) && slotRequest != null
                && !slotRequest.isDone()) {
            slotPool.cancelRequest(jobId);
            switchToTarget();
            executionGraph.vertices().forEach(v -> v.transitionTo(ExecutionState.SCHEDULED));
            requestSlotsAndDeploy();
            return;
        }
        if (status != JobStatus.RUNNING || rescaleCheckpointPending) {
            return;
        }
        rescaleCheckpointPending = true;
        checkpoints.triggerCheckpoint().whenCompleteAsync((checkpointId, error) -> {
            rescaleCheckpointPending = false;
            if (status != JobStatus.RUNNING || scaling.target() == jobGraph.parallelism()) {
                return;
            }
            if (error != null) {
                LOG.info("Job '{}' ({}) could not take the checkpoint to rescale from, trying again in 1 s: {}",
                        jobGraph.name(), jobId, rootMessage(error));
                mainThread.schedule(this::rescaleIfNeeded, 1, TimeUnit.SECONDS);
                return;
            }
            LOG.info("Job '{}' ({}) rescales from parallelism {} to {} from checkpoint {}: {}", jobGraph.name(), jobId,
                    jobGraph.parallelism(), scaling.target(), checkpointId, scaling.reason());
            stoppingForRescale = true;
            setStatus(JobStatus.RESTARTING);
            checkpoints.abortPending("the job rescales");
            closeSourceCoordinators();
            cancelTasks();
            endOrRestartIfAllTerminal();
        }, mainThread);
    }

    private static Throwable unwrap(Throwable failure) {
        return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    }

    private static String rootMessage(Throwable failure) {
        Throwable cause = unwrap(failure);
        return cause.getMessage() == null ? cause.toString() : cause.getMessage();
    }

    /** Test hook: makes subtask {@code subtaskIndex} of the vertex named {@code vertexName} fail. */
    boolean failTask(String vertexName, int subtaskIndex, RuntimeException failure) {
        if (executionGraph == null) {
            return false;
        }
        for (ExecutionVertex v : executionGraph.vertices()) {
            if (v.jobVertex().name().equals(vertexName) && v.subtaskIndex() == subtaskIndex
                    && v.state() == ExecutionState.RUNNING) {
                v.slot().taskManager().failTask(v.attemptId(), failure);
                return true;
            }
        }
        return false;
    }

    void cancel() {
        if (status.isLocallyTerminal() || status == JobStatus.CANCELLING || status == JobStatus.FAILING) {
            return;
        }
        if (status == JobStatus.CREATED || (status == JobStatus.RESTARTING && executionGraph.allTerminal())) {
            slotPool.cancelRequest(jobId);
            if (restartTimer != null) {
                restartTimer.cancel(false);
            }
            if (executionGraph != null) {
                executionGraph.vertices().forEach(v -> v.transitionTo(ExecutionState.CANCELED));
            }
            end(JobStatus.CANCELED);
            return;
        }
        if (status == JobStatus.RESTARTING) {
            // A restart may be waiting for slots.
            slotPool.cancelRequest(jobId);
        }
        setStatus(JobStatus.CANCELLING);
        closeSourceCoordinators();
        cancelTasks();
        if (executionGraph.allTerminal()) {
            end(JobStatus.CANCELED);
        }
    }

    private void cancelTasks() {
        for (ExecutionVertex vertex : executionGraph.vertices()) {
            ExecutionState state = vertex.state();
            if (state == ExecutionState.DEPLOYING || state == ExecutionState.RUNNING) {
                vertex.transitionTo(ExecutionState.CANCELING);
                vertex.slot().taskManager().cancelTask(vertex.attemptId());
            } else if (state == ExecutionState.CREATED || state == ExecutionState.SCHEDULED) {
                vertex.transitionTo(ExecutionState.CANCELED);
            }
        }
    }

    private void failBeforeDeployment(String cause) {
        failureCause = cause;
        failures.addFirst(new JobFailure(cause, null, null, clock.instant(), null, null));
        if (executionGraph != null) {
            executionGraph.vertices().forEach(v -> v.transitionTo(ExecutionState.FAILED));
        }
        end(JobStatus.FAILED);
    }

    private void end(JobStatus finalStatus) {
        closeSourceCoordinators();
        cancelGrowTimer();
        setStatus(finalStatus);
        endTime = statusTimes.get(finalStatus);
        if (checkpoints != null) {
            checkpoints.stop(finalStatus);
        }
        for (TaskExecutorGateway tm : usedTaskManagers.values()) {
            tm.releaseJob(jobId);
        }
        slotPool.releaseSlots(jobId);
        if (finalStatus == JobStatus.FAILED) {
            results.clear();
        }
        results.close();
        LOG.info("Job '{}' ({}) {}", jobGraph.name(), jobId, finalStatus);
        JobInfo info = info(Map.of());
        endListener.jobEnded(finalStatus, endTime).whenCompleteAsync((ok, error) -> termination.complete(info),
                mainThread);
    }

    /** Why a client waiting for a suspended job gets no answer from this JobManager. */
    static String lostLeadership(JobId jobId) {
        return "JobManager lost leadership; job " + jobId + " continues under the new leader";
    }

    /**
     * This JobManager lost its leadership: the job becomes SUSPENDED at once, without a word to
     * its TaskManagers (the caller cuts them off; the next leader redeploys the job). No more
     * checkpoints, deployments or restarts; the checkpoints completed stay in the store, and
     * the job's graph and result are not touched. Waiting clients fail with {@link #lostLeadership}.
     * A job that ended already is left as it is (a client waiting for it hears how it ended,
     * even if recording the end had not finished).
     */
    void suspend() {
        if (status.isLocallyTerminal()) {
            if (!termination.isDone()) {
                // The completion end() queued on the fenced thread will not run now.
                termination.complete(info(Map.of()));
            }
            return;
        }
        slotPool.cancelRequest(jobId);
        if (restartTimer != null) {
            restartTimer.cancel(false);
        }
        cancelGrowTimer();
        closeSourceCoordinators();
        if (checkpoints != null) {
            checkpoints.suspend();
        }
        setStatus(JobStatus.SUSPENDED);
        endTime = statusTimes.get(JobStatus.SUSPENDED);
        failureCause = lostLeadership(jobId);
        results.close();
        LOG.info("Job '{}' ({}) SUSPENDED: this JobManager lost its leadership", jobGraph.name(), jobId);
        termination.completeExceptionally(new IllegalStateException(lostLeadership(jobId)));
    }

    // ---- CheckpointCoordinator.JobContext

    @Override
    public ExecutionGraph executionGraph() {
        return executionGraph;
    }

    @Override
    public boolean isRunning() {
        return status == JobStatus.RUNNING;
    }

    @Override
    public List<TaskExecutorGateway> taskManagers() {
        Map<Object, TaskExecutorGateway> byId = new LinkedHashMap<>();
        if (executionGraph != null) {
            for (ExecutionVertex v : executionGraph.vertices()) {
                if (v.slot() != null && !v.state().isTerminal()) {
                    byId.putIfAbsent(v.slot().id().taskManagerId(), v.slot().taskManager());
                }
            }
        }
        return List.copyOf(byId.values());
    }

    /** The configuration the job was submitted with. */
    Configuration configuration() {
        return jobGraph.configuration();
    }

    /**
     * The job as {@code SHOW JOBS} shows it; {@code liveCounters} are the running subtasks'
     * counters fetched from the TaskManagers (ended subtasks reported theirs when they ended).
     */
    JobInfo info(Map<ExecutionAttemptId, TaskCounters> liveCounters) {
        TaskCounters total = TaskCounters.ZERO;
        Map<Integer, VertexDetails> details = new LinkedHashMap<>();
        jobGraph.vertices().forEach(v -> details.put(v.id(), new VertexDetails()));
        if (executionGraph != null) {
            for (ExecutionVertex v : executionGraph.vertices()) {
                TaskCounters counters = v.state().isTerminal() ? v.counters()
                        : liveCounters.getOrDefault(v.attemptId(), v.counters());
                total = total.plus(counters);
                details.get(v.jobVertex().id()).add(v, counters);
            }
        }
        List<VertexInfo> vertices = jobGraph.vertices().stream()
                .map(v -> details.get(v.id()).info(v)).toList();
        // While restarting, the cause is the failure being recovered from; it is not the job's failure.
        String cause = status == JobStatus.RESTARTING || status == JobStatus.RUNNING ? null : failureCause;
        return new JobInfo(jobId, jobGraph.name(), status, startTime, endTime, total.recordsIn(), total.recordsOut(),
                cause, total.operatorCounters(), checkpoints == null ? null : checkpoints.stats(), total.latency(), vertices,
                new JobHistory(statusTimes, restarts, List.copyOf(failures)), waitingFor,
                scaling.info(jobGraph.parallelism()));
    }

    /** A collect sink's rows; see {@link ResultBuffer#offer}. */
    CompletableFuture<Void> offerResults(ExecutionAttemptId attemptId, List<Row> rows, long firstOffset) {
        return results.offer(new ResultBuffer.Producer(attemptId.vertexId(), attemptId.subtaskIndex()), rows, firstOffset);
    }

    /**
     * Takes up to {@code maxRows} result rows; {@code null} when there are none yet and the job
     * is still running (the caller then waits with {@link #onResultsChange}).
     *
     * @throws JobExecutionException when the job failed, or was suspended (this JobManager lost its leadership)
     */
    ResultChunk takeResults(int maxRows) {
        if (status == JobStatus.FAILED || status == JobStatus.SUSPENDED) {
            throw new JobExecutionException(jobId, failureCause);
        }
        List<Row> rows = results.take(maxRows);
        boolean ended = status.isTerminal() && results.isEmpty();
        if (rows.isEmpty() && !ended) {
            return null;
        }
        return new ResultChunk(rows, ended);
    }

    void onResultsChange(Runnable listener) {
        results.onChange(listener);
    }

    void removeResultsListener(Runnable listener) {
        results.removeListener(listener);
    }

    /** The subtasks of one vertex, added up for {@link VertexInfo}. */
    private static final class VertexDetails {
        private final Map<String, Integer> states = new TreeMap<>();
        private final List<String> slots = new ArrayList<>();
        private final List<VertexInfo.Subtask> subtasks = new ArrayList<>();
        private TaskCounters counters = TaskCounters.ZERO;
        /** The largest times of the running subtasks: a subtask that ended spends no time at all. */
        private TaskTimes times;

        void add(ExecutionVertex subtask, TaskCounters subtaskCounters) {
            states.merge(subtask.state().name(), 1, Integer::sum);
            if (subtask.slot() != null) {
                slots.add(subtask.slot().id().toString());
            }
            subtasks.add(new VertexInfo.Subtask(subtask.subtaskIndex(), subtask.state().name(),
                    subtask.slot() == null ? null : subtask.slot().id().taskManagerId().value(),
                    subtask.attemptId().attempt()));
            counters = counters.plus(subtaskCounters);
            TaskTimes subtaskTimes = subtaskCounters.times();
            if (subtask.state() == ExecutionState.RUNNING && subtaskTimes != null) {
                times = times == null ? subtaskTimes : times.max(subtaskTimes);
            }
        }

        VertexInfo info(JobVertex vertex) {
            subtasks.sort(Comparator.comparingInt(VertexInfo.Subtask::index));
            return new VertexInfo(vertex.id(), vertex.name(), vertex.parallelism(), states, counters.recordsIn(),
                    counters.recordsOut(), slots, times, subtasks);
        }
    }
}
