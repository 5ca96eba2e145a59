package dev.runnel.runtime.checkpoint;

/**
 * Plugs a {@link CheckpointStorage} for one URI scheme in (an object store, say): implementations
 * are found with {@link java.util.ServiceLoader}, listed in
 * {@code META-INF/services/dev.runnel.runtime.checkpoint.CheckpointStorageFactory}.
 * {@code file:} is built in.
 */
public interface CheckpointStorageFactory {
    /** The URI scheme served, such as {@code s3}; compared without regard to case. */
    String scheme();

    /** The storage for every URI of {@link #scheme()}; thread-safe, created once per process. */
    CheckpointStorage create();
}
