package dev.runnel.runtime.scheduler;

import dev.runnel.runtime.taskmanager.TaskManagerId;

/**
 * Where a JobManager's TaskManagers come from. <em>Standalone</em> ({@link #STANDALONE}):
 * they register by themselves and nothing is asked for. <em>Process</em>: the JobManager starts
 * TaskManager JVMs on its machine. Kubernetes pods will be another: the same calls, a pod
 * started where a process is.
 *
 * <p>The slot pool calls it on the JobManager's main thread; an implementation must not block
 * there (it starts what it starts in the background, and the TaskManagers register as any do).
 * The pool asks again whenever what it lacks may have changed (a request waits, a TaskManager
 * registers or is lost) and when told to ({@code JobManager.askForMissingSlots()}, say when a
 * process it started ended), so an implementation that cannot start anything now need not
 * remember that it was asked.
 */
public interface ResourceManager {

    /** Starts nothing: TaskManagers register by themselves. */
    ResourceManager STANDALONE = new ResourceManager() {
        @Override
        public void slotsMissing(int slots) {
        }

        @Override
        public void taskManagerRegistered(TaskManagerId taskManager, int slots) {
        }

        @Override
        public void taskManagerLost(TaskManagerId taskManager) {
        }
    };

    /**
     * Requests that wait lack {@code slots} slots beyond the free ones: start TaskManagers for
     * them if it can, counting those it started that have not registered yet.
     */
    void slotsMissing(int slots);

    /** A TaskManager with {@code slots} slots registered, one this started or any other. */
    void taskManagerRegistered(TaskManagerId taskManager, int slots);

    /**
     * A registered TaskManager is gone from the pool (its connection broke or its heartbeats
     * stopped). One this started is released: stopped if it still runs, and no longer counted.
     */
    void taskManagerLost(TaskManagerId taskManager);
}
