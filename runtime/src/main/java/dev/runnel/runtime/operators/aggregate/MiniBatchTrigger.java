package dev.runnel.runtime.operators.aggregate;

import dev.runnel.runtime.state.ProcessingTimeService;

/**
 * When an operator's mini-batch goes out ({@link MiniBatchSettings}): once it holds {@code size}
 * rows, or {@code allowLatency} after its first row (a processing-time timer). The owner flushes
 * at its other occasions (a watermark, a barrier, the end of input) itself and then calls
 * {@link #flushed}. Task thread only.
 */
final class MiniBatchTrigger {
    /** What empties the mini-batch; it calls {@link #flushed}. */
    interface Flush {
        void run() throws Exception;
    }

    private final MiniBatchSettings settings;
    private final ProcessingTimeService time;
    private final Flush flush;
    private long buffered;
    private ProcessingTimeService.Cancellable timer;

    MiniBatchTrigger(MiniBatchSettings settings, ProcessingTimeService time, Flush flush) {
        this.settings = settings;
        this.time = time;
        this.flush = flush;
    }

    /** A row went into the mini-batch: flushes a full one, or makes sure its latency timer runs. */
    void rowBuffered() throws Exception {
        buffered++;
        if (buffered >= settings.size()) {
            flush.run();
        } else if (timer == null) {
            timer = time.schedule(time.currentTime() + settings.allowLatency().toMillis(), t -> {
                timer = null;
                flush.run();
            });
        }
    }

    /** The mini-batch was emptied: it counts from zero and needs no timer until its next row. */
    void flushed() {
        cancel();
        buffered = 0;
    }

    /** Stops the latency timer (the operator closes). */
    void cancel() {
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
    }
}
