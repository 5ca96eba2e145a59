package dev.runnel.runtime.source.watermark;

import dev.runnel.runtime.cluster.RuntimeOptions;
import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.source.InputStatus;
import dev.runnel.runtime.source.SourceReader;
import dev.runnel.runtime.state.ProcessingTimeService;
import dev.runnel.runtime.state.StateOptions;
import java.io.Serializable;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Reads through another reader and generates watermarks from its rows ({@link SourceWatermarks}):
 * the reader is polled with a {@link dev.runnel.runtime.source.ReaderOutput} so it can attribute
 * rows to splits, and a processing-time timer emits the watermark every
 * {@code pipeline.auto-watermark-interval} (0 turns periodic watermarks, and so idleness, off)
 * and checks {@code table.exec.source.idle-timeout}. The task ends a bounded source with
 * {@link dev.runnel.runtime.stream.Watermark#MAX}.
 *
 * <p>The delegate's rows and watermarks go to the context's output; task thread only.
 */
final class WatermarkedSourceReader implements SourceReader {
    private final SourceReader reader;
    private final WatermarkStrategy strategy;
    private SourceWatermarks watermarks;
    private ProcessingTimeService time;
    private ProcessingTimeService.Cancellable timer;
    private long interval;
    private WatermarkExpression expression;
    /** Set when the input ended or the reader closed: no more periodic watermarks. */
    private boolean closed;

    WatermarkedSourceReader(SourceReader reader, WatermarkStrategy strategy) {
        this.reader = reader;
        this.strategy = strategy;
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        expression = strategy.expression().newInstance(context);
        Configuration config = context.configuration();
        interval = config.get(RuntimeOptions.AUTO_WATERMARK_INTERVAL).toMillis();
        long idleTimeout = config.get(StateOptions.SOURCE_IDLE_TIMEOUT).toMillis();
        time = context.processingTimeService();
        watermarks = new SourceWatermarks(context.output(), expression::watermarkOf, idleTimeout,
                time.currentTime());
        reader.open(context);
        if (interval > 0) {
            schedule();
        }
    }

    private void schedule() {
        timer = time.schedule(time.currentTime() + interval, now -> {
            if (!closed) {
                watermarks.onPeriodicEmit(now);
                watermarks.flush();
                schedule();
            }
        });
    }

    /** Polls the reader into the watermark-tracking output (the context's output, as the task passes it). */
    @Override
    public InputStatus pollNext(Output output) throws Exception {
        InputStatus status = reader.pollNext(watermarks);
        if (status == InputStatus.END_OF_INPUT) {
            // The task follows with Watermark.MAX: a periodic watermark after it would go back.
            stopTimer();
        }
        return status;
    }

    @Override
    public CompletableFuture<Void> isAvailable() {
        return reader.isAvailable();
    }

    @Override
    public void addSplits(List<Serializable> splits) {
        reader.addSplits(splits);
    }

    @Override
    public void notifyNoMoreSplits() {
        reader.notifyNoMoreSplits();
    }

    /** The split positions are the delegate's; watermarks restart from the restored positions. */
    @Override
    public void snapshotState(long checkpointId) throws Exception {
        reader.snapshotState(checkpointId);
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        reader.notifyCheckpointComplete(checkpointId);
    }

    @Override
    public void close() throws Exception {
        stopTimer();
        reader.close();
        GeneratedClass.close(expression);
    }

    /** Also stops a callback already handed to the mailbox, which runs but does nothing. */
    private void stopTimer() {
        closed = true;
        if (timer != null) {
            timer.cancel();
        }
    }
}
