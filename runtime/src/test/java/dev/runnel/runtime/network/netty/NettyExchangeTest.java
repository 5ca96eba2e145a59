package dev.runnel.runtime.network.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.network.ChannelId;
import dev.runnel.runtime.network.LocalChannel;
import dev.runnel.runtime.network.LocalChannelRegistry;
import dev.runnel.runtime.network.NetworkBuffers;
import dev.runnel.runtime.network.Subpartition;
import dev.runnel.runtime.stream.EndOfInput;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.StreamElement;
import dev.runnel.runtime.stream.Watermark;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Two exchanges on 127.0.0.1 in this JVM, a producer's and a consumer's, with small network
 * buffers (256 bytes), so that batches span frames and credit runs out quickly.
 */
class NettyExchangeTest {
    private static final int SEGMENT = NetworkBuffers.MIN_SEGMENT_SIZE;
    private static final RowType ROWS = RowType.of(new RowType.Field("n", DataType.of(TypeRoot.BIGINT)),
            new RowType.Field("text", DataType.of(TypeRoot.VARCHAR)));

    private final LocalChannelRegistry produced = new LocalChannelRegistry();
    private final LocalChannelRegistry received = new LocalChannelRegistry();
    private final NettyExchange producer = NettyExchange.start(produced, "127.0.0.1", 0, "127.0.0.1", Optional.empty());
    private final NettyExchange consumer = NettyExchange.start(received, "127.0.0.1", 0, "127.0.0.1", Optional.empty());
    private final ExecutorService producerThread = Executors.newSingleThreadExecutor();
    private final ChannelId id = new ChannelId(JobId.generate(), 0, 0, 0);
    private final CompletableFuture<Throwable> failed = new CompletableFuture<>();

    @AfterEach
    void close() {
        producerThread.shutdownNow();
        consumer.close();
        producer.close();
    }

    private LocalChannel receive(int exclusive, NetworkBuffers.Floating floating) {
        consumer.receive(producer.address(), id, ROWS, new NetworkBuffers(exclusive, SEGMENT, floating), failed::complete);
        return received.channel(id, LocalChannel.UNBOUNDED);
    }

    /**
     * Puts {@code elements} into the producer's end of the channel (4 buffers), on a thread of
     * its own: a full one blocks it. Counts what it put in {@code put}.
     */
    private void produce(List<StreamElement> elements, AtomicInteger put) {
        Subpartition out = producer.output(id, ROWS, new NetworkBuffers(4, SEGMENT, new NetworkBuffers.Floating(0)));
        producerThread.execute(() -> {
            try {
                for (StreamElement element : elements) {
                    out.put(element, null);
                    put.incrementAndGet();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    private void produce(List<StreamElement> elements) {
        produce(elements, new AtomicInteger());
    }

    private static RowBatch batch(long first, int rows) {
        RowBatch batch = new RowBatch(rows);
        for (long n = first; n < first + rows; n++) {
            batch.add(Row.of(n, "row number " + n));
        }
        return batch;
    }

    private static List<StreamElement> takeAll(LocalChannel from, int count) {
        List<StreamElement> taken = new ArrayList<>();
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            for (StreamElement e = from.poll(); e != null; e = from.poll()) {
                taken.add(e);
            }
            return taken.size() >= count;
        });
        return taken;
    }

    @Test
    void aBatchMuchLargerThanABufferArrivesWholeAndInOrderWithTheEventsAroundIt() {
        LocalChannel in = receive(2, new NetworkBuffers.Floating(0));
        // about 30 KB of rows: over a hundred frames of 256 bytes, through 2 buffers of credit
        produce(List.of(new Watermark(7), batch(0, 1000), new Watermark(8), EndOfInput.INSTANCE));

        List<StreamElement> arrived = takeAll(in, 4);

        assertThat(arrived.get(0)).isEqualTo(new Watermark(7));
        RowBatch rows = (RowBatch) arrived.get(1);
        assertThat(rows.size()).isEqualTo(1000);
        assertThat(rows.get(999).getField(1)).isEqualTo("row number 999");
        assertThat(arrived.subList(2, 4)).containsExactly(new Watermark(8), EndOfInput.INSTANCE);
        assertThat(failed).isNotDone();
    }

    @Test
    void aConsumerThatTakesNothingHoldsOnlyWhatItsBuffersHeldAndGetsTheRestOnceItTakes() {
        NetworkBuffers.Floating floating = new NetworkBuffers.Floating(2);
        LocalChannel in = receive(2, floating);
        // 2,000 small batches of 2 rows (about 50 bytes each): several to a frame
        List<StreamElement> elements = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            elements.add(batch(2L * i, 2));
        }
        AtomicInteger put = new AtomicInteger();
        produce(elements, put);

        // 2 exclusive and 2 floating buffers of 256 bytes: no more than about 4 x 6 batches get here
        await().atMost(Duration.ofSeconds(30)).until(() -> in.size() > 0);
        await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(10)).until(() -> in.size() <= 4 * (SEGMENT / 40));
        assertThat(floating.available()).as("lent out: the producer has a backlog").isLessThan(2);
        // and the producer waits with its 4 buffers (and the one it fills) full: memory is bounded at both ends
        await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(10)).until(() -> put.get() <= 9 * (SEGMENT / 40));

        List<StreamElement> arrived = takeAll(in, 2000);
        assertThat(arrived).hasSize(2000);
        assertThat(((RowBatch) arrived.get(1999)).get(1).getField(0)).isEqualTo(3999L);
        await().atMost(Duration.ofSeconds(10)).until(() -> floating.available() == 2);
        assertThat(failed).isNotDone();
    }
}
