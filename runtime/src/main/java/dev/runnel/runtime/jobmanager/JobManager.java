package dev.runnel.runtime.jobmanager;

import dev.runnel.runtime.checkpoint.DefaultSharedStateRegistry;
import dev.runnel.runtime.checkpoint.SharedStateRegistry;
import dev.runnel.runtime.checkpoint.StopMode;
import dev.runnel.runtime.checkpoint.TaskStateSnapshot;
import dev.runnel.runtime.cluster.JobExecutionException;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.cluster.OwnedThreads;
import dev.runnel.runtime.cluster.ResultChunk;
import dev.runnel.runtime.cluster.RuntimeOptions;
import dev.runnel.runtime.cluster.TaskManagerInfo;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.fs.FileSystem;
import dev.runnel.runtime.fs.FileSystems;
import dev.runnel.runtime.highavailability.HighAvailabilityException;
import dev.runnel.runtime.highavailability.HighAvailabilityServices;
import dev.runnel.runtime.highavailability.nonha.InMemoryHighAvailabilityServices;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobmanager.RecoverableJobs.JobStores;
import dev.runnel.runtime.scheduler.ResourceManager;
import dev.runnel.runtime.scheduler.ReactiveShares;
import dev.runnel.runtime.scheduler.SlotPool;
import dev.runnel.runtime.source.SourceEvent;
import dev.runnel.runtime.task.ExecutionAttemptId;
import dev.runnel.runtime.task.TaskCounters;
import dev.runnel.runtime.task.TaskExecutionState;
import dev.runnel.runtime.taskmanager.TaskExecutorGateway;
import dev.runnel.runtime.taskmanager.TaskManagerId;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cluster's coordinator: accepts jobs, keeps the slot pool the TaskManagers offer, and
 * runs one {@link JobMaster} per job. All of its state lives on one main thread: every public
 * method hops onto it and answers with a future, so nothing here needs a lock. What blocks on
 * the {@link HighAvailabilityServices} stores (ZooKeeper and file writes) runs on an I/O thread
 * in between, never on the main thread.
 *
 * <p>With high availability the JobManager is the leader of its cluster. It stores each job's
 * graph before it acknowledges the submission, and when a job ends globally it records the
 * result, then removes the graph, then the checkpoint pointers. A new leader
 * {@linkplain #recoverJobs recovers} the jobs a former one left; a JobManager that loses its
 * leadership is {@linkplain #suspend suspended} and then only closed. {@link RecoverableJobs} keeps
 * the stores in that order.
 */
public final class JobManager implements JobManagerGateway, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(JobManager.class);

    private final OwnedThreads threads = new OwnedThreads("runnel-jobmanager");
    private final OwnedThreads ioThreads = new OwnedThreads("runnel-jobmanager-io");
    private final ScheduledExecutorService mainThread;
    /** The main thread as the jobs use it: nothing runs there after {@link #suspend}. */
    private final ScheduledExecutorService jobThread;
    private final ExecutorService io;
    /** Main thread only: the latest write of a rescaled job's graph to the HA store, which the next one follows. */
    private CompletableFuture<Void> rescaleWrites = CompletableFuture.completedFuture(null);
    private final SlotPool slotPool;
    private final Clock clock;
    private final Function<URI, SharedStateRegistry> sharedStateRegistries;
    private final RecoverableJobs recoverable;
    // Main thread only. Insertion order is submission order, which listJobs reports.
    private final Map<JobId, JobMaster> jobs = new LinkedHashMap<>();
    private final Configuration clusterConfiguration;
    /** Set, from any thread, when this JobManager lost its leadership; never reset. */
    private volatile boolean suspended;

    public JobManager(Configuration clusterConfiguration, Clock clock) {
        this(clusterConfiguration, clock, JobManager::sharedStateRegistry);
    }

    /**
     * @param sharedStateRegistries makes the registry of each job's shared checkpoint files,
     *                              given the job's checkpoint directory
     */
    public JobManager(Configuration clusterConfiguration, Clock clock,
                      Function<URI, SharedStateRegistry> sharedStateRegistries) {
        this(clusterConfiguration, clock, sharedStateRegistries, new InMemoryHighAvailabilityServices());
    }

    /**
     * @param ha where the jobs' graphs, results and checkpoint pointers are kept; the caller owns
     *           it (closes it after this JobManager)
     */
    public JobManager(Configuration clusterConfiguration, Clock clock,
                      Function<URI, SharedStateRegistry> sharedStateRegistries, HighAvailabilityServices ha) {
        this(clusterConfiguration, clock, sharedStateRegistries, ha, false);
    }

    private JobManager(Configuration clusterConfiguration, Clock clock,
                       Function<URI, SharedStateRegistry> sharedStateRegistries, HighAvailabilityServices ha,
                       boolean elastic) {
        this.clock = clock;
        this.sharedStateRegistries = sharedStateRegistries;
        this.recoverable = new RecoverableJobs(ha);
        this.mainThread = Executors.newSingleThreadScheduledExecutor(threads);
        this.jobThread = new FencedExecutor(mainThread, () -> suspended);
        this.clusterConfiguration = clusterConfiguration.copy();
        this.io = Executors.newCachedThreadPool(ioThreads);
        this.slotPool = new SlotPool(mainThread, clusterConfiguration.get(RuntimeOptions.SLOT_REQUEST_TIMEOUT),
                elastic);
    }

    public JobManager(Configuration clusterConfiguration) {
        this(clusterConfiguration, Clock.systemUTC());
    }

    /**
     * A JobManager whose TaskManagers are processes of their own, which register while it runs:
     * a job larger than the cluster waits for them ({@code slot.request.timeout}).
     */
    public static JobManager forRemoteTaskManagers(Configuration clusterConfiguration) {
        return forRemoteTaskManagers(clusterConfiguration, new InMemoryHighAvailabilityServices());
    }

    /**
     * {@link #forRemoteTaskManagers(Configuration)} keeping the jobs' graphs, results and
     * checkpoint pointers in {@code ha}, which the caller owns (closes after this JobManager).
     */
    public static JobManager forRemoteTaskManagers(Configuration clusterConfiguration, HighAvailabilityServices ha) {
        return new JobManager(clusterConfiguration, Clock.systemUTC(), JobManager::sharedStateRegistry, ha, true);
    }

    private static SharedStateRegistry sharedStateRegistry(URI jobDirectory) {
        return new DefaultSharedStateRegistry(jobDirectory, FileSystems.forUri(jobDirectory));
    }

    // ---- TaskManager side (JobManagerGateway)

    @Override
    public CompletableFuture<Void> registerTaskManager(TaskExecutorGateway taskManager, int numberOfSlots) {
        return onMainThread(() -> {
            checkLeading();
            slotPool.addTaskManager(taskManager, numberOfSlots);
            shareSlotsOfReactiveJobs("TaskManager " + taskManager.taskManagerId() + " joined with " + numberOfSlots
                    + (numberOfSlots == 1 ? " slot" : " slots"));
            return null;
        });
    }

    @Override
    public void updateTaskExecutionState(TaskExecutionState state) {
        withJob(state.attemptId().jobId(), job -> job.onTaskState(state));
    }

    @Override
    public CompletableFuture<Void> offerResults(ExecutionAttemptId attemptId, List<Row> rows, long firstOffset) {
        return onMainThread(() -> {
            checkLeading();
            JobMaster job = jobs.get(attemptId.jobId());
            return job == null ? CompletableFuture.<Void>completedFuture(null)
                    : job.offerResults(attemptId, rows, firstOffset);
        }).thenCompose(Function.identity());
    }

    @Override
    public void acknowledgeCheckpoint(ExecutionAttemptId attemptId, long checkpointId, TaskStateSnapshot state) {
        withJob(attemptId.jobId(), job -> job.acknowledgeCheckpoint(attemptId, checkpointId, state));
    }

    @Override
    public void declineCheckpoint(ExecutionAttemptId attemptId, long checkpointId, String reason) {
        withJob(attemptId.jobId(), job -> job.declineCheckpoint(attemptId, checkpointId, reason));
    }

    @Override
    public void sendSourceEvent(ExecutionAttemptId attemptId, SourceEvent event) {
        withJob(attemptId.jobId(), job -> job.sourceEvent(attemptId, event));
    }

    /** Runs {@code action} on the main thread for a job that is known; messages about others are dropped. */
    private void withJob(JobId jobId, Consumer<JobMaster> action) {
        execute(() -> {
            JobMaster job = jobs.get(jobId);
            if (job != null && !suspended) {
                action.accept(job);
            }
        });
    }

    /**
     * A TaskManager stopped answering (it crashed): its slots leave the pool and its subtasks
     * count as failed with {@code cause}.
     */
    public CompletableFuture<Void> taskManagerLost(TaskManagerId taskManager, String cause) {
        return onMainThread(() -> {
            if (suspended) {
                return null;
            }
            slotPool.removeTaskManager(taskManager);
            List.copyOf(jobs.values()).forEach(job -> job.taskManagerLost(taskManager, cause));
            shareSlotsOfReactiveJobs("TaskManager " + taskManager + " was lost");
            return null;
        });
    }

    /** From now on the slot pool asks {@code resourceManager} for the slots that waiting jobs lack. */
    public CompletableFuture<Void> useResourceManager(ResourceManager resourceManager) {
        return onMainThread(() -> {
            slotPool.useResourceManager(resourceManager);
            return null;
        });
    }

    /**
     * Has the slot pool tell its resource manager again what waiting jobs lack: for a resource
     * manager whose means changed (a process it started ended). Any thread.
     */
    public void askForMissingSlots() {
        execute(() -> {
            if (!suspended) {
                slotPool.askForMissingSlots();
            }
        });
    }

    // ---- client side

    /** Takes a savepoint of a running job; completes with its directory. See {@link JobMaster#triggerSavepoint}. */
    public CompletableFuture<String> triggerSavepoint(JobId jobId, String targetDirectory, StopMode stop) {
        return onMainThread(() -> {
            checkLeading();
            return job(jobId).triggerSavepoint(targetDirectory, stop);
        }).thenCompose(Function.identity());
    }

    /**
     * Test hook: makes a running subtask of the job fail as if its operator threw {@code failure};
     * completes with whether such a subtask was running.
     */
    public CompletableFuture<Boolean> failTask(JobId jobId, String vertexName, int subtaskIndex, RuntimeException failure) {
        return onMainThread(() -> {
            checkLeading();
            return job(jobId).failTask(vertexName, subtaskIndex, failure);
        });
    }

    /**
     * Accepts a job and starts scheduling it. Its graph is in the {@link HighAvailabilityServices}'
     * job graph store when the future completes; when it cannot be stored the future fails with a
     * {@link HighAvailabilityException} and the job does not run. A JobManager that loses its
     * leadership meanwhile fails the submission although the graph may be stored: the new
     * leader then runs the job.
     */
    public CompletableFuture<JobId> submitJob(JobGraph jobGraph) {
        JobId id = JobId.generate();
        return CompletableFuture.supplyAsync(() -> {
            checkLeading();
            return recoverable.submitted(id, jobGraph);
        }, io).thenApplyAsync(stores -> {
            checkLeading();
            startJob(id, jobGraph, stores);
            return id;
        }, mainThread);
    }

    /** Main thread: runs job {@code id}, new or recovered. */
    private void startJob(JobId id, JobGraph jobGraph, JobStores stores) {
        JobRescaling scaling = JobRescaling.of(jobGraph.configuration(), clusterConfiguration, jobGraph.parallelism(),
                jobGraph.isRescalable());
        JobMaster job = new JobMaster(id, jobGraph, slotPool, jobThread, clock,
                sharedStateRegistries.apply(CheckpointCoordinator.jobDirectory(jobGraph.configuration(), id)),
                stores.checkpoints(), stores.ids(), scaling, (status, endTime) -> {
                    shareSlotsOfReactiveJobs("job '" + jobGraph.name() + "' (" + id + ") ended " + status);
                    return recordEnd(id, jobGraph, stores, status, endTime);
                }, () -> {
                    // rescaled (by hand or reactively): a next leader resumes it so, and knows how it got there
                    JobMaster rescaled = jobs.get(id);
                    if (rescaled != null) {
                        storeScaling(rescaled);
                    }
                });
        jobs.put(id, job);
        shareSlotsOfReactiveJobs("job '" + jobGraph.name() + "' (" + id + ") was submitted");
        job.start();
    }

    /**
     * Main thread: deals the slots that jobs with a fixed parallelism do not need out to the
     * reactive jobs ({@link ReactiveShares}), telling each its share and why it changed.
     */
    private void shareSlotsOfReactiveJobs(String reason) {
        List<JobMaster> reactive = new ArrayList<>();
        int fixed = 0;
        for (JobMaster job : jobs.values()) {
            if (job.isReactive()) {
                reactive.add(job);
            } else {
                fixed += job.slotsNeeded();
            }
        }
        if (reactive.isEmpty()) {
            return;
        }
        int[] shares = ReactiveShares.of(reactive.stream().map(JobMaster::reactiveUpperBound).toList(),
                slotPool.totalSlots() - fixed);
        for (int i = 0; i < shares.length; i++) {
            reactive.get(i).allot(shares[i], reason);
        }
    }

    /** Main thread: job {@code id} ended globally; completes once {@link RecoverableJobs#ended} ran. */
    private CompletableFuture<Void> recordEnd(JobId id, JobGraph jobGraph, JobStores stores, JobStatus status,
                                              Instant endTime) {
        try {
            return CompletableFuture.runAsync(() -> recoverable.ended(id, jobGraph, stores, status, endTime), io);
        } catch (RejectedExecutionException e) {
            // Closed: the job ended because the JobManager stops; the next leader looks at it again.
            return CompletableFuture.completedFuture(null);
        }
    }

    /**
     * Recovers the jobs in the job graph store that a former leader left: a job whose result is
     * recorded is cleaned up (its graph and checkpoint pointers removed) and skipped; every other
     * one runs again under its own id, from the latest checkpoint in its completed checkpoint
     * store, else from its {@code execution.savepoint.path}, else afresh, with checkpoint ids
     * continuing the former leader's. Completes with the ids of the jobs it started (jobs that
     * run here already are not started again); fails with a {@link HighAvailabilityException}
     * when a store cannot be read.
     */
    public CompletableFuture<List<JobId>> recoverJobs() {
        return CompletableFuture.supplyAsync(() -> {
            checkLeading();
            return recoverable.recover();
        }, io).thenApplyAsync(recovered -> {
            checkLeading();
            List<JobId> started = new ArrayList<>();
            recovered.forEach((id, job) -> {
                if (!jobs.containsKey(id)) {
                    LOG.info("Recovering job '{}' ({})", job.graph().name(), id);
                    startJob(id, job.graph(), job.stores());
                    started.add(id);
                }
            });
            return started;
        }, mainThread);
    }

    /**
     * This JobManager lost its leadership. At once it stops taking messages and running anything
     * its jobs queued; then every job is suspended ({@link JobStatus#SUSPENDED}): no more
     * checkpoints, deployments or restarts, checkpoint pointers, graphs and results left for
     * the next leader, and nothing more sent to the TaskManagers (the caller cuts them off).
     * Clients waiting for a job fail with "JobManager lost leadership; job X continues under
     * the new leader". Afterwards only queries are answered; the JobManager is to be closed.
     * Any thread; completes once the jobs are suspended.
     */
    public CompletableFuture<Void> suspend() {
        suspended = true;
        return onMainThread(() -> {
            List.copyOf(jobs.values()).forEach(JobMaster::suspend);
            return null;
        });
    }

    /** Whether {@link #suspend} was called. */
    public boolean isSuspended() {
        return suspended;
    }

    private void checkLeading() {
        if (suspended) {
            throw new IllegalStateException("This JobManager lost its leadership; the new leader takes its jobs");
        }
    }

    /** Rescales a job by hand; see {@link dev.runnel.runtime.cluster.ClusterClient#rescaleJob}. */
    public CompletableFuture<Void> rescaleJob(JobId jobId, int parallelism) {
        return onMainThread(() -> {
            checkLeading();
            JobMaster job = job(jobId);
            job.rescale(parallelism);
            // Its upper bound (reactive) or the slots it needs (not) changed the others' shares.
            shareSlotsOfReactiveJobs("ALTER JOB of job " + jobId);
            // A next leader runs the job at this parallelism too, not at its planned one.
            return storeScaling(job);
        }).thenCompose(Function.identity());
    }

    /**
     * Main thread: stores {@code job}'s graph with the parallelism asked for and its rescales, for
     * a next leader. The writes are chained in the order of the calls, so that the store ends
     * with the latest; a failed write is logged (the job runs on).
     */
    private CompletableFuture<Void> storeScaling(JobMaster job) {
        JobGraph stored = job.storedGraph();
        JobId jobId = job.jobId();
        rescaleWrites = rescaleWrites.thenRunAsync(() -> {
            try {
                recoverable.rescaled(jobId, stored);
            } catch (RuntimeException e) {
                LOG.warn("Job {} rescaled, but a next leader would not know: its job graph could not be stored",
                        jobId, e);
            }
        }, io);
        return rescaleWrites;
    }

    public CompletableFuture<Void> cancelJob(JobId jobId) {
        return onMainThread(() -> {
            checkLeading();
            job(jobId).cancel();
            return null;
        });
    }

    public CompletableFuture<JobInfo> requestJob(JobId jobId) {
        return onMainThread(() -> jobInfo(job(jobId))).thenCompose(Function.identity());
    }

    /** A copy of the configuration the job was submitted with. */
    public CompletableFuture<Configuration> requestJobConfiguration(JobId jobId) {
        return onMainThread(() -> job(jobId).configuration().copy());
    }

    /** The TaskManagers offering slots, with their free slots. */
    public CompletableFuture<List<TaskManagerInfo>> requestTaskManagers() {
        return onMainThread(slotPool::taskManagers);
    }

    /** Every job, oldest first. */
    public CompletableFuture<List<JobInfo>> requestJobs() {
        return onMainThread(() -> {
            List<CompletableFuture<JobInfo>> infos = new ArrayList<>();
            jobs.values().forEach(job -> infos.add(jobInfo(job)));
            return CompletableFuture.allOf(infos.toArray(new CompletableFuture<?>[0]))
                    .thenApply(v -> infos.stream().map(CompletableFuture::join).toList());
        }).thenCompose(Function.identity());
    }

    /** Completes with the job's final state. */
    public CompletableFuture<JobInfo> jobTermination(JobId jobId) {
        return onMainThread(() -> job(jobId).termination()).thenCompose(Function.identity());
    }

    /**
     * Result rows of the job's collect sink: completes as soon as there are rows or the result
     * ended, or with no rows after {@code timeout}; fails with {@link JobExecutionException} if
     * the job failed.
     */
    public CompletableFuture<ResultChunk> fetchResults(JobId jobId, int maxRows, Duration timeout) {
        if (maxRows < 1) {
            throw new IllegalArgumentException("maxRows must be positive, was " + maxRows);
        }
        CompletableFuture<ResultChunk> result = new CompletableFuture<>();
        execute(() -> {
            try {
                new PendingFetch(job(jobId), maxRows, result).start(timeout);
            } catch (RuntimeException e) {
                result.completeExceptionally(e);
            }
        });
        return result;
    }

    /** One client's wait for result rows. Main thread only. */
    private final class PendingFetch {
        private final JobMaster job;
        private final int maxRows;
        private final CompletableFuture<ResultChunk> result;
        private final Runnable listener = this::attempt;
        private ScheduledFuture<?> timeout;

        PendingFetch(JobMaster job, int maxRows, CompletableFuture<ResultChunk> result) {
            this.job = job;
            this.maxRows = maxRows;
            this.result = result;
        }

        void start(Duration wait) {
            if (attempt()) {
                return;
            }
            timeout = mainThread.schedule(() -> {
                job.removeResultsListener(listener);
                result.complete(new ResultChunk(List.of(), false));
            }, wait.toMillis(), TimeUnit.MILLISECONDS);
        }

        private boolean attempt() {
            if (result.isDone()) {
                return true;
            }
            ResultChunk chunk;
            try {
                chunk = job.takeResults(maxRows);
            } catch (JobExecutionException e) {
                complete(() -> result.completeExceptionally(e));
                return true;
            }
            if (chunk != null) {
                complete(() -> result.complete(chunk));
                return true;
            }
            job.onResultsChange(listener);
            return false;
        }

        private void complete(Runnable completion) {
            if (timeout != null) {
                timeout.cancel(false);
            }
            completion.run();
        }
    }

    private CompletableFuture<JobInfo> jobInfo(JobMaster job) {
        List<TaskExecutorGateway> taskManagers = job.status().isLocallyTerminal() || suspended ? List.of()
                : job.taskManagers();
        if (taskManagers.isEmpty()) {
            return CompletableFuture.completedFuture(job.info(Map.of()));
        }
        List<CompletableFuture<Map<ExecutionAttemptId, TaskCounters>>> requests =
                taskManagers.stream().map(tm -> tm.requestCounters(job.jobId())).toList();
        return CompletableFuture.allOf(requests.toArray(new CompletableFuture<?>[0])).thenApplyAsync(v -> {
            Map<ExecutionAttemptId, TaskCounters> live = new HashMap<>();
            requests.forEach(r -> live.putAll(r.join()));
            return job.info(live);
        }, mainThread);
    }

    private JobMaster job(JobId jobId) {
        JobMaster job = jobs.get(jobId);
        if (job == null) {
            throw new IllegalArgumentException("Unknown job " + jobId);
        }
        return job;
    }

    /** Runs {@code action} on the main thread; after {@link #close()} it is dropped. */
    private void execute(Runnable action) {
        try {
            mainThread.execute(action);
        } catch (RejectedExecutionException e) {
            // Shut down: messages from TaskManagers that are stopping too are of no interest.
        }
    }

    private <T> CompletableFuture<T> onMainThread(Supplier<T> action) {
        return CompletableFuture.supplyAsync(action, mainThread);
    }

    /**
     * Stops the main thread and, once the store writes under way are done, the I/O thread; jobs
     * still running are not cancelled (the cluster does that first, unless suspended).
     */
    @Override
    public void close() {
        mainThread.shutdownNow();
        io.shutdown();
        try {
            mainThread.awaitTermination(10, TimeUnit.SECONDS);
            io.awaitTermination(10, TimeUnit.SECONDS);
            threads.joinAll(Duration.ofSeconds(10));
            ioThreads.joinAll(Duration.ofSeconds(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
