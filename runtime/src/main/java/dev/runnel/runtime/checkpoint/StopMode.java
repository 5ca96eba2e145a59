package dev.runnel.runtime.checkpoint;

/** What a source does after a savepoint's barrier (stop-with-savepoint). */
public enum StopMode {
    /** Goes on reading: a checkpoint or a savepoint that does not stop the job. */
    NONE,
    /** Ends after the barrier without advancing event time. */
    TERMINATE,
    /** Advances event time to the end first (windows fire, before the barrier), then ends. */
    DRAIN
}
