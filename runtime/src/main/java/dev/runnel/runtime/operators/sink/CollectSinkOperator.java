package dev.runnel.runtime.operators.sink;

import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.Watermark;

/**
 * Sends every batch it receives to the client through {@link ResultSender}, which blocks while
 * the client's result buffer is full: a client that stops fetching slows the job down instead
 * of filling memory.
 */
public final class CollectSinkOperator extends AbstractOperator {
    private ResultSender sender;

    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        sender = context.resultSender();
    }

    @Override
    public void processBatch(RowBatch batch, int input) throws Exception {
        if (!batch.isEmpty()) {
            sender.send(batch.toList());
        }
    }

    @Override
    public void processWatermark(Watermark watermark) {
        // The client sees rows only; a sink has nobody downstream to tell.
    }
}
