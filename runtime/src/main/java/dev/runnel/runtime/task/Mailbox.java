package dev.runnel.runtime.task;

import dev.runnel.runtime.metrics.WaitTimer;
import java.util.ArrayDeque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The queue of work for a task's thread: control messages (cancel; later timers and
 * checkpoint triggers) arrive as mail, and input that became available arrives as a wake-up.
 * The task's thread runs mail between input elements and sleeps here when it has nothing to do,
 * so operators are only ever called from that one thread.
 *
 * <p>{@link #put} and {@link #wakeUp} may be called from any thread; the rest only from the
 * task's thread.
 */
final class Mailbox {

    /** A piece of work for the task's thread. */
    @FunctionalInterface
    interface Mail {
        void run() throws Exception;
    }

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition workArrived = lock.newCondition();
    private final ArrayDeque<Mail> mails = new ArrayDeque<>();
    private final WaitTimer idle;
    private boolean wokenUp;

    /** @param idle times the task's thread's sleeps in {@link #awaitWork()} */
    Mailbox(WaitTimer idle) {
        this.idle = idle;
    }

    void put(Mail mail) {
        lock.lock();
        try {
            mails.addLast(mail);
            workArrived.signal();
        } finally {
            lock.unlock();
        }
    }

    /** Tells the task's thread that input may be available. */
    void wakeUp() {
        lock.lock();
        try {
            wokenUp = true;
            workArrived.signal();
        } finally {
            lock.unlock();
        }
    }

    /** Runs the mail queued now, in order; whether there was any. */
    boolean runPendingMails() throws Exception {
        boolean ran = false;
        while (true) {
            Mail mail;
            lock.lock();
            try {
                mail = mails.pollFirst();
            } finally {
                lock.unlock();
            }
            if (mail == null) {
                return ran;
            }
            mail.run();
            ran = true;
        }
    }

    /**
     * Sleeps until mail arrives, {@link #wakeUp()} is called or {@link System#nanoTime()} reaches
     * {@code deadline} ({@link Long#MAX_VALUE}: no deadline); returns at once if mail or a
     * wake-up came since the last call, so a wake-up between polling the input and sleeping is
     * never lost.
     */
    void awaitWork(long deadline) throws InterruptedException {
        lock.lock();
        try {
            if (mails.isEmpty() && !wokenUp) {
                idle.start(System.nanoTime());
                try {
                    while (mails.isEmpty() && !wokenUp) {
                        if (deadline == Long.MAX_VALUE) {
                            workArrived.await();
                        } else {
                            long left = deadline - System.nanoTime();
                            if (left <= 0) {
                                break;
                            }
                            workArrived.awaitNanos(left);
                        }
                    }
                } finally {
                    idle.stop(System.nanoTime());
                }
            }
            wokenUp = false;
        } finally {
            lock.unlock();
        }
    }
}
