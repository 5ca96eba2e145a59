package dev.runnel.runtime.testing;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.Watermark;

/**
 * Passes rows through and emits a row {@code (tag, event)} for its lifecycle events (watermark
 * with the timestamp, endInput, finish), so a test can see in which order a task calls them.
 */
public record LifecycleRecorder(String tag) implements OperatorFactory {
    @Override
    public String name() {
        return "LifecycleRecorder(" + tag + ")";
    }

    @Override
    public Operator create() {
        return new AbstractOperator() {
            @Override
            public void processBatch(RowBatch batch, int input) {
                batch.forEach(output::collect);
            }

            @Override
            public void processWatermark(Watermark watermark) {
                output.collect(Row.of(tag, "watermark " + watermark.timestamp()));
                output.emitWatermark(watermark);
            }

            @Override
            public void endInput(int input) {
                output.collect(Row.of(tag, "endInput " + input));
            }

            @Override
            public void finish() {
                output.collect(Row.of(tag, "finish"));
            }
        };
    }
}
