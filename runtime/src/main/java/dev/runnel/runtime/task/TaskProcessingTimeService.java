package dev.runnel.runtime.task;

import dev.runnel.runtime.state.ProcessingTimeService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A task's processing time: the wall clock, and callbacks that a shared scheduler thread hands
 * to the task's mailbox when they are due, so they run in the task's thread.
 */
final class TaskProcessingTimeService implements ProcessingTimeService {
    /** One daemon thread serves every task of the JVM: it only posts mail, the tasks do the work. */
    private static final ScheduledThreadPoolExecutor SCHEDULER = newScheduler();

    private final Consumer<Mailbox.Mail> mailbox;

    TaskProcessingTimeService(Consumer<Mailbox.Mail> mailbox) {
        this.mailbox = mailbox;
    }

    private static ScheduledThreadPoolExecutor newScheduler() {
        ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "runnel-processing-time");
            t.setDaemon(true);
            return t;
        });
        scheduler.setRemoveOnCancelPolicy(true);
        return scheduler;
    }

    @Override
    public long currentTime() {
        return System.currentTimeMillis();
    }

    @Override
    public Cancellable schedule(long time, Callback callback) {
        long delay = Math.max(0, time - currentTime());
        ScheduledFuture<?> future = SCHEDULER.schedule(() -> mailbox.accept(() -> callback.onTime(time)),
                delay, TimeUnit.MILLISECONDS);
        return () -> future.cancel(false);
    }
}
