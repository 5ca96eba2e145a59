package dev.runnel.runtime.network;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.metrics.WaitTimer;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.StreamElement;
import dev.runnel.runtime.stream.Watermark;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LocalChannelTest {
    private final LocalChannel channel = new LocalChannel(new ChannelId(JobId.generate(), 0, 0, 0), 2);

    @Test
    void aFullChannelBlocksTheProducerUntilTheConsumerTakes() throws Exception {
        channel.put(new Watermark(1));
        channel.put(new Watermark(2));
        CompletableFuture<Void> third = CompletableFuture.runAsync(() -> put(new Watermark(3)));

        await().until(() -> channel.size() == 2);
        assertThat(third).isNotDone();
        assertThat(channel.poll()).isEqualTo(new Watermark(1));
        third.get();
        assertThat(channel.poll()).isEqualTo(new Watermark(2));
        assertThat(channel.poll()).isEqualTo(new Watermark(3));
        assertThat(channel.poll()).isNull();
        assertThat(channel.maxDepth()).isEqualTo(2);
    }

    @Test
    void theProducersWaitForRoomIsTimedWhileItLasts() throws Exception {
        WaitTimer backPressured = new WaitTimer();
        channel.put(new Watermark(1), backPressured);
        channel.put(new Watermark(2), backPressured);
        assertThat(backPressured.totalNanos(System.nanoTime())).as("no wait while there is room").isZero();
        Thread producer = new Thread(() -> {
            try {
                channel.put(new Watermark(3), backPressured);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        producer.start();

        await().until(() -> backPressured.totalNanos(System.nanoTime()) > 0);
        assertThat(producer.isAlive()).isTrue();
        channel.poll();
        producer.join();
        long waited = backPressured.totalNanos(System.nanoTime());
        assertThat(waited).isPositive();
        assertThat(backPressured.totalNanos(System.nanoTime() + 1_000_000_000L))
                .as("the wait ended: no more time adds up").isEqualTo(waited);
    }

    @Test
    void releasingWakesABlockedProducerWithAnError() throws Exception {
        channel.put(new RowBatch());
        channel.put(new RowBatch());
        CompletableFuture<Void> blocked = CompletableFuture.runAsync(() -> put(new RowBatch()));

        channel.release();

        await().until(blocked::isDone);
        assertThat(blocked).isCompletedExceptionally();
        assertThat(channel.poll()).isNull();
    }

    @Test
    void notifiesTheConsumerWhenAnEmptyChannelGetsData() throws Exception {
        AtomicInteger notifications = new AtomicInteger();
        channel.setDataListener(notifications::incrementAndGet);
        channel.put(new Watermark(1));
        channel.put(new Watermark(2));
        assertThat(notifications).hasValue(1);
        channel.poll();
        channel.poll();
        channel.put(new Watermark(3));
        assertThat(notifications).hasValue(2);
    }

    private void put(StreamElement element) {
        try {
            channel.put(element);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
