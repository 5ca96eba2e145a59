package dev.runnel.runtime.source;

/** What a {@link SourceReader} has left after a poll. */
public enum InputStatus {
    /** Call {@code pollNext} again right away. */
    MORE_AVAILABLE,
    /** Nothing to emit now; wait for {@link SourceReader#isAvailable()} before polling again. */
    NOTHING_AVAILABLE,
    /** The source is exhausted (bounded input): it will never emit again. */
    END_OF_INPUT
}
