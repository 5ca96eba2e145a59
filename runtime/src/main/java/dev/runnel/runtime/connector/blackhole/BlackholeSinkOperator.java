package dev.runnel.runtime.connector.blackhole;

import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.Watermark;

/** Drops every row and watermark, counting the rows. */
public final class BlackholeSinkOperator extends AbstractOperator {
    private long rowCount;

    @Override
    public void processBatch(RowBatch batch, int input) {
        rowCount += batch.size();
    }

    @Override
    public void processWatermark(Watermark watermark) {
    }

    /** How many rows this instance swallowed. */
    public long rowCount() {
        return rowCount;
    }
}
