package dev.runnel.runtime.network;

import dev.runnel.runtime.metrics.WaitTimer;
import dev.runnel.runtime.stream.StreamElement;
import java.util.ArrayDeque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A bounded queue of stream elements from one producer subtask to one consumer subtask in the
 * same JVM. A full channel blocks the producer (backpressure) until the consumer takes an
 * element or either side releases the channel, so a blocked producer still notices
 * cancellation.
 *
 * <p>Thread-safe: one producer thread and one consumer thread.
 */
public final class LocalChannel implements Subpartition {
    /**
     * The capacity of a channel from another TaskManager: its network buffers bound it (the
     * producer sends only against credit), so putting never waits there, on a connection's thread.
     */
    public static final int UNBOUNDED = Integer.MAX_VALUE;

    private final ChannelId id;
    private final int capacity;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition notFull = lock.newCondition();
    // StreamElements, and Encoded ones from another TaskManager
    private final ArrayDeque<Object> queue;
    private Runnable dataListener = () -> { };
    private Runnable takeListener;
    private Runnable releaseListener;
    private boolean released;
    private int maxDepth;

    public LocalChannel(ChannelId id, int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("Channel capacity must be at least 1, was " + capacity);
        }
        this.id = id;
        this.capacity = capacity;
        this.queue = new ArrayDeque<>(Math.min(capacity, 16));
    }

    public ChannelId id() {
        return id;
    }

    public int capacity() {
        return capacity;
    }

    /** Called (from the producer's thread) whenever an element arrives in an empty channel. */
    public void setDataListener(Runnable listener) {
        lock.lock();
        try {
            this.dataListener = listener;
        } finally {
            lock.unlock();
        }
        if (!isEmpty()) {
            listener.run();
        }
    }

    /**
     * Appends {@code element}, waiting while the channel is full.
     *
     * @throws ChannelReleasedException if the channel is or gets released
     * @throws InterruptedException if the producer's thread is interrupted while waiting
     */
    public void put(StreamElement element) throws InterruptedException {
        put(element, null);
    }

    /**
     * Appends {@code element} as {@link #put(StreamElement)} does, timing any wait for room with
     * {@code whileFull} (the producer's back-pressured time; may be {@code null}).
     */
    @Override
    public void put(StreamElement element, WaitTimer whileFull) throws InterruptedException {
        append(element, whileFull);
    }

    /**
     * An element that arrived from another TaskManager as bytes: the consumer's thread decodes
     * it when it takes it ({@link #poll()}), so that the connection's thread only moves bytes.
     */
    public interface Encoded {
        /** The element; may throw for bytes that are not one, saying where they came from. */
        StreamElement decode();
    }

    /**
     * Appends an element still in its bytes, as {@link #put(StreamElement)} does (a channel from
     * another TaskManager is {@link #UNBOUNDED}, so this never waits there).
     */
    public void putEncoded(Encoded element) throws InterruptedException {
        append(element, null);
    }

    private void append(Object element, WaitTimer whileFull) throws InterruptedException {
        Runnable notify;
        lock.lock();
        try {
            if (queue.size() >= capacity && !released) {
                awaitRoom(whileFull);
            }
            if (released) {
                throw new ChannelReleasedException("Channel " + id + " was released");
            }
            boolean wasEmpty = queue.isEmpty();
            queue.addLast(element);
            maxDepth = Math.max(maxDepth, queue.size());
            notify = wasEmpty ? dataListener : null;
        } finally {
            lock.unlock();
        }
        if (notify != null) {
            notify.run();
        }
    }

    /** Waits, holding the lock, until the full channel has room or is released. */
    private void awaitRoom(WaitTimer whileFull) throws InterruptedException {
        if (whileFull != null) {
            whileFull.start(System.nanoTime());
        }
        try {
            while (queue.size() >= capacity && !released) {
                notFull.await();
            }
        } finally {
            if (whileFull != null) {
                whileFull.stop(System.nanoTime());
            }
        }
    }

    /**
     * Called (from the consumer's thread) after each element the consumer took: the channel of a
     * producer in another TaskManager grants it credit for the room. Set once, before polling.
     */
    public void setTakeListener(Runnable listener) {
        lock.lock();
        try {
            this.takeListener = listener;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Called once the channel is released (at once if it is already): a channel to or from
     * another TaskManager forgets it then. Set once.
     */
    public void setReleaseListener(Runnable listener) {
        boolean now;
        lock.lock();
        try {
            this.releaseListener = listener;
            now = released;
        } finally {
            lock.unlock();
        }
        if (now) {
            listener.run();
        }
    }

    /**
     * The next element (decoded here if it came {@link Encoded}), or {@code null} if the
     * channel is empty. Never blocks.
     */
    public StreamElement poll() {
        Object e;
        Runnable taken;
        lock.lock();
        try {
            e = queue.pollFirst();
            if (e == null) {
                return null;
            }
            notFull.signal();
            taken = takeListener;
        } finally {
            lock.unlock();
        }
        if (taken != null) {
            taken.run();
        }
        return e instanceof Encoded encoded ? encoded.decode() : (StreamElement) e;
    }

    public boolean isEmpty() {
        lock.lock();
        try {
            return queue.isEmpty();
        } finally {
            lock.unlock();
        }
    }

    public int size() {
        lock.lock();
        try {
            return queue.size();
        } finally {
            lock.unlock();
        }
    }

    /** The largest number of elements the channel ever held; never exceeds {@link #capacity()}. */
    public int maxDepth() {
        lock.lock();
        try {
            return maxDepth;
        } finally {
            lock.unlock();
        }
    }

    /** Drops the buffered elements and wakes a blocked producer, which then fails to write. */
    @Override
    public void release() {
        Runnable listener;
        lock.lock();
        try {
            if (released) {
                return;
            }
            released = true;
            queue.clear();
            notFull.signalAll();
            listener = releaseListener;
        } finally {
            lock.unlock();
        }
        if (listener != null) {
            listener.run();
        }
    }
}
