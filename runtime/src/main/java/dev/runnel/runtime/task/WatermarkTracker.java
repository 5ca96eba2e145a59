package dev.runnel.runtime.task;

import dev.runnel.runtime.stream.WatermarkStatus;
import java.util.Arrays;

/**
 * Combines the watermarks and statuses of a task's input channels, over all of its inputs (a
 * join's input 0 and 1 alike), as Flink's {@code StatusWatermarkValve} does:
 * <ul>
 *   <li>the task's watermark is the minimum over the channels that count: not ended, not
 *       idle, and aligned; it only moves forward;</li>
 *   <li>an idle channel does not count; a channel that becomes active again counts only once
 *       its watermark has caught up with the task's (it is not aligned before), so its return
 *       never holds back what other channels already allowed;</li>
 *   <li>the task is idle when every channel that has not ended is idle; when the last active
 *       channel goes idle the watermark advances to the maximum over the channels, since none
 *       of them holds it back any more.</li>
 * </ul>
 * Watermarks that arrive on an idle channel are remembered but count only after it is active.
 */
final class WatermarkTracker {
    /** Returned when the combined watermark did not advance. */
    static final long NO_CHANGE = Long.MIN_VALUE;

    private final long[] channelWatermarks;
    private final boolean[] ended;
    private final boolean[] idle;
    private final boolean[] aligned;
    private long current = Long.MIN_VALUE;

    WatermarkTracker(int channels) {
        channelWatermarks = new long[channels];
        Arrays.fill(channelWatermarks, Long.MIN_VALUE);
        ended = new boolean[channels];
        idle = new boolean[channels];
        aligned = new boolean[channels];
        Arrays.fill(aligned, true);
    }

    /** Records a channel's watermark; returns the new combined watermark or {@link #NO_CHANGE}. */
    long update(int channel, long watermark) {
        channelWatermarks[channel] = Math.max(channelWatermarks[channel], watermark);
        if (!idle[channel] && channelWatermarks[channel] >= current) {
            aligned[channel] = true;
        }
        return recompute();
    }

    /** An ended channel no longer holds the combined watermark back. */
    long channelEnded(int channel) {
        ended[channel] = true;
        return recompute();
    }

    /**
     * Records a channel's status; returns the new combined watermark or {@link #NO_CHANGE}.
     * Compare {@link #isIdle()} before and after to see whether the task's status changed.
     */
    long updateStatus(int channel, WatermarkStatus status) {
        if (status.isIdle()) {
            idle[channel] = true;
            aligned[channel] = false;
            if (isIdle()) {
                return advanceTo(maxOverOpenChannels());
            }
        } else if (idle[channel]) {
            idle[channel] = false;
            aligned[channel] = channelWatermarks[channel] >= current;
        }
        return recompute();
    }

    /** Whether every channel that has not ended is idle (false when all ended). */
    boolean isIdle() {
        boolean anyOpen = false;
        for (int i = 0; i < idle.length; i++) {
            if (!ended[i]) {
                if (!idle[i]) {
                    return false;
                }
                anyOpen = true;
            }
        }
        return anyOpen;
    }

    /** The combined watermark emitted last, {@code Long.MIN_VALUE} before the first. */
    long current() {
        return current;
    }

    private long recompute() {
        long min = Long.MAX_VALUE;
        boolean any = false;
        for (int i = 0; i < channelWatermarks.length; i++) {
            if (!ended[i] && !idle[i] && aligned[i]) {
                min = Math.min(min, channelWatermarks[i]);
                any = true;
            }
        }
        return any ? advanceTo(min) : NO_CHANGE;
    }

    private long maxOverOpenChannels() {
        long max = Long.MIN_VALUE;
        for (int i = 0; i < channelWatermarks.length; i++) {
            if (!ended[i]) {
                max = Math.max(max, channelWatermarks[i]);
            }
        }
        return max;
    }

    private long advanceTo(long watermark) {
        if (watermark <= current) {
            return NO_CHANGE;
        }
        current = watermark;
        // Channels that were behind and have now caught up count again.
        for (int i = 0; i < channelWatermarks.length; i++) {
            if (!idle[i] && !aligned[i] && channelWatermarks[i] >= current) {
                aligned[i] = true;
            }
        }
        return watermark;
    }
}
