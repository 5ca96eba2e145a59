package dev.runnel.runtime.testing;

import dev.runnel.runtime.state.ProcessingTimeService;
import java.util.PriorityQueue;

/**
 * A processing-time clock that moves only when a test says so: {@link #setCurrentTime} runs
 * every callback due by then, earliest first (also those scheduled by the callbacks), in the
 * caller's thread, as a task runs them in its own.
 */
public final class ManualProcessingTimeService implements ProcessingTimeService {
    private record Scheduled(long time, long sequence, Callback callback, boolean[] cancelled) {
    }

    private final PriorityQueue<Scheduled> queue = new PriorityQueue<>((a, b) -> a.time != b.time
            ? Long.compare(a.time, b.time) : Long.compare(a.sequence, b.sequence));
    private long now;
    private long sequence;

    public ManualProcessingTimeService(long start) {
        this.now = start;
    }

    @Override
    public long currentTime() {
        return now;
    }

    @Override
    public Cancellable schedule(long time, Callback callback) {
        boolean[] cancelled = {false};
        queue.add(new Scheduled(time, sequence++, callback, cancelled));
        return () -> cancelled[0] = true;
    }

    /** Moves the clock to {@code time} (never backwards) and runs the callbacks due by then. */
    public void setCurrentTime(long time) throws Exception {
        now = Math.max(now, time);
        while (!queue.isEmpty() && queue.peek().time() <= now) {
            Scheduled next = queue.poll();
            if (!next.cancelled()[0]) {
                next.callback().onTime(next.time());
            }
        }
    }

    /** The number of callbacks scheduled and not yet run or cancelled. */
    public int pendingCallbacks() {
        return (int) queue.stream().filter(s -> !s.cancelled()[0]).count();
    }
}
