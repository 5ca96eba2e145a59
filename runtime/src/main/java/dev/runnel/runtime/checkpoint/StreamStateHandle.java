package dev.runnel.runtime.checkpoint;

import dev.runnel.runtime.fs.FileSystem;
import java.io.Serializable;
import java.net.URI;

/** A file of a checkpoint in {@link FileSystem}, and its size in bytes. */
public record StreamStateHandle(URI uri, long size) implements Serializable {
}
