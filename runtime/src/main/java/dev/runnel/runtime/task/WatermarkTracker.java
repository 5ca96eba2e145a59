package dev.runnel.runtime.task;

import java.util.Arrays;

/**
 * Combines the watermarks of a task's input channels: the task's watermark is the minimum over
 * the channels that have not ended, and it only moves forward.
 */
final class WatermarkTracker {
    /** Returned when the combined watermark did not advance. */
    static final long NO_CHANGE = Long.MIN_VALUE;

    private final long[] channelWatermarks;
    private final boolean[] ended;
    private long current = Long.MIN_VALUE;

    WatermarkTracker(int channels) {
        channelWatermarks = new long[channels];
        Arrays.fill(channelWatermarks, Long.MIN_VALUE);
        ended = new boolean[channels];
    }

    /** Records a channel's watermark; returns the new combined watermark or {@link #NO_CHANGE}. */
    long update(int channel, long watermark) {
        channelWatermarks[channel] = Math.max(channelWatermarks[channel], watermark);
        return recompute();
    }

    /** An ended channel no longer holds the combined watermark back. */
    long channelEnded(int channel) {
        ended[channel] = true;
        return recompute();
    }

    private long recompute() {
        long min = Long.MAX_VALUE;
        boolean any = false;
        for (int i = 0; i < channelWatermarks.length; i++) {
            if (!ended[i]) {
                min = Math.min(min, channelWatermarks[i]);
                any = true;
            }
        }
        if (!any || min <= current) {
            return NO_CHANGE;
        }
        current = min;
        return min;
    }
}
