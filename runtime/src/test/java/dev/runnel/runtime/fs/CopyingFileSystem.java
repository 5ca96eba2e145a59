package dev.runnel.runtime.fs;

import java.net.URI;
import java.nio.file.Path;

/**
 * A file system for tests that behaves like an object store over local files:
 * {@code copyfile:///path} is the local file {@code /path}, but the file system claims no
 * {@link #hasLocalPaths local paths} and cannot {@link #link}, so checkpoints must copy into it
 * what they would hard-link into a local directory. Plugged in through {@link FileSystemFactory}
 * (see {@code META-INF/services}).
 */
public final class CopyingFileSystem extends LocalFilesUnderScheme {
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

    private CopyingFileSystem() {
        super(SCHEME);
    }

    /** The {@code copyfile:} URI of a local directory. */
    public static URI uriOf(Path directory) {
        return uriOf(SCHEME, directory);
    }

    /** The local file behind a {@code copyfile:} (or a {@code file:}) URI. */
    public static Path toPath(URI uri) {
        return localFile(uri);
    }
}
