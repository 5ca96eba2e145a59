package dev.runnel.runtime.bench;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.network.ChannelId;
import dev.runnel.runtime.network.ChannelSelector;
import dev.runnel.runtime.network.InputGate;
import dev.runnel.runtime.network.LocalChannel;
import dev.runnel.runtime.network.LocalInputGate;
import dev.runnel.runtime.network.PipelinedResultPartition;
import dev.runnel.runtime.network.RecordWriter;
import dev.runnel.runtime.stream.RowBatch;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The in-memory exchange between two tasks in one TaskManager: the benchmark thread writes
 * rows through a {@link RecordWriter} (FORWARD) into a {@link LocalChannel} of the default
 * capacity (4 batches), and a consumer thread polls them from a {@link LocalInputGate}, as a
 * downstream task does. An invocation ends when the consumer has taken every row written, so
 * the score is end-to-end rows/s (operations are rows); the {@code batches} counter is batches/s.
 */
@State(Scope.Thread)
public class LocalExchangeBenchmark extends ShortRuns {
    private static final int ROWS_PER_INVOCATION = 1 << 16;
    private static final int CHANNEL_CAPACITY = 4;

    @Param({"128", "1024"})
    public int batchSize;

    private Row[] bids;
    private RecordWriter writer;
    private InputGate gate;
    private Thread consumer;
    private final AtomicLong rowsReceived = new AtomicLong();
    private final AtomicLong batchesReceived = new AtomicLong();
    private long rowsSent;

    /** Batches per second, next to the score's rows per second. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Counters {
        public long batches;
    }

    @Setup(Level.Trial)
    public void setUp() {
        bids = BenchRows.bids(1024);
        LocalChannel channel = new LocalChannel(new ChannelId(JobId.generate(), 0, 0, 0), CHANNEL_CAPACITY);
        writer = new RecordWriter(new PipelinedResultPartition(List.of(channel)),
                ChannelSelector.of(new Partitioning.Forward(), 1, 0, 128), batchSize);
        gate = new LocalInputGate(List.of(channel));
        consumer = new Thread(this::consume, "jmh-exchange-consumer");
        consumer.setDaemon(true);
        consumer.start();
    }

    private void consume() {
        while (!Thread.currentThread().isInterrupted()) {
            InputGate.InputElement element = gate.pollNext();
            if (element == null) {
                Thread.onSpinWait();
            } else if (element.element() instanceof RowBatch batch) {
                rowsReceived.addAndGet(batch.size());
                batchesReceived.incrementAndGet();
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        consumer.interrupt();
        consumer.join();
        gate.release();
    }

    @Benchmark
    @OperationsPerInvocation(ROWS_PER_INVOCATION)
    public void forward(Counters counters) throws InterruptedException {
        long batchesBefore = batchesReceived.get();
        for (int i = 0; i < ROWS_PER_INVOCATION; i++) {
            writer.collect(bids[i & 1023]);
        }
        writer.flush();
        rowsSent += ROWS_PER_INVOCATION;
        while (rowsReceived.get() < rowsSent) {
            Thread.onSpinWait();
        }
        counters.batches += batchesReceived.get() - batchesBefore;
    }
}
