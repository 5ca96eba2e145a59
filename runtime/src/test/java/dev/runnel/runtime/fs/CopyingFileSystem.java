package dev.runnel.runtime.fs;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;

/**
 * A file system for tests that behaves like an object store over local files:
 * {@code copyfile:///path} is the local file {@code /path}, but the file system claims no
 * {@link #hasLocalPaths local paths}, so checkpoints must copy into it what they would hard-link
 * into a local directory. Plugged in through {@link FileSystemFactory} (see {@code META-INF/services}).
 */
public final class CopyingFileSystem implements FileSystem {
    static final String SCHEME = "copyfile";

    /** The {@code copyfile:} file system. */
    public static final class Factory implements FileSystemFactory {
        @Override
        public String scheme() {
            return SCHEME;
        }

        @Override
        public FileSystem create() {
            return new CopyingFileSystem();
        }
    }

    private final FileSystem files = FileSystems.local();

    /** The {@code copyfile:} URI of a local directory. */
    public static URI uriOf(Path directory) {
        return URI.create(SCHEME + "://" + directory.toAbsolutePath().toUri().getPath());
    }

    /** The local file behind a {@code copyfile:} (or a {@code file:}) URI. */
    public static Path toPath(URI uri) {
        return Path.of(toFile(uri));
    }

    private static URI toFile(URI uri) {
        return SCHEME.equals(uri.getScheme()) ? URI.create("file" + uri.toString().substring(SCHEME.length())) : uri;
    }

    private static URI toCopying(URI file) {
        return URI.create(SCHEME + file.toString().substring("file".length()));
    }

    @Override
    public OutputStream create(URI file) throws IOException {
        return files.create(toFile(file));
    }

    @Override
    public void writeAtomically(URI file, byte[] content) throws IOException {
        files.writeAtomically(toFile(file), content);
    }

    @Override
    public InputStream open(URI file) throws IOException {
        return files.open(toFile(file));
    }

    @Override
    public boolean exists(URI file) throws IOException {
        return files.exists(toFile(file));
    }

    @Override
    public void delete(URI fileOrDirectory) throws IOException {
        files.delete(toFile(fileOrDirectory));
    }

    @Override
    public List<URI> list(URI directory) throws IOException {
        return files.list(toFile(directory)).stream().map(CopyingFileSystem::toCopying).toList();
    }
}
