package dev.runnel.runtime.fs;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;

/**
 * The files of one URI scheme: what checkpoints, savepoints and the filesystem connector read
 * and write through. {@code file:} is built in ({@link FileSystems#local()}); another scheme (an
 * object store, say) plugs in through {@link FileSystemFactory}. Files are named by absolute,
 * properly encoded URIs, as {@link FileLocation#uri()} gives them.
 *
 * <p>Checkpoint layout, as in Flink: {@code <root>/<job-id>/chk-<n>/_metadata} plus the tasks'
 * files in {@code chk-<n>/}, files shared by several checkpoints in {@code <root>/<job-id>/shared/},
 * and savepoints in their own directory {@code savepoint-<job-id-prefix>-<random>/}.
 *
 * <p>Thread-safe: tasks write their state from their snapshot threads.
 */
public interface FileSystem {

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
     * Whether every file of this file system is also a file of the local (or a mounted) file
     * system, so that {@link #localPath} gives it. Code that needs what only such files offer
     * (random access, atomic renames, directory walks: the filesystem connector) takes only these
     * file systems.
     */
    default boolean hasLocalPaths() {
        return false;
    }

    /**
     * The local file that {@code file} names.
     *
     * @throws UnsupportedOperationException unless {@link #hasLocalPaths()}
     */
    default Path localPath(URI file) {
        throw new UnsupportedOperationException("Files of " + file.getScheme() + ": are not local files: " + file);
    }
}
