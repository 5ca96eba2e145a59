package dev.runnel.runtime.taskmanager;

import dev.runnel.runtime.blob.BlobStore;
import dev.runnel.runtime.blob.PipelineJars;
import dev.runnel.runtime.checkpoint.StopMode;
import dev.runnel.runtime.checkpoint.TaskStateSnapshot;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.OwnedThreads;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.jobmanager.JobManagerGateway;
import dev.runnel.runtime.network.LocalChannelRegistry;
import dev.runnel.runtime.network.NetworkBuffers;
import dev.runnel.runtime.network.RemoteExchange;
import dev.runnel.runtime.source.SourceEvent;
import dev.runnel.runtime.state.ManagedMemory;
import dev.runnel.runtime.stream.CheckpointBarrier;
import dev.runnel.runtime.task.CheckpointResponder;
import dev.runnel.runtime.task.ExecutionAttemptId;
import dev.runnel.runtime.task.ExecutionState;
import dev.runnel.runtime.task.Task;
import dev.runnel.runtime.task.TaskCounters;
import dev.runnel.runtime.task.TaskDeploymentDescriptor;
import dev.runnel.runtime.task.TaskExecutionState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Offers slots to a JobManager and runs the subtasks deployed into them, each on its own
 * thread. Its bookkeeping runs on one main thread, so it needs no locks; tasks report their
 * state changes through it, in order, to the JobManager. Snapshots of checkpoints are written
 * on a few snapshot threads of its own, so tasks go on processing meanwhile. Every second the
 * main thread samples each task's busy, idle and back-pressured time ({@link Task#sampleTimes()}).
 */
