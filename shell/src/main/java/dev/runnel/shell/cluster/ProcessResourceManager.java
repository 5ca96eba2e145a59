package dev.runnel.shell.cluster;

import dev.runnel.runtime.scheduler.ResourceManager;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The <em>process</em> {@link ResourceManager}: when waiting jobs lack slots, starts TaskManager
 * processes on this machine ({@link TaskManagerProcesses}), as many as cover what is missing,
 * while no more than {@code maxTaskManagers} run. So a TaskManager that died is replaced, and
 * with {@code slotmanager.number-of-slots.max} above the first ones the cluster grows to fit.
 */
final class ProcessResourceManager implements ResourceManager, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ProcessResourceManager.class);

    private final TaskManagerProcesses processes;
    private final int slotsPerTaskManager;
    private final int maxTaskManagers;
    // starting a JVM forks: off the JobManager's main thread
    private final ExecutorService starter = Executors.newSingleThreadExecutor(r -> {
        Thread thread = new Thread(r, "runnel-resource-manager");
        thread.setDaemon(true);
        return thread;
    });
    // JobManager main thread only: slots of TaskManagers started and not registered yet
    private int startedSlots;

    ProcessResourceManager(TaskManagerProcesses processes, int slotsPerTaskManager, int maxTaskManagers) {
        this.processes = processes;
        this.slotsPerTaskManager = slotsPerTaskManager;
        this.maxTaskManagers = maxTaskManagers;
    }

    @Override
    public void slotsMissing(int slots) {
        int needed = slots - startedSlots;
        if (needed <= 0) {
            return;
        }
        int wanted = (needed + slotsPerTaskManager - 1) / slotsPerTaskManager;
        int room = maxTaskManagers - processes.running().size() - startedSlots / slotsPerTaskManager;
        int count = Math.min(wanted, room);
        if (count <= 0) {
            LOG.info("Jobs wait for {} more slots, but {} TaskManager processes run, the most allowed"
                    + " (slotmanager.number-of-slots.max)", slots, maxTaskManagers);
            return;
        }
        startedSlots += count * slotsPerTaskManager;
        LOG.info("Jobs wait for {} more slots: starting {} TaskManager process(es)", slots, count);
        starter.execute(() -> {
            try {
                processes.start(count);
            } catch (RuntimeException e) {
                LOG.error("Could not start TaskManager processes: {}", e.getMessage(), e);
            }
        });
    }

    @Override
    public void taskManagerRegistered(int slots) {
        startedSlots = Math.max(0, startedSlots - slots);
    }

    @Override
    public void close() {
        starter.shutdownNow();
    }
}
