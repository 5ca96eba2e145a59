package dev.runnel.runtime.network.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.network.ChannelId;
import dev.runnel.runtime.network.ChannelReleasedException;
import dev.runnel.runtime.network.Subpartition;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.StreamElement;
import dev.runnel.runtime.stream.Watermark;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The producing end of a channel to another TaskManager, without a connection: the test is
 * the sender, and takes bytes only when the subpartition wakes it, as the event loop does.
 */
class NetworkSubpartitionTest {
    private static final int SEGMENT = 256;
    private static final ChannelId ID = new ChannelId(JobId.generate(), 0, 0, 0);

    private final ExecutorService producerThread = Executors.newSingleThreadExecutor();

    @AfterEach
    void stop() {
        producerThread.shutdownNow();
    }

    private static RowBatch batch(int rows) {
        RowBatch batch = new RowBatch(rows);
        for (long n = 0; n < rows; n++) {
            batch.add(Row.of(n, "row number " + n));
        }
        return batch;
    }

    private static int encodedLength(StreamElement element) {
        ByteBuf bytes = Unpooled.buffer();
        StreamElementCodec.UNTYPED.write(element, bytes);
        return 4 + bytes.readableBytes();
    }

    private Future<?> produce(Subpartition writer, StreamElement... elements) {
        return producerThread.submit(() -> {
            for (StreamElement element : elements) {
                writer.put(element, null);
            }
            return null;
        });
    }

    @Test
    void aSenderThatTookEverythingIsWokenForWhatIsWrittenAfterTheProducerWaitedForRoom() throws Exception {
        NetworkSubpartition subpartition = new NetworkSubpartition(ID, SEGMENT, 2);
        Semaphore wakeUps = new Semaphore(0);
        subpartition.setDataListener(wakeUps::release);
        Watermark before = new Watermark(41);
        RowBatch rows = batch(300); // about 30 buffers, through room for 2
        Watermark watermark = new Watermark(42);
        int expected = encodedLength(before) + encodedLength(rows) + encodedLength(watermark);

        Future<?> produced = produce(subpartition.writer(StreamElementCodec.UNTYPED), before, rows, watermark);
        // the batch starts behind bytes not taken yet, and its producer waits for room
        await().atMost(Duration.ofSeconds(10)).until(() -> subpartition.backlog() == 3);
        ByteBuf sent = Unpooled.buffer();
        while (sent.readableBytes() < expected) {
            assertThat(wakeUps.tryAcquire(10, TimeUnit.SECONDS))
                    .as("woken for more after %d of %d bytes", sent.readableBytes(), expected).isTrue();
            for (ByteBuf buffer = subpartition.poll(); buffer != null; buffer = subpartition.poll()) {
                assertThat(buffer.readableBytes()).isLessThanOrEqualTo(SEGMENT);
                sent.writeBytes(buffer);
                buffer.release();
            }
        }
        produced.get(10, TimeUnit.SECONDS);

        assertThat(sent.readableBytes()).isEqualTo(expected);
        assertThat(StreamElementCodec.UNTYPED.read(sent.readSlice(sent.readInt()))).isEqualTo(before);
        RowBatch first = (RowBatch) StreamElementCodec.UNTYPED.read(sent.readSlice(sent.readInt()));
        assertThat(first.size()).isEqualTo(300);
        assertThat(first.get(299)).isEqualTo(Row.of(299L, "row number 299"));
        assertThat(StreamElementCodec.UNTYPED.read(sent.readSlice(sent.readInt()))).isEqualTo(watermark);
    }

    @Test
    void aProducerWaitsWithItsBuffersFullAndARelease() throws Exception {
        NetworkSubpartition subpartition = new NetworkSubpartition(ID, SEGMENT, 2);
        Future<?> produced = produce(subpartition.writer(StreamElementCodec.UNTYPED), batch(300));

        // nobody sends: the producer stops at 2 full buffers and the one it fills
        await().atMost(Duration.ofSeconds(10)).until(() -> subpartition.backlog() == 3);
        await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(5)).until(() -> !produced.isDone());

        subpartition.release();
        try {
            produced.get(10, TimeUnit.SECONDS);
            throw new AssertionError("the producer wrote into a released channel");
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(ChannelReleasedException.class);
        }
        assertThat(subpartition.poll()).isNull();
    }
}
