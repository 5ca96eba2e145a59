package dev.runnel.runtime.fs;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
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
    /** The buffer of {@link #copy} through a stream. */
    int COPY_BUFFER_BYTES = 1 << 20;

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
     * Makes {@code file} a hard link to the local file {@code existing} (replacing what {@code file}
     * was), so that it holds the bytes {@code existing} has without copying them.
     *
     * @return false when this file system cannot link to {@code existing} (another device, files
     *         that are not local files): the caller copies instead
     */
    default boolean link(Path existing, URI file) throws IOException {
        return false;
    }

    /**
     * Writes bytes {@code [from, to)} of the local file {@code source} as {@code file} (replacing
     * it); the local file system lets the kernel copy them.
     */
    default void copy(Path source, long from, long to, URI file) throws IOException {
        try (OutputStream out = create(file); FileChannel in = FileChannel.open(source)) {
            ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(COPY_BUFFER_BYTES, Math.max(to - from, 1)));
            long position = from;
            while (position < to) {
                buffer.clear().limit((int) Math.min(buffer.capacity(), to - position));
                int n = in.read(buffer, position);
                if (n < 0) {
                    throw FileSystems.endedBefore(source, position, to);
                }
                out.write(buffer.array(), 0, n);
                position += n;
            }
        }
    }

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
