package dev.runnel.runtime.network;

import dev.runnel.runtime.cluster.RuntimeOptions;
import dev.runnel.runtime.config.Configuration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The network memory of one input of a subtask, for its channels from other TaskManagers, in
 * buffers of {@code segmentSize} bytes (Flink's model): each channel has {@code exclusive}
 * buffers to itself, and borrows from the input's {@link Floating} buffers while its producer
 * says it has more to send. The producer sends a frame of at most {@code segmentSize} bytes
 * per buffer the consumer granted it (its credit), so what is in flight towards a consumer
 * never exceeds its buffers.
 *
 * @param exclusive   buffers each channel has to itself ({@code taskmanager.network.memory.buffers-per-channel})
 * @param segmentSize bytes per buffer ({@code taskmanager.memory.segment-size})
 * @param floating    the buffers the input's channels share
 *                    ({@code taskmanager.network.memory.floating-buffers-per-gate})
 */
public record NetworkBuffers(int exclusive, int segmentSize, Floating floating) {
    /** The smallest buffer: room for a frame's header and some payload. */
    public static final int MIN_SEGMENT_SIZE = 256;
    /** The largest: frames stay well below what a connection accepts. */
    public static final int MAX_SEGMENT_SIZE = 16 << 20;

    public NetworkBuffers {
        if (exclusive < 1) {
            throw new IllegalArgumentException(RuntimeOptions.BUFFERS_PER_CHANNEL.key() + " must be at least 1, was "
                    + exclusive);
        }
        if (segmentSize < MIN_SEGMENT_SIZE || segmentSize > MAX_SEGMENT_SIZE) {
            throw new IllegalArgumentException(RuntimeOptions.SEGMENT_SIZE.key() + " must be between "
                    + MIN_SEGMENT_SIZE + " bytes and 16mb, was " + segmentSize + " bytes");
        }
    }

    /** The buffers of one input of a job's subtask, from the job's configuration. */
    public static NetworkBuffers of(Configuration job) {
        long segment = job.get(RuntimeOptions.SEGMENT_SIZE).bytes();
        return new NetworkBuffers(job.get(RuntimeOptions.BUFFERS_PER_CHANNEL),
                (int) Math.min(segment, Integer.MAX_VALUE), new Floating(job.get(RuntimeOptions.FLOATING_BUFFERS_PER_GATE)));
    }

    /** {@code exclusive} buffers of 32 KiB per channel, none floating: for tests and benchmarks. */
    public static NetworkBuffers exclusive(int exclusive) {
        return new NetworkBuffers(exclusive, 32 << 10, new Floating(0));
    }

    /** The buffers an input's channels share. Thread-safe: its channels may be on several connections. */
    public static final class Floating {
        private final AtomicInteger available;

        public Floating(int buffers) {
            if (buffers < 0) {
                throw new IllegalArgumentException(RuntimeOptions.FLOATING_BUFFERS_PER_GATE.key()
                        + " must not be negative, was " + buffers);
            }
            this.available = new AtomicInteger(buffers);
        }

        /** Takes a buffer if one is left. */
        public boolean tryAcquire() {
            while (true) {
                int now = available.get();
                if (now == 0) {
                    return false;
                }
                if (available.compareAndSet(now, now - 1)) {
                    return true;
                }
            }
        }

        /** Gives back a buffer {@link #tryAcquire} took. */
        public void release() {
            available.incrementAndGet();
        }

        /** Buffers not lent out now. */
        public int available() {
            return available.get();
        }
    }
}
