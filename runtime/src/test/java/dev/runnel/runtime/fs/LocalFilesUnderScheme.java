package dev.runnel.runtime.fs;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;

/**
 * The local file system under another scheme, for test file systems: {@code <scheme>:///path}
 * is the local file {@code /path}. Subclasses change what a test needs changed; as it is, it
 * claims no local paths (as an object store), so what needs them copies instead of linking.
 */
public abstract class LocalFilesUnderScheme implements FileSystem {
    private final String scheme;
    protected final FileSystem files = FileSystems.local();

    protected LocalFilesUnderScheme(String scheme) {
        this.scheme = scheme;
    }

    /** The URI of a local file or directory under {@code scheme}. */
    public static URI uriOf(String scheme, Path file) {
        return URI.create(scheme + "://" + file.toAbsolutePath().toUri().getPath());
    }

    /** The local file behind a URI of any scheme (its path). */
    public static Path localFile(URI uri) {
        return Path.of(URI.create("file://" + uri.getRawPath()));
    }

    protected final URI toFile(URI uri) {
        return localFile(uri).toUri();
    }

    private URI toScheme(URI file) {
        return URI.create(scheme + file.toString().substring("file".length()));
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
        return files.list(toFile(directory)).stream().map(this::toScheme).toList();
    }
}
