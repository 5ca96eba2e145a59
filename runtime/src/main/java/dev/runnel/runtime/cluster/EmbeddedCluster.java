package dev.runnel.runtime.cluster;

import dev.runnel.runtime.blob.BlobStore;
import dev.runnel.runtime.blob.PipelineJars;
import dev.runnel.runtime.checkpoint.StopMode;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.highavailability.HighAvailabilityServices;
import dev.runnel.runtime.highavailability.nonha.InMemoryHighAvailabilityServices;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobmanager.JobManager;
import dev.runnel.runtime.network.LocalChannelRegistry;
import dev.runnel.runtime.rest.RestGateway;
import dev.runnel.runtime.rest.RestOptions;
import dev.runnel.runtime.rest.RestServer;
import dev.runnel.runtime.state.ManagedMemory;
import dev.runnel.runtime.taskmanager.TaskManager;
import dev.runnel.runtime.taskmanager.TaskManagerId;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * A JobManager and one or more TaskManagers in this JVM, wired through the same gateway
 * interfaces a distributed cluster uses; only the transport differs (direct calls that hop onto
 * each component's own thread, and channels all TaskManagers share). Jobs go through the
 * scheduler like anywhere else. Tests may kill a TaskManager or make a subtask fail. Thread-safe.
 *
 * <p>Reads {@link RuntimeOptions#NUMBER_OF_TASK_SLOTS} and {@link RuntimeOptions#SLOT_REQUEST_TIMEOUT},
 * and serves Flink's REST API when {@code rest.port} or {@code rest.bind-port} is set
 * ({@link RestOptions}).
 */
public final class EmbeddedCluster implements ClusterClient, RestGateway {
    private static final Duration CANCEL_ON_CLOSE_TIMEOUT = Duration.ofSeconds(30);
    private volatile BlobStore blobStore;

    private final JobManager jobManager;
    private final List<TaskManager> taskManagers;
    /** What {@link #addTaskManager} starts TaskManagers with; {@code null} without embedded TaskManagers. */
    private final Configuration configuration;
    private final LocalChannelRegistry channels;
    private volatile boolean closed;
    private RestServer restServer;
    /** The catalog of the sessions of a session cluster's JobManager, or null (see {@link #readCatalog()}). */
    private volatile SharedCatalogFile sharedCatalog;
    /** The HA services of a session cluster's JobManager, which name the contenders; null embedded. */
    private volatile HighAvailabilityServices haServices;

    private EmbeddedCluster(JobManager jobManager, List<TaskManager> taskManagers, Configuration configuration,
                            LocalChannelRegistry channels) {
        this.jobManager = jobManager;
        this.taskManagers = new CopyOnWriteArrayList<>(taskManagers);
        this.configuration = configuration;
        this.channels = channels;
    }

    /** Starts the JobManager and a TaskManager and returns once the TaskManager offered its slots. */
    public static EmbeddedCluster start(Configuration configuration) {
        return start(configuration, 1);
    }

    /**
     * Starts the JobManager and {@code taskManagers} TaskManagers (each with
     * {@code taskmanager.numberOfTaskSlots} slots) and returns once all offered their slots.
     */
    public static EmbeddedCluster start(Configuration configuration, int taskManagers) {
        int slots = configuration.get(RuntimeOptions.NUMBER_OF_TASK_SLOTS);
        if (slots < 1) {
            throw new ConfigException(RuntimeOptions.NUMBER_OF_TASK_SLOTS.key(),
                    "Option '" + RuntimeOptions.NUMBER_OF_TASK_SLOTS.key() + "' must be at least 1, was " + slots);
        }
        if (taskManagers < 1) {
            throw new IllegalArgumentException("An embedded cluster needs at least one TaskManager, got " + taskManagers);
        }
        JobManager jobManager = new JobManager(configuration);
        LocalChannelRegistry channels = new LocalChannelRegistry();
        List<TaskManager> started = new ArrayList<>();
        for (int i = 0; i < taskManagers; i++) {
            started.add(newTaskManager(configuration, channels, i));
        }
        EmbeddedCluster cluster = new EmbeddedCluster(jobManager, started, configuration.copy(), channels);
        try {
            for (TaskManager taskManager : started) {
                taskManager.registerAt(jobManager).get(30, TimeUnit.SECONDS);
            }
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            cluster.close();
            throw new IllegalStateException("An embedded TaskManager could not register with the JobManager", e);
        }
        return cluster.withRestServerIfConfigured(configuration);
    }

    private static TaskManager newTaskManager(Configuration configuration, LocalChannelRegistry channels, int index) {
        int slots = configuration.get(RuntimeOptions.NUMBER_OF_TASK_SLOTS);
        // Named in start order, so that slots (sorted by TaskManager id) fill the first TaskManager first.
        return new TaskManager(new TaskManagerId("tm-" + index + "-" + TaskManagerId.generate().value().substring(3)),
                slots, channels, null, ManagedMemory.of(configuration, slots));
    }

    /**
     * Test hook: starts one more TaskManager with {@code taskmanager.numberOfTaskSlots} slots, as
     * if a process joined, and returns once it offered them.
     */
    public TaskManager addTaskManager() {
        checkOpen();
        if (channels == null) {
            throw new IllegalStateException("This cluster's TaskManagers are processes of their own");
        }
        TaskManager added = newTaskManager(configuration, channels, taskManagers.size());
        taskManagers.add(added);
        await(added.registerAt(jobManager));
        return added;
    }

    /**
     * The JobManager of a cluster whose TaskManagers are processes of their own: it has no slots
     * until they register ({@link dev.runnel.runtime.rpc.TaskManagerSessions}), and it places
     * each job on the slots of one TaskManager ({@link JobManager#forRemoteTaskManagers}).
     */
    public static EmbeddedCluster startJobManager(Configuration configuration) {
        return startJobManager(configuration, new InMemoryHighAvailabilityServices());
    }

    /**
     * {@link #startJobManager(Configuration)} whose JobManager keeps its jobs' graphs, results
     * and checkpoint pointers in {@code ha}, so that a next leader can {@linkplain #recoverJobs
     * recover} them. The cluster does not close {@code ha}: its owner does, after the cluster.
     */
    public static EmbeddedCluster startJobManager(Configuration configuration, HighAvailabilityServices ha) {
        EmbeddedCluster cluster = new EmbeddedCluster(JobManager.forRemoteTaskManagers(configuration, ha), List.of(), null,
                null);
        cluster.blobStore = BlobStore.temporary(configuration, BlobStore.STORE_PREFIX + "jobmanager-");
        cluster.sharedCatalog = SharedCatalogFile.forJobManager(configuration, ha.storageDirectory()).orElse(null);
        cluster.haServices = ha;
        return cluster.withRestServerIfConfigured(configuration);
    }

    private EmbeddedCluster withRestServerIfConfigured(Configuration configuration) {
        if (RestOptions.isConfigured(configuration)) {
            try {
                startRestServer(configuration);
            } catch (RuntimeException e) {
                close();
                throw e;
            }
        }
        return this;
    }

    /** See {@link JobManager#recoverJobs()}: runs the jobs a former leader left in the HA stores. */
    public CompletableFuture<List<JobId>> recoverJobs() {
        checkOpen();
        return jobManager.recoverJobs().thenApplyAsync(Function.identity());
    }

    /**
     * See {@link JobManager#suspend()}: this JobManager lost its leadership; its jobs are
     * SUSPENDED, left to the next leader. {@link #close()} afterwards cancels nothing.
     */
    public CompletableFuture<Void> suspend() {
        return jobManager.suspend().thenApplyAsync(Function.identity());
    }

    /** The JobManager, which TaskManagers in other processes register with. */
    public JobManager jobManager() {
        return jobManager;
    }

    /**
     * Starts the REST endpoint as {@code configuration}'s {@code rest.*} options say, unless it
     * runs already; it stops with the cluster. Returns its address.
     *
     * @throws dev.runnel.runtime.config.ConfigException naming the port option when the port is taken
     */
    public synchronized URI startRestServer(Configuration configuration) {
        checkOpen();
        if (restServer == null) {
            restServer = RestServer.start(configuration, this);
        }
        return restServer.address();
    }

    /** The REST endpoint's address, {@code http://host:port}, when it runs. */
    public synchronized Optional<URI> restAddress() {
        return Optional.ofNullable(restServer).map(RestServer::address);
    }

    /** The first embedded TaskManager (tests look at its channels). */
    public TaskManager taskManager() {
        return taskManagers.get(0);
    }

    /** The embedded TaskManagers, in start order. */
    public List<TaskManager> taskManagers() {
        return List.copyOf(taskManagers);
    }

    /**
     * Test hook: stops TaskManager {@code index} abruptly, as if its process died. Its subtasks
     * fail (the job restarts if it may, on the other TaskManagers' slots) and its slots are gone.
     */
    public void killTaskManager(int index) {
        TaskManager victim = taskManagers.get(index);
        victim.kill();
        await(jobManager.taskManagerLost(victim.taskManagerId(), "TaskManager " + victim.taskManagerId()
                + " was lost (killed)"));
    }

    /**
     * Test hook: makes subtask {@code subtaskIndex} of the vertex named {@code vertexName} fail
     * with {@code message}, as if its operator threw; returns whether such a subtask was running.
     */
    public boolean failTask(JobId jobId, String vertexName, int subtaskIndex, String message) {
        return await(jobManager.failTask(jobId, vertexName, subtaskIndex, new IllegalStateException(message)));
    }

    @Override
    public CompletableFuture<String> triggerSavepoint(JobId jobId, String targetDirectory) {
        return jobManager.triggerSavepoint(jobId, targetDirectory, StopMode.NONE).thenApplyAsync(Function.identity());
    }

    @Override
    public CompletableFuture<Void> rescaleJob(JobId jobId, int parallelism) {
        return jobManager.rescaleJob(jobId, parallelism).thenApplyAsync(Function.identity());
    }

    @Override
    public CompletableFuture<String> stopWithSavepoint(JobId jobId, String targetDirectory, boolean drain) {
        return jobManager.triggerSavepoint(jobId, targetDirectory, drain ? StopMode.DRAIN : StopMode.TERMINATE)
                .thenApplyAsync(Function.identity());
    }

    @Override
    public JobId submitJob(JobGraph jobGraph) {
        checkOpen();
        // with TaskManager processes, the JARs of the job's code go to them as blobs (a client of
        // a session cluster shipped them already; an application's are read here)
        JobGraph shipped = blobStore == null ? jobGraph : PipelineJars.ship(jobGraph, blobStore::put);
        // What a remote cluster would receive: a serialized copy, so every job is checked to
        // be shippable and no subtask shares objects with the client.
        return await(jobManager.submitJob(serializedCopy(shipped)));
    }

    /**
     * The store of jobs' JARs ({@code pipeline.jars}) of a JobManager whose TaskManagers are
     * processes ({@link #startJobManager}): clients upload them, TaskManagers fetch them. It is
     * {@code null} when the TaskManagers run in this process and load the JARs where they are.
     */
    public BlobStore blobStore() {
        return blobStore;
    }

    @Override
    public void cancelJob(JobId jobId) {
        await(jobManager.cancelJob(jobId));
    }

    @Override
    public JobInfo getJob(JobId jobId) {
        return await(jobManager.requestJob(jobId));
    }

    @Override
    public List<JobInfo> listJobs() {
        return await(jobManager.requestJobs());
    }

    @Override
    public CompletableFuture<JobInfo> jobTermination(JobId jobId) {
        // Async so that what callers chain onto it never runs on the JobManager's thread.
        return jobManager.jobTermination(jobId).thenApplyAsync(Function.identity());
    }

    @Override
    public Configuration jobConfiguration(JobId jobId) {
        return await(jobManager.requestJobConfiguration(jobId));
    }

    @Override
    public List<TaskManagerInfo> registeredTaskManagers() {
        return await(jobManager.requestTaskManagers());
    }

    @Override
    public ResultChunk fetchResults(JobId jobId, int maxRows, Duration timeout) {
        return await(jobManager.fetchResults(jobId, maxRows, timeout));
    }

    /**
     * {@inheritDoc}
     *
     * <p>Embedded, the one JobManager is this process's; a session cluster's JobManager names
     * the contenders of its election, and without high availability itself alone, with no
     * address (it knows none a client could use; its client knows the one it called).
     */
    @Override
    public ClusterOverview overview() {
        checkOpen();
        List<ClusterOverview.JobManagerEntry> jobManagers = new ArrayList<>();
        HighAvailabilityServices ha = haServices;
        if (ha == null) {
            jobManagers.add(new ClusterOverview.JobManagerEntry("embedded (in this process)", true));
        } else {
            List<String> contenders = ha.jobManagerContenders();
            if (contenders.isEmpty()) {
                jobManagers.add(new ClusterOverview.JobManagerEntry(null, true));
            }
            for (int i = 0; i < contenders.size(); i++) {
                jobManagers.add(new ClusterOverview.JobManagerEntry(contenders.get(i), i == 0));
            }
        }
        return new ClusterOverview(jobManagers, registeredTaskManagers());
    }

    /**
     * {@inheritDoc}
     *
     * <p>Only a session cluster's JobManager ({@link #startJobManager}) with
     * {@code jobmanager.catalog.dir} or high availability keeps one; an embedded cluster's
     * sessions keep their own, as in Flink.
     */
    @Override
    public Optional<CatalogDocument> readCatalog() {
        checkOpen();
        SharedCatalogFile catalog = sharedCatalog;
        return catalog == null ? Optional.empty() : Optional.of(catalog.read());
    }

    @Override
    public boolean writeCatalog(String expectedVersion, byte[] contents) {
        checkOpen();
        SharedCatalogFile catalog = sharedCatalog;
        if (catalog == null) {
            return ClusterClient.super.writeCatalog(expectedVersion, contents);
        }
        return catalog.write(expectedVersion, contents);
    }

    /**
     * Cancels the jobs still running, waits for them to end, and stops every thread it started.
     * After {@link #suspend()} nothing is cancelled: the jobs belong to the next leader.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        synchronized (this) {
            if (restServer != null) {
                restServer.close();
            }
        }
        try {
            if (jobManager.isSuspended()) {
                return;
            }
            List<CompletableFuture<JobInfo>> running = new ArrayList<>();
            for (JobInfo job : jobManager.requestJobs().get(10, TimeUnit.SECONDS)) {
                if (!job.status().isTerminal()) {
                    jobManager.cancelJob(job.id());
                    running.add(jobManager.jobTermination(job.id()));
                }
            }
            CompletableFuture.allOf(running.toArray(new CompletableFuture<?>[0]))
                    .get(CANCEL_ON_CLOSE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            // Closing anyway: the TaskManager cancels and joins whatever still runs.
        } finally {
            taskManagers.forEach(TaskManager::close);
            jobManager.close();
            if (blobStore != null) {
                blobStore.close();
            }
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("The embedded cluster is closed");
        }
    }

    private static <T> T await(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw e;
        }
    }

    private static JobGraph serializedCopy(JobGraph jobGraph) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(jobGraph);
        } catch (NotSerializableException e) {
            throw new IllegalArgumentException("Job '" + jobGraph.name() + "' cannot be submitted: "
                    + e.getMessage() + " is not serializable", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("Job '" + jobGraph.name() + "' cannot be serialized: " + e, e);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray())) {
            @Override
            protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                try {
                    return Class.forName(desc.getName(), false, Thread.currentThread().getContextClassLoader());
                } catch (ClassNotFoundException e) {
                    return super.resolveClass(desc);
                }
            }
        }) {
            return (JobGraph) in.readObject();
        } catch (IOException | ClassNotFoundException e) {
            throw new IllegalArgumentException("Job '" + jobGraph.name() + "' cannot be deserialized: " + e, e);
        }
    }
}
