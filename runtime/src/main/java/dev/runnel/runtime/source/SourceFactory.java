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

    /** True when the source ends by itself (a file, datagen with {@code number-of-rows}). */
    boolean isBounded();

    SourceReader createReader(int subtaskIndex, int parallelism);
}
