package dev.runnel.runtime.network;

import dev.runnel.runtime.cluster.JobId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The channels of one TaskManager: the {@link LocalChannel}s between its subtasks (and those
 * into which channels from other TaskManagers arrive), and the producing ends of channels whose
 * consumer runs in another TaskManager ({@link #outgoing}). Producer and consumer (or the
 * connection that serves the consumer) ask for a channel by its {@link ChannelId}; the first
 * one creates it. A channel of a deployment already released (a consumer's late request after
 * the job ended, say) is given released and not kept, so none is left behind. Thread-safe.
 */
public final class LocalChannelRegistry {
    private final Map<ChannelId, LocalChannel> channels = new ConcurrentHashMap<>();
    private final Map<ChannelId, Releasable> outgoing = new ConcurrentHashMap<>();
    // per job, the generations below which its channels were released: an int a job ever run here
    private final Map<JobId, Integer> releasedBelow = new ConcurrentHashMap<>();

    public LocalChannel channel(ChannelId id, int capacity) {
        return lookUp(channels, id, key -> new LocalChannel(key, capacity));
    }

    /**
     * The producing end of channel {@code id} to a consumer in another TaskManager, made by
     * {@code create} if it does not exist yet. Every caller for one id passes the same kind.
     */
    @SuppressWarnings("unchecked")
    public <S extends Releasable> S outgoing(ChannelId id, Function<ChannelId, S> create) {
        return (S) lookUp(outgoing, id, create);
    }

    /** A channel's end that the registry releases with its job's deployment. */
    public interface Releasable {
        /** Drops what is buffered and wakes whoever waits on it. Any thread, more than once. */
        void release();
    }

    private <C extends Releasable> C lookUp(Map<ChannelId, C> map, ChannelId id,
                                            Function<ChannelId, ? extends C> create) {
        C existing = map.get(id);
        if (existing != null) {
            return existing;
        }
        if (isReleased(id)) {
            C released = create.apply(id);
            released.release();
            return released;
        }
        C channel = map.computeIfAbsent(id, create);
        if (isReleased(id) && map.remove(id, channel)) {
            channel.release(); // released while it was being created
        }
        return channel;
    }

    private boolean isReleased(ChannelId id) {
        return id.generation() < releasedBelow.getOrDefault(id.jobId(), 0);
    }

    /** Releases and forgets every channel of {@code jobId}. */
    public void releaseJob(JobId jobId) {
        release(jobId, Integer.MAX_VALUE);
    }

    /** Releases and forgets the channels of {@code jobId}'s deployments before {@code generation}. */
    public void release(JobId jobId, int generationsBefore) {
        releasedBelow.merge(jobId, generationsBefore, Math::max);
        release(channels, jobId, generationsBefore);
        release(outgoing, jobId, generationsBefore);
    }

    private static void release(Map<ChannelId, ? extends Releasable> map, JobId jobId, int generationsBefore) {
        List<ChannelId> ids = new ArrayList<>();
        for (ChannelId id : map.keySet()) {
            if (id.jobId().equals(jobId) && id.generation() < generationsBefore) {
                ids.add(id);
            }
        }
        for (ChannelId id : ids) {
            Releasable channel = map.remove(id);
            if (channel != null) {
                channel.release();
            }
        }
    }

    /** The local channels of {@code jobId} that exist now (for inspection in tests and metrics). */
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
