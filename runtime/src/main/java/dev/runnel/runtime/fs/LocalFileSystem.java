package dev.runnel.runtime.fs;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** The {@link FileSystem} of {@code file:} URIs: the local (or a mounted, shared) file system. */
final class LocalFileSystem implements FileSystem {
    static final LocalFileSystem INSTANCE = new LocalFileSystem();

    private LocalFileSystem() {
    }

    @Override
    public boolean hasLocalPaths() {
        return true;
    }

    @Override
    public Path localPath(URI file) {
        return Path.of(file);
    }

    @Override
    public OutputStream create(URI file) throws IOException {
        Path path = Path.of(file);
        Files.createDirectories(path.getParent());
        return Files.newOutputStream(path);
    }

    @Override
    public boolean link(Path existing, URI file) throws IOException {
        Path path = Path.of(file);
        Files.createDirectories(path.getParent());
        Files.deleteIfExists(path);
        try {
            Files.createLink(path, existing);
            return true;
        } catch (FileSystemException | UnsupportedOperationException e) {
            // another device (a cross-device link), or a file system without hard links
            return false;
        }
    }

    @Override
    public void copy(Path source, long from, long to, URI file) throws IOException {
        Path path = Path.of(file);
        Files.createDirectories(path.getParent());
        try (FileChannel in = FileChannel.open(source); FileChannel out = FileChannel.open(path,
                StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            long position = from;
            while (position < to) {
                long n = in.transferTo(position, to - position, out);
                if (n <= 0) {
                    throw FileSystems.endedBefore(source, position, to);
                }
                position += n;
            }
        }
    }

    @Override
    public void writeAtomically(URI file, byte[] content) throws IOException {
        Path path = Path.of(file);
        Files.createDirectories(path.getParent());
        Path temporary = path.resolveSibling("." + path.getFileName() + ".inprogress");
        Files.write(temporary, content);
        try {
            Files.move(temporary, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temporary, path, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    @Override
    public InputStream open(URI file) throws IOException {
        return Files.newInputStream(Path.of(file));
    }

    @Override
    public boolean exists(URI file) {
        return Files.exists(Path.of(file));
    }

    @Override
    public void delete(URI fileOrDirectory) throws IOException {
        Path root = Path.of(fileOrDirectory);
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } catch (NoSuchFileException e) {
            // Deleted concurrently: the goal is reached.
        }
    }

    @Override
    public List<URI> list(URI directory) throws IOException {
        Path dir = Path.of(directory);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<URI> entries = new ArrayList<>();
        try (Stream<Path> paths = Files.list(dir)) {
            paths.sorted().forEach(p -> entries.add(p.toUri()));
        }
        return entries;
    }
}
