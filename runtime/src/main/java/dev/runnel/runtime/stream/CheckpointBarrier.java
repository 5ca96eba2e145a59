package dev.runnel.runtime.stream;

import dev.runnel.runtime.checkpoint.CheckpointLocation;
import java.io.Serializable;

/**
 * Separates the rows before checkpoint {@code id} from those after it, and tells every task it
 * passes where to write its part of the checkpoint.
 */
public record CheckpointBarrier(long id, long timestamp, CheckpointLocation location)
        implements StreamElement, Serializable {
}
