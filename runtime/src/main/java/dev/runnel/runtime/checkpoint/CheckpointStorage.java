package dev.runnel.runtime.checkpoint;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.util.List;

/**
 * Where checkpoints and savepoints are kept: files named by URIs under a root. The built-in
 * implementation works on a (possibly shared) filesystem, {@code file://}; an object store can
 * implement the same few calls and plug in through {@link CheckpointStorageFactory}. Layout, as in Flink:
 * {@code <root>/<job-id>/chk-<n>/_metadata} plus the tasks' files in {@code chk-<n>/}, files
 * shared by several checkpoints in {@code <root>/<job-id>/shared/}, and savepoints in their
 * own directory {@code savepoint-<job-id-prefix>-<random>/}.
 *
 * <p>Thread-safe: tasks write their state from their snapshot threads.
 */
public interface CheckpointStorage {

    /** Opens {@code file} for writing, creating parent directories; an existing file is replaced. */
    OutputStream create(URI file) throws IOException;

    /** Writes {@code content} so that readers see all of it or none (a temporary file, then a rename). */
    void writeAtomically(URI file, byte[] content) throws IOException;

    InputStream open(URI file) throws IOException;

    boolean exists(URI file) throws IOException;

    /** Deletes a file, or a directory with everything under it; a missing one is not an error. */
    void delete(URI fileOrDirectory) throws IOException;

    /** The entries directly under {@code directory}; empty when it does not exist. */
    List<URI> list(URI directory) throws IOException;

    /**
     * The storage that serves {@code uri} ({@code file:} URIs and plain paths). Other schemes are
     * refused with a message that names the scheme.
     */
    static CheckpointStorage forUri(URI uri) {
        String scheme = uri.getScheme();
        if (scheme == null || scheme.equals("file")) {
            return FileCheckpointStorage.INSTANCE;
        }
        CheckpointStorage plugged = PluggedStorages.forScheme(scheme);
        if (plugged == null) {
            throw new IllegalArgumentException("Checkpoint storage for '" + scheme + "://' URIs is not supported yet: " + uri);
        }
        return plugged;
    }

    /** {@code location} as a URI: a {@code scheme://} URI as it is, else an absolute local path. */
    static URI toUri(String location) {
        if (location.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*") && !location.matches("^[a-zA-Z]:\\\\.*")) {
            return URI.create(location);
        }
        return java.nio.file.Path.of(location).toAbsolutePath().normalize().toUri();
    }
}
