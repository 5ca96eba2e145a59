package dev.runnel.runtime.scheduler;

/**
 * Where a JobManager's TaskManagers come from. <em>Standalone</em> ({@link #STANDALONE}):
 * they register by themselves and nothing is asked for. <em>Process</em>: the JobManager starts
 * TaskManager JVMs on its machine. Kubernetes pods will be another: the same two calls, a pod
 * started where a process is.
 *
 * <p>The slot pool calls it on the JobManager's main thread; an implementation must not block
 * there (it starts what it starts in the background, and the TaskManagers register as any do).
 */
public interface ResourceManager {

    /** Starts nothing: TaskManagers register by themselves. */
    ResourceManager STANDALONE = new ResourceManager() {
        @Override
        public void slotsMissing(int slots) {
        }

        @Override
        public void taskManagerRegistered(int slots) {
        }
    };

    /**
     * Requests that wait lack {@code slots} slots beyond those registered (and beyond what this
     * was told before and has not registered yet): start TaskManagers for them if it can.
     */
    void slotsMissing(int slots);

    /** A TaskManager with {@code slots} slots registered, one this started or any other. */
    void taskManagerRegistered(int slots);
}
