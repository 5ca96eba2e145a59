package dev.runnel.runtime.network;

import dev.runnel.runtime.cluster.JobId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The channels between the subtasks that run in one TaskManager. Producer and consumer ask for
 * a channel by its {@link ChannelId}; the first one creates it. A channel of a deployment
 * already released (a consumer's late request after the job ended, say) is given released and
 * not kept, so none is left behind. Thread-safe.
 */
public final class LocalChannelRegistry {
    private final Map<ChannelId, LocalChannel> channels = new ConcurrentHashMap<>();
    // per job, the generations below which its channels were released: an int a job ever run here
    private final Map<JobId, Integer> releasedBelow = new ConcurrentHashMap<>();

    public LocalChannel channel(ChannelId id, int capacity) {
        LocalChannel existing = channels.get(id);
        if (existing != null) {
            return existing;
        }
        if (isReleased(id)) {
            return released(id, capacity);
        }
        LocalChannel channel = channels.computeIfAbsent(id, k -> new LocalChannel(k, capacity));
        if (isReleased(id) && channels.remove(id, channel)) {
            channel.release(); // released while it was being created
        }
        return channel;
    }

    private boolean isReleased(ChannelId id) {
        return id.generation() < releasedBelow.getOrDefault(id.jobId(), 0);
    }

    private static LocalChannel released(ChannelId id, int capacity) {
        LocalChannel channel = new LocalChannel(id, capacity);
        channel.release();
        return channel;
    }

    /** Releases and forgets every channel of {@code jobId}. */
    public void releaseJob(JobId jobId) {
        release(jobId, Integer.MAX_VALUE);
    }

    /** Releases and forgets the channels of {@code jobId}'s deployments before {@code generation}. */
    public void release(JobId jobId, int generationsBefore) {
        releasedBelow.merge(jobId, generationsBefore, Math::max);
        List<ChannelId> ids = new ArrayList<>();
        for (ChannelId id : channels.keySet()) {
            if (id.jobId().equals(jobId) && id.generation() < generationsBefore) {
                ids.add(id);
            }
        }
        for (ChannelId id : ids) {
            LocalChannel channel = channels.remove(id);
            if (channel != null) {
                channel.release();
            }
        }
    }

    /** The channels of {@code jobId} that exist now (for inspection in tests and metrics). */
    public List<LocalChannel> channelsOf(JobId jobId) {
        List<LocalChannel> result = new ArrayList<>();
        channels.forEach((id, channel) -> {
            if (id.jobId().equals(jobId)) {
                result.add(channel);
            }
        });
        return result;
    }
}
