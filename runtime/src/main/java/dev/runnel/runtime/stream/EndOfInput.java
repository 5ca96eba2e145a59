package dev.runnel.runtime.stream;

/**
 * The upstream subtask has sent everything it will ever send on this channel. {@code stopped}:
 * the job was stopped with a savepoint without drain (Flink's {@code EndOfData(NO_DRAIN)}): the
 * input did not end, it pauses in the savepoint, so the consumer must not end event time, call
 * {@code endInput} or {@code finish}; a job resumed from the savepoint goes on.
 */
public record EndOfInput(boolean stopped) implements StreamElement {
    public static final EndOfInput INSTANCE = new EndOfInput(false);
    public static final EndOfInput STOPPED = new EndOfInput(true);
}
