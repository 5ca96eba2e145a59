package dev.runnel.runtime.fs;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.util.List;

/**
 * A file system for tests whose files are not local files, as an object store's are:
 * {@code remote://…} is served (plugged in through {@code META-INF/services}) but has no
 * {@link #localPath local paths}, so what needs them refuses it. It holds no files.
 */
public final class RemoteOnlyFileSystem implements FileSystem {
    static final String SCHEME = "remote";

    /** The {@code remote:} file system. */
    public static final class Factory implements FileSystemFactory {
        @Override
        public String scheme() {
            return SCHEME;
        }

        @Override
        public FileSystem create() {
            return new RemoteOnlyFileSystem();
        }
    }

    @Override
    public OutputStream create(URI file) throws IOException {
        throw new IOException("read-only: " + file);
    }

    @Override
    public void writeAtomically(URI file, byte[] content) throws IOException {
        throw new IOException("read-only: " + file);
    }

    @Override
    public InputStream open(URI file) throws IOException {
        throw new java.io.FileNotFoundException(file.toString());
    }

    @Override
    public boolean exists(URI file) {
        return false;
    }

    @Override
    public void delete(URI fileOrDirectory) {
    }

    @Override
    public List<URI> list(URI directory) {
        return List.of();
    }
}
