package dev.runnel.runtime.cluster;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobmanager.JobManager;
import dev.runnel.runtime.taskmanager.TaskManager;
import dev.runnel.runtime.taskmanager.TaskManagerId;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * A JobManager and one TaskManager in this JVM, wired through the same gateway interfaces a
 * distributed cluster uses; only the transport differs (direct calls that hop onto each
 * component's own thread). Jobs go through the scheduler like anywhere else. Thread-safe.
 *
 * <p>Reads {@link RuntimeOptions#NUMBER_OF_TASK_SLOTS} and {@link RuntimeOptions#SLOT_REQUEST_TIMEOUT}.
 */
public final class EmbeddedCluster implements ClusterClient {
    private static final Duration CANCEL_ON_CLOSE_TIMEOUT = Duration.ofSeconds(30);

    private final JobManager jobManager;
    private final TaskManager taskManager;
    private volatile boolean closed;

    private EmbeddedCluster(JobManager jobManager, TaskManager taskManager) {
        this.jobManager = jobManager;
        this.taskManager = taskManager;
    }

    /** Starts the JobManager and a TaskManager and returns once the TaskManager offered its slots. */
    public static EmbeddedCluster start(Configuration configuration) {
        int slots = configuration.get(RuntimeOptions.NUMBER_OF_TASK_SLOTS);
        if (slots < 1) {
            throw new ConfigException(RuntimeOptions.NUMBER_OF_TASK_SLOTS.key(),
                    "Option '" + RuntimeOptions.NUMBER_OF_TASK_SLOTS.key() + "' must be at least 1, was " + slots);
        }
        JobManager jobManager = new JobManager(configuration);
        TaskManager taskManager = new TaskManager(TaskManagerId.generate(), slots);
        EmbeddedCluster cluster = new EmbeddedCluster(jobManager, taskManager);
        try {
            taskManager.registerAt(jobManager).get(30, TimeUnit.SECONDS);
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            cluster.close();
            throw new IllegalStateException("The embedded TaskManager could not register with the JobManager", e);
        }
        return cluster;
    }

    /** The embedded TaskManager (tests look at its channels). */
    public TaskManager taskManager() {
        return taskManager;
    }

    @Override
    public JobId submitJob(JobGraph jobGraph) {
        checkOpen();
        // What a remote cluster would receive: a serialized copy, so every job is checked to
        // be shippable and no subtask shares objects with the client.
        return await(jobManager.submitJob(serializedCopy(jobGraph)));
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
    public ResultChunk fetchResults(JobId jobId, int maxRows, Duration timeout) {
        return await(jobManager.fetchResults(jobId, maxRows, timeout));
    }

    /** Cancels the jobs still running, waits for them to end, and stops every thread it started. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
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
            taskManager.close();
            jobManager.close();
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
