package dev.runnel.runtime.stream;

/** The upstream subtask has sent everything it will ever send on this channel. */
public record EndOfInput() implements StreamElement {
    public static final EndOfInput INSTANCE = new EndOfInput();
}
