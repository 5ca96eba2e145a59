package dev.runnel.runtime.fs;

/**
 * Plugs a {@link FileSystem} for one URI scheme in (an object store, say): implementations are
 * found with {@link java.util.ServiceLoader}, listed in
 * {@code META-INF/services/dev.runnel.runtime.fs.FileSystemFactory}. Once plugged in, the scheme
 * works wherever an option names a location ({@link FileLocation}): checkpoint and savepoint
 * directories, and (for file systems with {@link FileSystem#hasLocalPaths() local paths}) a
 * filesystem table's {@code path} and {@code USING JAR}. {@code file:} is built in.
 */
public interface FileSystemFactory {
    /** The URI scheme served, such as {@code s3}; compared without regard to case. */
    String scheme();

    /** The file system for every URI of {@link #scheme()}; thread-safe, created once per process. */
    FileSystem create();
}
