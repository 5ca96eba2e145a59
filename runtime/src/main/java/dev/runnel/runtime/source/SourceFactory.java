package dev.runnel.runtime.source;

import java.io.Serializable;

/**
 * The serializable description of a source in a job graph. Each source subtask asks for its
 * own reader; readers of one source split the input among themselves so that parallel
 * reading yields every row exactly once.
 */
public interface SourceFactory extends Serializable {
    /** A short, readable name, such as {@code TableSourceScan(table=[orders], connector=[datagen])}. */
    String name();

    /**
     * What must stay the same for this source to take over the positions a savepoint wrote for
     * the source at its position (see {@code OperatorFactory#stateSignature}): the connector, not
     * its options such as the path or {@code rows-per-second}. The default is {@link #name()}.
     */
    default String stateSignature() {
        return name();
    }

    /** True when the source ends by itself (a file, datagen with {@code number-of-rows}). */
    boolean isBounded();

    SourceReader createReader(int subtaskIndex, int parallelism);

    /**
     * The enumerator that assigns this source's splits in the JobManager, or {@code null} (the
     * default) when each reader finds its own split from its subtask index. A source with one
     * gets its splits only through {@link SourceReader#addSplits}.
     *
     * @param restoredState what {@link SplitEnumerator#snapshotState} wrote into the checkpoint
     *     the job restores, or {@code null} on a fresh start
     */
    default SplitEnumerator createEnumerator(SplitEnumeratorContext context, byte[] restoredState) {
        return null;
    }
}
