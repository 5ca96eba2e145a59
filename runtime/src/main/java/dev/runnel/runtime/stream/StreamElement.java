package dev.runnel.runtime.stream;

/**
 * What flows along the edges of a job: batches of rows, watermarks, watermark statuses,
 * checkpoint barriers, latency markers and the end of input. Tasks dispatch on it with a {@code switch}.
 */
public sealed interface StreamElement permits RowBatch, Watermark, WatermarkStatus, CheckpointBarrier, EndOfInput,
        LatencyMarker {
}
