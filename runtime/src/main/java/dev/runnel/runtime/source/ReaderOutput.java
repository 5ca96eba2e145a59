package dev.runnel.runtime.source;

import dev.runnel.runtime.operators.Output;

/**
 * The output a {@link SourceReader} is polled with when the task generates watermarks for its
 * source: rows can be attributed to the split they were read from (a file, a partition), so
 * that each split has its own watermark and the subtask's is their minimum, as in Flink.
 * Rows collected on the reader output itself count as one implicit split.
 *
 * <p>Readers that read several splits use the static helpers, which fall back to the plain
 * output when the task generates no watermarks:
 * <pre>{@code
 * splitOutput = ReaderOutput.forSplit(output, file.toString());   // split starts
 * splitOutput.collect(row);
 * ReaderOutput.release(output, file.toString());                   // split finished
 * }</pre>
 * Task thread only, like the reader.
 */
public interface ReaderOutput extends Output {

    /** The output for the rows of split {@code splitId}; created on first use, until released. */
    Output createOutputForSplit(String splitId);

    /** Split {@code splitId} is finished: it no longer holds the watermark back. */
    void releaseOutputForSplit(String splitId);

    /** {@code output}'s output for split {@code splitId}, or {@code output} itself when it has none. */
    static Output forSplit(Output output, String splitId) {
        return output instanceof ReaderOutput reader ? reader.createOutputForSplit(splitId) : output;
    }

    /** Releases split {@code splitId} of {@code output}, if it tracks splits. */
    static void release(Output output, String splitId) {
        if (output instanceof ReaderOutput reader) {
            reader.releaseOutputForSplit(splitId);
        }
    }
}
