package dev.runnel.runtime.source;

/**
 * Assigns the splits of one source to its readers, in the JobManager (Flink's FLIP-27
 * enumerator): it finds the splits (a topic's partitions, found again while the job runs), hands
 * each to a reader through {@link SplitEnumeratorContext#assignSplits}, and keeps what it has not
 * handed out in its checkpointed state. Because one place assigns, new splits, restores and a
 * change of parallelism give every split to exactly one reader.
 *
 * <p>Contract: every method is called on the JobManager's main thread, never concurrently with
 * another. {@link #start} first; {@link #close} when the job ends or restarts (a restart creates
 * a new enumerator from the checkpoint it restores). Work that blocks (asking a broker) goes to
 * {@link SplitEnumeratorContext#callAsync}.
 *
 * <p>Checkpoints: {@link #snapshotState} is taken on the main thread right before the
 * checkpoint's barriers are triggered at the source's readers, and assignments travel to a reader
 * on the same ordered path as its trigger. So a split assigned before the snapshot is in the
 * reader's part of the checkpoint, and one assigned after it in neither: the snapshot must hold
 * it as not yet assigned. On restore the readers get back the splits of their checkpointed state
 * themselves; the enumerator gets its snapshot.
 */
public interface SplitEnumerator extends AutoCloseable {

    /** Starts finding splits; assigns none before readers registered. */
    void start();

    /** The reader of subtask {@code subtask} opened and can take splits. */
    void addReader(int subtask);

    /** What this enumerator needs to go on after a restore: its splits not yet assigned, those it knows. */
    byte[] snapshotState(long checkpointId) throws Exception;

    @Override
    void close();
}
