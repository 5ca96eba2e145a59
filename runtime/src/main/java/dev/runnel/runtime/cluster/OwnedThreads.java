package dev.runnel.runtime.cluster;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadFactory;

/**
 * A thread factory that remembers the threads it made, so that their owner can wait until they
 * have really ended when it stops (an executor reports termination before its last thread
 * exits).
 */
public final class OwnedThreads implements ThreadFactory {
    private final String name;
    private final List<Thread> threads = new CopyOnWriteArrayList<>();

    /** @param name the name of every thread this factory makes */
    public OwnedThreads(String name) {
        this.name = name;
    }

    @Override
    public Thread newThread(Runnable runnable) {
        Thread thread = new Thread(runnable, name);
        thread.setDaemon(true);
        threads.add(thread);
        return thread;
    }

    /** Waits up to {@code timeout} for every thread made here to end. */
    public void joinAll(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (Thread thread : threads) {
            long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
            thread.join(left);
        }
    }
}
