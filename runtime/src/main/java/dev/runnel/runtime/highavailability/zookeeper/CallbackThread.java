package dev.runnel.runtime.highavailability.zookeeper;

import dev.runnel.runtime.cluster.OwnedThreads;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one thread on which an election calls its contender, or a retrieval its listener: Curator's
 * callbacks are handed to it, so they arrive in order and never concurrently. Once shut down it
 * drops what it is given.
 */
final class CallbackThread implements Executor {
    private static final Logger LOG = LoggerFactory.getLogger(CallbackThread.class);
    private static final long SHUTDOWN_SECONDS = 10;

    private final ExecutorService executor;

    CallbackThread(String name) {
        this.executor = Executors.newSingleThreadExecutor(new OwnedThreads(name));
    }

    @Override
    public void execute(Runnable task) {
        try {
            executor.execute(task);
        } catch (RejectedExecutionException e) {
            // Shut down: nothing more is delivered.
        }
    }

    /** Runs {@code task} after everything handed over before it, and waits for it. */
    void runAndWait(Runnable task) {
        try {
            executor.submit(task).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            LOG.warn("A high-availability callback failed", e.getCause());
        } catch (RejectedExecutionException e) {
            // Shut down already.
        }
    }

    /** Lets the callbacks in flight end (for a while) and drops any later ones. */
    void shutdown() {
        executor.shutdown();
        try {
            executor.awaitTermination(SHUTDOWN_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
