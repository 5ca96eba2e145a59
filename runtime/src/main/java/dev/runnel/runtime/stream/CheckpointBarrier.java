package dev.runnel.runtime.stream;

/** Separates the rows before checkpoint {@code id} from those after it. */
public record CheckpointBarrier(long id, long timestamp) implements StreamElement {
}