public final class TaskManager implements TaskExecutorGateway, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(TaskManager.class);

    /** How long {@link #close()} lets a cancelled task take before interrupting its thread. */
    private static final Duration CANCEL_GRACE = Duration.ofSeconds(10);

    private final TaskManagerId id;
    private final int numberOfSlots;
    /** Divided among the slots; the state backends of a slot's subtasks share its part. */
    private final ManagedMemory managedMemory;
    private final OwnedThreads threads;
    private final ScheduledExecutorService mainThread;
    private final LocalChannelRegistry channels;
    private final OwnedThreads snapshotThreads;
    private final ThreadPoolExecutor snapshotExecutor;
    private final ClassLoader userClassLoader;
    // main thread only; null until useBlobService
    private JobClassLoaders jobClassLoaders;
    private final RemoteExchange exchange;
    /** Set when the TaskManager was killed: it tells the JobManager nothing more. */
    private volatile boolean dead;
    // Main thread only.
    private final Map<ExecutionAttemptId, Task> tasks = new HashMap<>();
    private final List<Task> allTasks = new ArrayList<>();
    // Tasks that reported their end: their threads may still be returning, so close() joins them.
    private final List<Task> endedTasks = new ArrayList<>();
    // Set on the main thread; read by snapshot threads too.
    private volatile JobManagerGateway jobManager = DISCONNECTED;

    /** Where reports go while no JobManager is known: nowhere (the next one deploys afresh). */
    private static final JobManagerGateway DISCONNECTED = new JobManagerGateway() {
        @Override
        public CompletableFuture<Void> registerTaskManager(TaskExecutorGateway taskManager, int numberOfSlots) {
            return CompletableFuture.failedFuture(new IllegalStateException("No JobManager"));
        }

        @Override
        public void updateTaskExecutionState(TaskExecutionState state) {
        }

        @Override
        public CompletableFuture<Void> offerResults(ExecutionAttemptId attemptId, List<Row> rows, long firstOffset) {
            return CompletableFuture.failedFuture(new IllegalStateException("The JobManager is gone"));
        }

        @Override
        public void acknowledgeCheckpoint(ExecutionAttemptId attemptId, long checkpointId, TaskStateSnapshot state) {
        }

        @Override
        public void declineCheckpoint(ExecutionAttemptId attemptId, long checkpointId, String reason) {
        }

        @Override
        public void sendSourceEvent(ExecutionAttemptId attemptId, SourceEvent event) {
        }
    };

    public TaskManager(TaskManagerId id, int numberOfSlots) {
        this(id, numberOfSlots, new LocalChannelRegistry());
    }

    /**
     * @param channels the channels to other subtasks; TaskManagers in one JVM share them, as
     *                 if connected by a network
     */
    public TaskManager(TaskManagerId id, int numberOfSlots, LocalChannelRegistry channels) {
        this(id, numberOfSlots, channels, null);
    }

    /**
     * @param exchange how channels from producers in other TaskManager processes arrive in
     *                 {@code channels} (and its own are served to them); {@code null} when all
     *                 TaskManagers share {@code channels}
     */
    public TaskManager(TaskManagerId id, int numberOfSlots, LocalChannelRegistry channels, RemoteExchange exchange) {
        this(id, numberOfSlots, channels, exchange, ManagedMemory.of(ManagedMemory.SIZE.defaultValue().bytes(),
                Math.max(1, numberOfSlots)));
    }

    /** @param managedMemory the managed memory of the TaskManager, with as many slots as it offers */
    public TaskManager(TaskManagerId id, int numberOfSlots, LocalChannelRegistry channels, RemoteExchange exchange,
                       ManagedMemory managedMemory) {
        this.exchange = exchange;
        if (numberOfSlots < 1) {
            throw new IllegalArgumentException("A TaskManager needs at least one slot, got " + numberOfSlots);
        }
        if (managedMemory.slotCount() != numberOfSlots) {
            throw new IllegalArgumentException("The managed memory of TaskManager " + id + " has "
                    + managedMemory.slotCount() + " slots, not " + numberOfSlots);
        }
        this.managedMemory = managedMemory;
        this.id = id;
        this.numberOfSlots = numberOfSlots;
        this.userClassLoader = TaskManager.class.getClassLoader();
        this.threads = new OwnedThreads("runnel-taskmanager-" + id);
        this.mainThread = Executors.newSingleThreadScheduledExecutor(threads);
        // Flink's metric views update every few seconds; busy and back-pressured times are rated over such a window.
        mainThread.scheduleAtFixedRate(() -> tasks.values().forEach(Task::sampleTimes), 1, 1, TimeUnit.SECONDS);
        this.channels = channels;
        this.snapshotThreads = new OwnedThreads("runnel-snapshot-" + id);
        int snapshotters = Math.max(1, Math.min(4, numberOfSlots));
        this.snapshotExecutor = new ThreadPoolExecutor(snapshotters, snapshotters, 30, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), snapshotThreads);
        this.snapshotExecutor.allowCoreThreadTimeOut(true);
    }

    /** Registers with {@code jobManager}, offering this TaskManager's slots. */
    public CompletableFuture<Void> registerAt(JobManagerGateway gateway) {
        return CompletableFuture.supplyAsync(() -> {
            jobManager = gateway;
            return gateway;
        }, mainThread).thenCompose(g -> g.registerTaskManager(this, numberOfSlots));
    }

    @Override
    public TaskManagerId taskManagerId() {
        return id;
    }

    public int numberOfSlots() {
        return numberOfSlots;
    }

    /** The channels between this TaskManager's subtasks (tests inspect their depth). */
    public LocalChannelRegistry channels() {
        return channels;
    }

    @Override
    public CompletableFuture<Void> submitTask(TaskDeploymentDescriptor deployment) {
        return CompletableFuture.runAsync(() -> {
            if (deployment.slotIndex() < 0 || deployment.slotIndex() >= numberOfSlots) {
                throw new IllegalArgumentException("TaskManager " + id + " has no slot " + deployment.slotIndex());
            }
            ClassLoader loader = classLoaderOf(deployment);
            receiveRemoteInputs(deployment);
            Task task = new Task(deployment, channels, exchange, this::onTaskStateChanged,
                    jobManager::offerResults, this::sendToEnumerator, loader, checkpointResponder(),
                    snapshotExecutor, managedMemory.slot(deployment.slotIndex()));
            tasks.put(deployment.attemptId(), task);
            allTasks.add(task);
            task.start();
        }, mainThread);
    }

    /**
     * Fetches the JARs of the job's code ({@code pipeline.jars}) from the JobManager's blob
     * store: the blobs come from {@code fetcher} (any thread; the TaskManager calls it on its
     * main thread) into a cache of this TaskManager's under {@code blob.storage.directory},
     * deleted when it closes. Set before the
     * first deployment; without it, a job with JARs cannot run here.
     */
    public void useBlobService(Function<String, byte[]> fetcher, Configuration configuration) {
        BlobStore cache = BlobStore.temporary(configuration, BlobStore.STORE_PREFIX + id + "-");
        runOnMainThread(() -> jobClassLoaders = new JobClassLoaders(userClassLoader, cache, fetcher::apply));
    }

    /* The class loader of the job's tasks: over its shipped JARs when it has any. */
    private ClassLoader classLoaderOf(TaskDeploymentDescriptor deployment) {
        List<String> blobs = PipelineJars.blobs(deployment.jobConfiguration());
        if (blobs.isEmpty()) {
            return userClassLoader;
        }
        if (jobClassLoaders == null) {
            throw new IllegalStateException("TaskManager " + id + " cannot fetch the JARs of job '"
                    + deployment.jobName() + "' (pipeline.jars): it has no blob service");
        }
        return jobClassLoaders.forJob(deployment.attemptId().jobId(), blobs);
    }

    /** Asks the TaskManagers of the subtask's producers elsewhere for its input channels. */
    private void receiveRemoteInputs(TaskDeploymentDescriptor deployment) {
        for (TaskDeploymentDescriptor.InputWiring input : deployment.inputs()) {
            // one input, one pool of floating buffers for its channels
            NetworkBuffers buffers = NetworkBuffers.of(deployment.jobConfiguration());
            for (int i = 0; i < input.channels().size(); i++) {
                String producer = input.producer(i);
                if (producer == null) {
                    continue;
                }
                if (exchange == null) {
                    throw new IllegalStateException("TaskManager " + id + " cannot receive from other TaskManagers: "
                            + deployment.taskName() + " needs channel " + input.channels().get(i) + " from " + producer);
                }
                exchange.receive(producer, input.channels().get(i), input.rowType(), buffers, failure -> failTask(deployment.attemptId(),
                        failure instanceof RuntimeException e ? e : new IllegalStateException(failure.getMessage(), failure)));
            }
        }
    }

    @Override
    public String dataAddress() {
        return exchange == null ? null : exchange.address();
    }

    @Override
    public void cancelTask(ExecutionAttemptId attemptId) {
        runOnMainThread(() -> {
            Task task = tasks.get(attemptId);
            if (task != null) {
                task.cancel();
            } else {
                jobManager.updateTaskExecutionState(
                        new TaskExecutionState(attemptId, ExecutionState.CANCELED, null, TaskCounters.ZERO));
            }
        });
    }

    @Override
    public void releaseJob(JobId jobId) {
        runOnMainThread(() -> channels.releaseJob(jobId));
    }

    @Override
    public void releaseChannels(JobId jobId, int generation) {
        runOnMainThread(() -> channels.release(jobId, generation));
    }

    @Override
    public void triggerCheckpoint(ExecutionAttemptId attemptId, CheckpointBarrier barrier, StopMode stop) {
        runOnMainThread(() -> {
            Task task = tasks.get(attemptId);
            if (task != null) {
                task.triggerCheckpoint(barrier, stop);
            }
        });
    }

    @Override
    public void sendSourceEvent(ExecutionAttemptId attemptId, SourceEvent event) {
        runOnMainThread(() -> {
            Task task = tasks.get(attemptId);
            if (task != null) {
                task.deliverSourceEvent(event);
            }
        });
    }

    /** Called from a task's thread. */
    private void sendToEnumerator(ExecutionAttemptId attemptId, SourceEvent event) {
        if (!dead) {
            jobManager.sendSourceEvent(attemptId, event);
        }
    }

    @Override
    public void notifyCheckpointComplete(JobId jobId, long checkpointId) {
        forTasksOf(jobId, task -> task.notifyCheckpointComplete(checkpointId));
    }

    @Override
    public void notifyCheckpointAborted(JobId jobId, long checkpointId) {
        forTasksOf(jobId, task -> task.notifyCheckpointAborted(checkpointId));
    }

    @Override
    public void failTask(ExecutionAttemptId attemptId, RuntimeException failure) {
        runOnMainThread(() -> {
            Task task = tasks.get(attemptId);
            if (task != null) {
                task.failExternally(failure);
            }
        });
    }

    private void forTasksOf(JobId jobId, Consumer<Task> action) {
        runOnMainThread(() -> tasks.forEach((attempt, task) -> {
            if (attempt.jobId().equals(jobId)) {
                action.accept(task);
            }
        }));
    }

    private CheckpointResponder checkpointResponder() {
        return new CheckpointResponder() {
            @Override
            public void acknowledge(ExecutionAttemptId attemptId, long checkpointId, TaskStateSnapshot state) {
                if (!dead) {
                    jobManager.acknowledgeCheckpoint(attemptId, checkpointId, state);
                }
            }

            @Override
            public void decline(ExecutionAttemptId attemptId, long checkpointId, String reason) {
                if (!dead) {
                    jobManager.declineCheckpoint(attemptId, checkpointId, reason);
                }
            }
        };
    }

    /**
     * Stops abruptly, as a crashed process would: from now on nothing reaches the JobManager,
     * and the tasks are cancelled without reporting. Whoever notices the loss (the cluster, in
     * tests) tells the JobManager. {@link #close()} still has to be called.
     */
    public void kill() {
        dead = true;
        runOnMainThread(() -> allTasks.forEach(Task::cancel));
    }

    @Override
    public CompletableFuture<Map<ExecutionAttemptId, TaskCounters>> requestCounters(JobId jobId) {
        return CompletableFuture.supplyAsync(() -> {
            Map<ExecutionAttemptId, TaskCounters> counters = new HashMap<>();
            tasks.forEach((attempt, task) -> {
                if (attempt.jobId().equals(jobId)) {
                    counters.put(attempt, task.counters());
                }
            });
            return counters;
        }, mainThread);
    }

    /** Called from a task's thread. */
    private void onTaskStateChanged(TaskExecutionState state) {
        runOnMainThread(() -> {
            if (state.state().isTerminal()) {
                tasks.remove(state.attemptId());
                JobId job = state.attemptId().jobId();
                if (jobClassLoaders != null && tasks.keySet().stream().noneMatch(a -> a.jobId().equals(job))) {
                    jobClassLoaders.release(job);
                }
                endedTasks.removeIf(Task::hasEnded);
                allTasks.removeIf(t -> {
                    boolean ended = t.attemptId().equals(state.attemptId());
                    if (ended) {
                        endedTasks.add(t);
                    }
                    return ended;
                });
            }
            if (!dead) {
                jobManager.updateTaskExecutionState(state);
            }
        });
    }

    private void runOnMainThread(Runnable action) {
        try {
            mainThread.execute(action);
        } catch (RejectedExecutionException e) {
            LOG.debug("TaskManager {} is shut down; dropped a message", id);
        }
    }

    /**
     * The JobManager is gone (its connection broke, or it fell silent): cancels every task
     * without telling it, frees the tasks' channels, and completes once their threads ended, so
     * that the slots are free to offer at the next registration ({@link #registerAt}).
     */
    public CompletableFuture<Void> disconnectJobManager() {
        CompletableFuture<List<Task>> cancelled;
        try {
            cancelled = CompletableFuture.supplyAsync(() -> {
                jobManager = DISCONNECTED;
                List<Task> all = tasksToStop();
                all.forEach(Task::cancel);
                return all;
            }, mainThread);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.completedFuture(null);
        }
        // joined on a thread of its own: the main thread must go on taking the tasks' reports
        return cancelled.thenAcceptAsync(all -> {
            if (!joinAll(all)) {
                Thread.currentThread().interrupt();
            }
            // Below the attempts that ran here, not for good: the job may come back under a new
            // leader, whose attempts are numbered above these (ExecutionGraph.FIRST_ATTEMPT).
            Map<JobId, Integer> attempts = new HashMap<>();
            all.forEach(task -> attempts.merge(task.attemptId().jobId(), task.attemptId().attempt(), Math::max));
            attempts.forEach((job, last) -> channels.release(job, last + 1));
        }, runnable -> threads.newThread(runnable).start());
    }

    /** Cancels every task, waits for their threads to end, then stops the main thread. */
    @Override
    public void close() {
        List<Task> running;
        try {
            running = CompletableFuture.supplyAsync(this::tasksToStop, mainThread).join();
        } catch (RejectedExecutionException e) {
            return;
        }
        running.forEach(Task::cancel);
        boolean interrupted = !joinAll(running);
        mainThread.shutdown();
        snapshotExecutor.shutdown();
        try {
            if (!mainThread.awaitTermination(10, TimeUnit.SECONDS)) {
                mainThread.shutdownNow();
            }
            if (!snapshotExecutor.awaitTermination(30, TimeUnit.SECONDS)) {
                snapshotExecutor.shutdownNow();
            }
            threads.joinAll(Duration.ofSeconds(10));
            snapshotThreads.joinAll(Duration.ofSeconds(10));
        } catch (InterruptedException e) {
            interrupted = true;
        }
        if (jobClassLoaders != null) {
            jobClassLoaders.close();
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Every task whose thread may still run. Main thread only. */
    private List<Task> tasksToStop() {
        List<Task> all = new ArrayList<>(allTasks);
        all.addAll(endedTasks);
        return all;
    }

    /**
     * Waits for the cancelled {@code tasks} to end, interrupting those that take longer than
     * {@link #CANCEL_GRACE}; false if this thread was interrupted meanwhile.
     */
    private static boolean joinAll(List<Task> tasks) {
        for (Task task : tasks) {
            try {
                if (!task.join(CANCEL_GRACE)) {
                    LOG.warn("Task {} did not stop within {} of being cancelled; interrupting it", task.attemptId(), CANCEL_GRACE);
                    task.interrupt();
                    task.join(CANCEL_GRACE);
                }
            } catch (InterruptedException e) {
                return false;
            }
        }
        return true;
    }
}
