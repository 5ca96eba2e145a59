package dev.runnel.shell.cluster;

import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.scheduler.ResourceManager;
import dev.runnel.runtime.taskmanager.TaskManagerId;
import dev.runnel.shell.cluster.TaskManagerProcesses.Worker;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The <em>process</em> {@link ResourceManager}: when waiting jobs lack slots, starts TaskManager
 * processes on this machine ({@link TaskManagerProcesses}), as many as cover what is missing,
 * while no more than {@code maxTaskManagers} run. So a TaskManager that died is replaced, and
 * with {@code slotmanager.number-of-slots.max} above the first ones the cluster grows to fit.
 *
 * <p>It knows its processes by the name each registers under ({@code taskmanager.resource-id}),
 * not by whether the OS still lists them: a TaskManager the slot pool lost is released (killed,
 * should it still run) and counts no more at once, and one that ended before it registered
 * makes the pool ask again ({@code askAgain}). So a replacement is never held back by a process
 * that is dying, and none is started twice for the same missing slots.
 *
 * <p>A process that cannot start (a bad JVM option, no memory, a JobManager it cannot reach)
 * ends before it registers. Once more of them than {@code resourcemanager.start-worker.max-failure-rate}
 * did so within a minute, it starts the next one only after
 * {@code resourcemanager.start-worker.retry-interval} (Flink's keys and defaults), so a
 * TaskManager that always crashes is retried at that pace instead of in a tight loop.
 */
final class ProcessResourceManager implements ResourceManager, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ProcessResourceManager.class);

    /** Flink's key: TaskManager processes that may end before registering a minute before starts slow down. */
    static final ConfigOption<Double> MAX_START_FAILURE_RATE = ConfigOption.of(
            "resourcemanager.start-worker.max-failure-rate", Double.class, 10.0,
            "TaskManager processes (started by the JobManager) that may end before they register, per minute, before "
                    + "it waits resourcemanager.start-worker.retry-interval between starts.");

    /** Flink's key: the wait between starts while too many fail. */
    static final ConfigOption<Duration> START_RETRY_INTERVAL = ConfigOption.of(
            "resourcemanager.start-worker.retry-interval", Duration.class, Duration.ofSeconds(3),
            "How long the JobManager waits before it starts another TaskManager process while more than "
                    + "resourcemanager.start-worker.max-failure-rate of them failed to start in the last minute.");

    private static final long MINUTE = TimeUnit.MINUTES.toNanos(1);

    private final TaskManagerProcesses processes;
    private final int slotsPerTaskManager;
    private final int maxTaskManagers;
    private final Runnable askAgain;
    private final double maxFailuresPerMinute;
    private final Duration retryInterval;
    // starting a JVM forks: off the JobManager's main thread
    private final ScheduledExecutorService starter = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "runnel-resource-manager");
        thread.setDaemon(true);
        return thread;
    });
    // written by the JobManager's main thread, read when a process ends
    private final Set<TaskManagerId> registered = ConcurrentHashMap.newKeySet();
    // JobManager main thread only
    private final Set<TaskManagerId> released = new HashSet<>();
    // when processes ended before registering (System.nanoTime()), the last minute's
    private final Deque<Long> startFailures = new ArrayDeque<>();
    private long pausedUntil = Long.MIN_VALUE;
    private boolean paused;

    /**
     * @param askAgain has the slot pool call {@link #slotsMissing} again (any thread): when a
     *                 process this started ends, and when a pause between starts is over
     */
    ProcessResourceManager(TaskManagerProcesses processes, int slotsPerTaskManager, int maxTaskManagers,
                           Configuration configuration, Runnable askAgain) {
        this.processes = processes;
        this.slotsPerTaskManager = slotsPerTaskManager;
        this.maxTaskManagers = maxTaskManagers;
        this.maxFailuresPerMinute = configuration.get(MAX_START_FAILURE_RATE);
        this.retryInterval = configuration.get(START_RETRY_INTERVAL);
        this.askAgain = askAgain;
    }

    static List<ConfigOption<?>> options() {
        return List.of(MAX_START_FAILURE_RATE, START_RETRY_INTERVAL);
    }

    @Override
    public void slotsMissing(int slots) {
        if (pausedForFailures()) {
            return;
        }
        List<Worker> live = processes.workers().stream()
                .filter(w -> !released.contains(w.id()) && w.running()).toList();
        long coming = live.stream().filter(w -> !registered.contains(w.id())).count() * slotsPerTaskManager;
        long needed = slots - coming;
        if (needed <= 0) {
            return;
        }
        int wanted = (int) ((needed + slotsPerTaskManager - 1) / slotsPerTaskManager);
        int count = Math.min(wanted, maxTaskManagers - live.size());
        if (count <= 0) {
            LOG.info("Jobs wait for {} more slots, but {} TaskManager processes run, the most allowed"
                    + " (slotmanager.number-of-slots.max)", slots, maxTaskManagers);
            return;
        }
        List<Worker> workers = processes.create(count);
        LOG.info("Jobs wait for {} more slots: starting {} TaskManager process(es)", slots, workers.size());
        starter.execute(() -> workers.forEach(worker -> {
            try {
                processes.launch(worker, () -> ended(worker));
            } catch (RuntimeException e) {
                LOG.error("Could not start TaskManager process {}: {}", worker.id(), e.getMessage(), e);
            }
        }));
    }

    /** A process this started ended (any thread). */
    private void ended(Worker worker) {
        if (!registered.contains(worker.id())) {
            synchronized (startFailures) {
                startFailures.addLast(System.nanoTime());
            }
        }
        askAgain.run();
    }

    /**
     * Whether starts wait, too many processes having ended before they registered in the last
     * minute; the first time, schedules the pool's next ask for the end of the wait.
     */
    private boolean pausedForFailures() {
        long now = System.nanoTime();
        if (paused) {
            if (now - pausedUntil < 0) {
                return true;
            }
            paused = false;
            return false; // one more try; if it fails too, the next wait begins
        }
        int failures;
        synchronized (startFailures) {
            while (!startFailures.isEmpty() && now - startFailures.peekFirst() > MINUTE) {
                startFailures.removeFirst();
            }
            failures = startFailures.size();
        }
        if (failures <= maxFailuresPerMinute) {
            return false;
        }
        paused = true;
        pausedUntil = now + retryInterval.toNanos();
        LOG.warn("{} TaskManager processes ended before they registered in the last minute (more than {}): starting"
                + " the next one in {} ms. Why they ended: {}", failures, MAX_START_FAILURE_RATE.key() + " "
                + maxFailuresPerMinute, retryInterval.toMillis(), processes.ended());
        starter.schedule(askAgain, retryInterval.toMillis(), TimeUnit.MILLISECONDS);
        return true;
    }

    @Override
    public void taskManagerRegistered(TaskManagerId taskManager, int slots) {
        registered.add(taskManager);
    }

    @Override
    public void taskManagerLost(TaskManagerId taskManager) {
        processes.workers().stream().filter(w -> w.id().equals(taskManager)).findFirst().ifPresent(worker -> {
            released.add(taskManager);
            // lost for its heartbeats, it may still run: the job's slots are elsewhere now
            if (worker.running()) {
                LOG.info("Stopping TaskManager process {}, which the JobManager lost", taskManager);
                worker.kill();
            }
        });
    }

    @Override
    public void close() {
        starter.shutdownNow();
    }
}
