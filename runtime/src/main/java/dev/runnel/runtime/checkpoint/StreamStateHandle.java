package dev.runnel.runtime.checkpoint;

import java.net.URI;

/** A file of a checkpoint in {@link CheckpointStorage}, and its size in bytes. */
public record StreamStateHandle(URI uri, long size) {
}
