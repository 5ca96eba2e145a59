package dev.runnel.runtime.jobmanager;

import dev.runnel.runtime.cluster.JobExecutionException;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.cluster.ResultChunk;
import dev.runnel.runtime.cluster.RuntimeOptions;
import dev.runnel.runtime.cluster.VertexInfo;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.scheduler.AllocatedSlot;
import dev.runnel.runtime.scheduler.SlotPool;
import dev.runnel.runtime.scheduler.SlotSharing;
import dev.runnel.runtime.task.ExecutionAttemptId;
import dev.runnel.runtime.task.ExecutionState;
import dev.runnel.runtime.task.TaskCounters;
import dev.runnel.runtime.task.TaskDeploymentDescriptor;
import dev.runnel.runtime.task.TaskExecutionState;
import dev.runnel.runtime.taskmanager.TaskExecutorGateway;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one job: requests its slots, deploys its subtasks, follows their state and derives the
 * job's. The job is CREATED while it waits for slots, RUNNING once they are allocated, and ends
 * FINISHED when every subtask finished; a failing subtask makes it FAILING (the others are
 * cancelled) and then FAILED; a cancel makes it CANCELLING and then CANCELED. There are no
 * restarts yet.
 *
 * <p>JobManager main thread only.
 */
final class JobMaster {
    private static final Logger LOG = LoggerFactory.getLogger(JobMaster.class);

    private final JobId jobId;
    private final JobGraph jobGraph;
    private final SlotPool slotPool;
    private final Executor mainThread;
    private final Clock clock;
    private final Instant startTime;
    private final ResultBuffer results;
    private final CompletableFuture<JobInfo> termination = new CompletableFuture<>();
    private ExecutionGraph executionGraph;
    private JobStatus status = JobStatus.CREATED;
    private Instant endTime;
    private String failureCause;

    JobMaster(JobId jobId, JobGraph jobGraph, SlotPool slotPool, Executor mainThread, Clock clock) {
        this.jobId = jobId;
        this.jobGraph = jobGraph;
        this.slotPool = slotPool;
        this.mainThread = mainThread;
        this.clock = clock;
        this.startTime = clock.instant();
        this.results = new ResultBuffer(jobGraph.configuration().get(RuntimeOptions.COLLECT_BUFFER_ROWS));
    }

    JobId jobId() {
        return jobId;
    }

    JobStatus status() {
        return status;
    }

    CompletableFuture<JobInfo> termination() {
        return termination;
    }

    /** Builds the execution graph and requests slots; a graph that cannot run fails the job. */
    void start() {
        try {
            executionGraph = new ExecutionGraph(jobId, jobGraph);
        } catch (RuntimeException e) {
            failBeforeDeployment(e.getMessage());
            return;
        }
        executionGraph.vertices().forEach(v -> v.transitionTo(ExecutionState.SCHEDULED));
        slotPool.requestSlots(jobId, jobGraph.name(), jobGraph.maxParallelism())
                .whenCompleteAsync(this::slotsAllocated, mainThread);
    }

    private void slotsAllocated(List<AllocatedSlot> slots, Throwable error) {
        if (status != JobStatus.CREATED) {
            // Cancelled while waiting: the pool already withdrew the request, but slots that
            // were granted in the meantime must go back.
            if (slots != null) {
                slotPool.releaseSlots(jobId);
            }
            return;
        }
        if (error != null) {
            Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
            if (!(cause instanceof CancellationException)) {
                failBeforeDeployment(cause.getMessage());
            }
            return;
        }
        status = JobStatus.RUNNING;
        for (ExecutionVertex vertex : executionGraph.vertices()) {
            AllocatedSlot slot = SlotSharing.slotFor(slots, vertex.subtaskIndex());
            deploy(vertex, slot);
        }
    }

    private void deploy(ExecutionVertex vertex, AllocatedSlot slot) {
        vertex.assign(slot);
        vertex.transitionTo(ExecutionState.DEPLOYING);
        TaskDeploymentDescriptor tdd = executionGraph.deploymentFor(vertex, slot.id().index());
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
        // A failure while the job is already failing or being cancelled changes nothing: the
        // first cause is the one the user needs.
        if (update.state() == ExecutionState.FAILED && status == JobStatus.RUNNING) {
            failureCause = update.failureCause();
            status = JobStatus.FAILING;
            LOG.info("Job '{}' ({}) is failing: {}", jobGraph.name(), jobId, failureCause);
            cancelTasks();
        }
        if (executionGraph.allTerminal()) {
            end(switch (status) {
                case FAILING -> JobStatus.FAILED;
                case CANCELLING -> JobStatus.CANCELED;
                default -> executionGraph.allInState(ExecutionState.FINISHED) ? JobStatus.FINISHED : JobStatus.CANCELED;
            });
        }
    }

    void cancel() {
        if (status.isTerminal() || status == JobStatus.CANCELLING || status == JobStatus.FAILING) {
            return;
        }
        if (status == JobStatus.CREATED) {
            slotPool.cancelRequest(jobId);
            if (executionGraph != null) {
                executionGraph.vertices().forEach(v -> v.transitionTo(ExecutionState.CANCELED));
            }
            end(JobStatus.CANCELED);
            return;
        }
        status = JobStatus.CANCELLING;
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
        if (executionGraph != null) {
            executionGraph.vertices().forEach(v -> v.transitionTo(ExecutionState.FAILED));
        }
        end(JobStatus.FAILED);
    }

    private void end(JobStatus finalStatus) {
        status = finalStatus;
        endTime = clock.instant();
        for (TaskExecutorGateway tm : taskManagers()) {
            tm.releaseJob(jobId);
        }
        slotPool.releaseSlots(jobId);
        if (finalStatus == JobStatus.FAILED) {
            results.clear();
        }
        results.close();
        LOG.info("Job '{}' ({}) {}", jobGraph.name(), jobId, finalStatus);
        termination.complete(info(Map.of()));
    }

    /** The TaskManagers that run (or ran) subtasks of this job. */
    List<TaskExecutorGateway> taskManagers() {
        Map<Object, TaskExecutorGateway> byId = new LinkedHashMap<>();
        for (AllocatedSlot slot : slotPool.slotsOf(jobId)) {
            byId.putIfAbsent(slot.id().taskManagerId(), slot.taskManager());
        }
        return List.copyOf(byId.values());
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
        return new JobInfo(jobId, jobGraph.name(), status, startTime, endTime, total.recordsIn(), total.recordsOut(),
                failureCause, total.operatorCounters(), vertices);
    }

    /** A collect sink's rows; see {@link ResultBuffer#offer}. */
    CompletableFuture<Void> offerResults(List<Row> rows) {
        return results.offer(rows);
    }

    /**
     * Takes up to {@code maxRows} result rows; {@code null} when there are none yet and the job
     * is still running (the caller then waits with {@link #onResultsChange}).
     *
     * @throws JobExecutionException when the job failed
     */
    ResultChunk takeResults(int maxRows) {
        if (status == JobStatus.FAILED) {
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
        private TaskCounters counters = TaskCounters.ZERO;

        void add(ExecutionVertex subtask, TaskCounters subtaskCounters) {
            states.merge(subtask.state().name(), 1, Integer::sum);
            if (subtask.slot() != null) {
                slots.add(subtask.slot().id().toString());
            }
            counters = counters.plus(subtaskCounters);
        }

        VertexInfo info(JobVertex vertex) {
            return new VertexInfo(vertex.id(), vertex.name(), vertex.parallelism(), states, counters.recordsIn(),
                    counters.recordsOut(), slots);
        }
    }
}
