package dev.runnel.shell.cluster;

import dev.runnel.runtime.scheduler.ResourceManager;
import dev.runnel.runtime.taskmanager.TaskManagerId;
import dev.runnel.shell.cluster.TaskManagerProcesses.Worker;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
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
 */
final class ProcessResourceManager implements ResourceManager, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ProcessResourceManager.class);

    private final TaskManagerProcesses processes;
    private final int slotsPerTaskManager;
    private final int maxTaskManagers;
    private final Runnable askAgain;
    // starting a JVM forks: off the JobManager's main thread
    private final ExecutorService starter = Executors.newSingleThreadExecutor(r -> {
        Thread thread = new Thread(r, "runnel-resource-manager");
        thread.setDaemon(true);
        return thread;
    });
    // JobManager main thread only
    private final Set<TaskManagerId> registered = new HashSet<>();
    private final Set<TaskManagerId> released = new HashSet<>();

    /**
     * @param askAgain has the slot pool call {@link #slotsMissing} again (any thread): when a
     *                 process this started ends
     */
    ProcessResourceManager(TaskManagerProcesses processes, int slotsPerTaskManager, int maxTaskManagers,
                           Runnable askAgain) {
        this.processes = processes;
        this.slotsPerTaskManager = slotsPerTaskManager;
        this.maxTaskManagers = maxTaskManagers;
        this.askAgain = askAgain;
    }

    @Override
    public void slotsMissing(int slots) {
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
                processes.launch(worker, askAgain);
            } catch (RuntimeException e) {
                LOG.error("Could not start TaskManager process {}: {}", worker.id(), e.getMessage(), e);
            }
        }));
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
