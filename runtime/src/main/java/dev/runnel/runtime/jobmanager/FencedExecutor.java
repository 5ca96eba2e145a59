package dev.runnel.runtime.jobmanager;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The JobManager's main thread as the jobs see it: once the JobManager lost its leadership
 * ({@code fenced} is true) every task handed in, queued or scheduled, is dropped when its turn
 * comes, so that a periodic checkpoint, a restart timer or a slot grant queued before the loss
 * sends nothing to the TaskManagers, which belong to the next leader. The JobManager's own
 * tasks (the suspension itself, queries) run on the unfenced executor. Shutting this down is
 * the owner's business: {@link #shutdown} and its kin only tell the state of the main thread.
 */
final class FencedExecutor extends AbstractExecutorService implements ScheduledExecutorService {
    private final ScheduledExecutorService mainThread;
    private final BooleanSupplier fenced;

    FencedExecutor(ScheduledExecutorService mainThread, BooleanSupplier fenced) {
        this.mainThread = mainThread;
        this.fenced = fenced;
    }

    private Runnable guarded(Runnable task) {
        return () -> {
            if (!fenced.getAsBoolean()) {
                task.run();
            }
        };
    }

    @Override
    public void execute(Runnable command) {
        mainThread.execute(guarded(command));
    }

    @Override
    public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
        return mainThread.schedule(guarded(command), delay, unit);
    }

    @Override
    public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
        return mainThread.schedule(() -> {
            if (fenced.getAsBoolean()) {
                throw new IllegalStateException("The JobManager lost its leadership");
            }
            return callable.call();
        }, delay, unit);
    }

    @Override
    public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period, TimeUnit unit) {
        return mainThread.scheduleAtFixedRate(guarded(command), initialDelay, period, unit);
    }

    @Override
    public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay, TimeUnit unit) {
        return mainThread.scheduleWithFixedDelay(guarded(command), initialDelay, delay, unit);
    }

    @Override
    public void shutdown() {
        throw new UnsupportedOperationException("The JobManager's main thread is shut down by the JobManager");
    }

    @Override
    public List<Runnable> shutdownNow() {
        throw new UnsupportedOperationException("The JobManager's main thread is shut down by the JobManager");
    }

    @Override
    public boolean isShutdown() {
        return mainThread.isShutdown();
    }

    @Override
    public boolean isTerminated() {
        return mainThread.isTerminated();
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return mainThread.awaitTermination(timeout, unit);
    }
}
