package dev.runnel.runtime.network;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.stream.Watermark;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LocalChannelRegistryTest {
    private final LocalChannelRegistry registry = new LocalChannelRegistry();
    private final JobId job = JobId.generate();

    @Test
    void producerAndConsumerFindTheSameChannel() {
        ChannelId id = new ChannelId(job, 0, 0, 1);
        assertThat(registry.channel(id, 4)).isSameAs(registry.channel(id, 4));
        assertThat(registry.channelsOf(job)).hasSize(1);
    }

    @Test
    void aChannelAskedForAfterItsJobWasReleasedComesReleasedAndIsNotKept() {
        ChannelId id = new ChannelId(job, 0, 0, 1);
        AtomicInteger released = new AtomicInteger();
        registry.channel(id, 4).setReleaseListener(released::incrementAndGet);
        registry.releaseJob(job);
        assertThat(released).hasValue(1);

        // a consumer's request that arrives late, after the job ended here
        LocalChannel late = registry.channel(id, 4);
        assertThatThrownBy(() -> late.put(new Watermark(1))).isInstanceOf(ChannelReleasedException.class);
        assertThat(registry.channelsOf(job)).isEmpty();
    }

    @Test
    void releasingOldDeploymentsLeavesTheNewOnesChannels() {
        registry.channel(new ChannelId(job, 0, 0, 1, 0), 4);
        registry.release(job, 1);

        LocalChannel old = registry.channel(new ChannelId(job, 0, 0, 1, 0), 4);
        LocalChannel current = registry.channel(new ChannelId(job, 0, 0, 1, 1), 4);
        assertThatThrownBy(() -> old.put(new Watermark(1))).isInstanceOf(ChannelReleasedException.class);
        assertThat(registry.channelsOf(job)).containsExactly(current);
    }

    @Test
    void aReleaseListenerSetOnAReleasedChannelRunsAtOnce() {
        LocalChannel channel = new LocalChannel(new ChannelId(job, 0, 0, 0), 1);
        channel.release();
        AtomicInteger runs = new AtomicInteger();
        channel.setReleaseListener(runs::incrementAndGet);
        channel.release();
        assertThat(runs).as("once").hasValue(1);
    }
}
