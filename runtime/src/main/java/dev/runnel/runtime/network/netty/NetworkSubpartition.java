package dev.runnel.runtime.network.netty;

import dev.runnel.runtime.metrics.WaitTimer;
import dev.runnel.runtime.network.ChannelId;
import dev.runnel.runtime.network.ChannelReleasedException;
import dev.runnel.runtime.network.LocalChannelRegistry;
import dev.runnel.runtime.network.Subpartition;
import dev.runnel.runtime.stream.StreamElement;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.util.ArrayDeque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The producing end of a channel whose consumer runs in another TaskManager, as bytes: the
 * producing task encodes each element (its length, then its {@link StreamElementCodec} form)
 * into network buffers of {@code segmentSize} bytes, and the connection that serves the
 * consumer takes them, one per credit ({@link DataServerHandler}): a full buffer, or what the
 * one being filled holds so far. Elements follow each other in the buffers and are cut where a
 * buffer is full. At most {@code capacity} full buffers wait; a producer that would fill one
 * more waits, so what a channel holds here is bounded in bytes, as what it holds at the
 * consumer is by its credit.
 *
 * <p>Thread-safe: the producer's thread writes ({@link #writer}), the connection's event loop
 * takes ({@link #poll}); {@link #release()} from any thread.
 */
final class NetworkSubpartition implements LocalChannelRegistry.Releasable {
    private final ChannelId id;
    private final int segmentSize;
    private final int capacity;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition notFull = lock.newCondition();
    private final ArrayDeque<ByteBuf> full = new ArrayDeque<>();
    private ByteBuf current; // the buffer being filled; its readable bytes are not taken yet
    private boolean released;
    // the sender's last poll left nothing to take: bytes written now must wake it
    private boolean senderIdle = true;
    private Runnable dataListener = () -> { };
    private Runnable releaseListener = () -> { };

    NetworkSubpartition(ChannelId id, int segmentSize, int capacity) {
        this.id = id;
        this.segmentSize = segmentSize;
        this.capacity = Math.max(1, capacity);
    }

    int segmentSize() {
        return segmentSize;
    }

    /**
     * The producing task's end: encodes elements with {@code codec} into this subpartition.
     * One writer per producer; it keeps a scratch buffer for the element being encoded.
     */
    Subpartition writer(StreamElementCodec codec) {
        return new Subpartition() {
            private final ByteBuf scratch = Unpooled.buffer(segmentSize);

            @Override
            public void put(StreamElement element, WaitTimer whileFull) throws InterruptedException {
                scratch.clear();
                scratch.writeInt(0);
                codec.write(element, scratch);
                scratch.setInt(0, scratch.writerIndex() - 4);
                write(scratch, whileFull);
            }

            @Override
            public void release() {
                NetworkSubpartition.this.release();
            }
        };
    }

    /**
     * Called (from the producer's thread, holding this subpartition's lock: it must only hand
     * work to another thread) whenever bytes arrive while the sender has taken all there was.
     */
    void setDataListener(Runnable listener) {
        lock.lock();
        try {
            dataListener = listener;
            senderIdle = true;
            wakeSender();
        } finally {
            lock.unlock();
        }
    }

    /** Called once the subpartition is released (at once if it is already). */
    void setReleaseListener(Runnable listener) {
        boolean now;
        lock.lock();
        try {
            releaseListener = listener;
            now = released;
        } finally {
            lock.unlock();
        }
        if (now) {
            listener.run();
        }
    }

    /** Copies {@code bytes} into the buffers, waiting while {@code capacity} full ones wait to be sent. */
    private void write(ByteBuf bytes, WaitTimer whileFull) throws InterruptedException {
        lock.lock();
        try {
            while (bytes.isReadable()) {
                if (released) {
                    throw new ChannelReleasedException("Channel " + id + " was released");
                }
                if (current == null) {
                    current = ByteBufAllocator.DEFAULT.buffer(segmentSize, segmentSize);
                }
                current.writeBytes(bytes, Math.min(current.writableBytes(), bytes.readableBytes()));
                if (current.writableBytes() == 0) {
                    finishCurrent(whileFull);
                }
            }
            wakeSender();
        } finally {
            lock.unlock();
        }
    }

    /** Queues the full buffer being filled (what of it was not taken yet), waiting for room first. */
    private void finishCurrent(WaitTimer whileFull) throws InterruptedException {
        if (full.size() >= capacity && !released) {
            if (whileFull != null) {
                whileFull.start(System.nanoTime());
            }
            try {
                while (full.size() >= capacity && !released) {
                    wakeSender(); // it may have taken everything but these bytes, and gone idle
                    notFull.await();
                }
            } finally {
                if (whileFull != null) {
                    whileFull.stop(System.nanoTime());
                }
            }
        }
        if (released) {
            throw new ChannelReleasedException("Channel " + id + " was released");
        }
        if (current.isReadable()) {
            full.addLast(current.readRetainedSlice(current.readableBytes()));
        }
        current.release();
        current = null;
    }

    /**
     * Tells the sender that there is something to take, if its last {@link #poll} left nothing
     * (when it stopped for want of credit, the next credit wakes it). Holding the lock: the
     * listener only hands a task to the connection's event loop.
     */
    private void wakeSender() {
        if (senderIdle && hasData()) {
            senderIdle = false;
            dataListener.run();
        }
    }

    /**
     * The next bytes to send, at most one buffer: the oldest full buffer, else what the one being
     * filled holds (its producer goes on filling it behind what was taken), else {@code null}.
     * The caller owns what it gets. Event loop.
     */
    ByteBuf poll() {
        lock.lock();
        try {
            if (released) {
                return null;
            }
            ByteBuf next = full.pollFirst();
            if (next != null) {
                notFull.signal();
            } else if (current != null && current.isReadable()) {
                next = current.readRetainedSlice(current.readableBytes());
            }
            senderIdle = !hasData();
            return next;
        } finally {
            lock.unlock();
        }
    }

    /** The buffers with bytes to send: for the consumer to lend floating buffers. */
    int backlog() {
        lock.lock();
        try {
            return full.size() + (current != null && current.isReadable() ? 1 : 0);
        } finally {
            lock.unlock();
        }
    }

    private boolean hasData() {
        return !full.isEmpty() || current != null && current.isReadable();
    }

    /** Frees the buffers and wakes a blocked producer, which then fails to write. Any thread. */
    @Override
    public void release() {
        Runnable listener;
        lock.lock();
        try {
            if (released) {
                return;
            }
            released = true;
            full.forEach(ByteBuf::release);
            full.clear();
            if (current != null) {
                current.release();
                current = null;
            }
            notFull.signalAll();
            listener = releaseListener;
        } finally {
            lock.unlock();
        }
        listener.run();
    }
}
