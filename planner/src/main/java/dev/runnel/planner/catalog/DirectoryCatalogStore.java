package dev.runnel.planner.catalog;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.function.UnaryOperator;

/**
 * A {@link CatalogStore} persisted in a directory, shared by the sessions of a gateway or session
 * cluster (one {@link dev.runnel.planner.session.Session} per connection, all over one instance)
 * and surviving a restart: a new instance over the same directory holds what the last one held.
 *
 * <p>The directory holds {@value #FILE_NAME}, the whole contents as versioned JSON
 * ({@link CatalogContentsJson}), absent until the first change; and {@value #LOCK_FILE}, locked
 * while an instance is open so that no second instance (in this JVM or another process)
 * overwrites the first one's changes. Each change is written to a temporary file in the
 * directory, forced to disk and moved over {@value #FILE_NAME} atomically before
 * {@link #update} returns: a crash leaves either the old contents or the new ones.
 *
 * <p>Thread-safe: updates are serialized on the instance; reads take the latest published
 * contents without locking.
 */
public final class DirectoryCatalogStore implements CatalogStore, AutoCloseable {
    /** The file holding the contents. */
    public static final String FILE_NAME = "catalog.json";
    /** The file an open instance locks. */
    public static final String LOCK_FILE = "catalog.lock";
    private static final String TEMP_PREFIX = "catalog.json.";
    private static final String TEMP_SUFFIX = ".tmp";

    private final Path directory;
    private final Path file;
    private final FileChannel lockChannel;
    private final FileLock lock;
    private volatile CatalogContents contents;
    private boolean closed;

    private DirectoryCatalogStore(Path directory, FileChannel lockChannel, FileLock lock, CatalogContents contents) {
        this.directory = directory;
        this.file = directory.resolve(FILE_NAME);
        this.lockChannel = lockChannel;
        this.lock = lock;
        this.contents = contents;
    }

    /**
     * Opens the store in {@code directory}, creating the directory when it does not exist; a
     * directory without {@value #FILE_NAME} holds {@link CatalogContents#initial()}.
     *
     * @throws CatalogException when the directory cannot be used, another instance has it open, or
     *     {@value #FILE_NAME} cannot be read (the message names the file and what is wrong)
     */
    public static DirectoryCatalogStore open(Path directory) {
        Path dir = directory.toAbsolutePath();
        FileChannel channel = null;
        try {
            Files.createDirectories(dir);
            channel = FileChannel.open(dir.resolve(LOCK_FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null;
            }
            if (lock == null) {
                throw new CatalogException("The catalog directory " + dir + " is in use by another catalog store"
                        + " (in this process or another one); the sessions of one process share one store");
            }
            deleteTemporaryFiles(dir);
            DirectoryCatalogStore store = new DirectoryCatalogStore(dir, channel, lock, read(dir.resolve(FILE_NAME)));
            channel = null;
            return store;
        } catch (IOException e) {
            throw new CatalogException("Cannot open the catalog directory " + dir + ": " + e);
        } finally {
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException ignored) {
                    // the failure being reported matters more
                }
            }
        }
    }

    /** The directory this store keeps its file in. */
    public Path directory() {
        return directory;
    }

    @Override
    public CatalogContents contents() {
        return contents;
    }

    @Override
    public synchronized boolean update(UnaryOperator<CatalogContents> change) {
        if (closed) {
            throw new IllegalStateException("The catalog store over " + directory + " is closed");
        }
        CatalogContents current = contents;
        CatalogContents next = change.apply(current);
        if (next == current) {
            return false;
        }
        write(next);
        contents = next;
        return true;
    }

    /** Releases the directory for another instance; the contents are already on disk. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            lock.release();
            lockChannel.close();
        } catch (IOException e) {
            throw new CatalogException("Cannot release the lock of the catalog directory " + directory + ": " + e);
        }
    }

    private static CatalogContents read(Path file) {
        String json;
        try {
            json = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return CatalogContents.initial();
        } catch (IOException e) {
            throw new CatalogException("Cannot read the catalog file " + file + ": " + e);
        }
        try {
            return CatalogContentsJson.read(json);
        } catch (CatalogContentsJson.FormatException e) {
            throw new CatalogException("The catalog file " + file + " is not a valid Runnel catalog: " + e.getMessage());
        } catch (RuntimeException e) {
            // a record's own check (a null name, say) that the reader did not anticipate
            throw new CatalogException("The catalog file " + file + " is not a valid Runnel catalog: " + e);
        }
    }

    private void write(CatalogContents next) {
        byte[] bytes = CatalogContentsJson.write(next).getBytes(StandardCharsets.UTF_8);
        Path temp = null;
        try {
            temp = Files.createTempFile(directory, TEMP_PREFIX, TEMP_SUFFIX);
            try (FileChannel out = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    out.write(buffer);
                }
                out.force(true);
            }
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            temp = null;
            forceDirectory();
        } catch (IOException e) {
            throw new CatalogException("Could not save the catalog to " + file + ", so nothing changed: " + e);
        } finally {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // removed by the next open
                }
            }
        }
    }

    /* Makes the rename durable; not every platform can open a directory, and there it is enough as is. */
    private void forceDirectory() {
        try (FileChannel dir = FileChannel.open(directory, StandardOpenOption.READ)) {
            dir.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // best effort
        }
    }

    /** Leftovers of a write that a crash interrupted: the move never happened, so they hold nothing needed. */
    private static void deleteTemporaryFiles(Path dir) throws IOException {
        try (DirectoryStream<Path> temps = Files.newDirectoryStream(dir, TEMP_PREFIX + "*" + TEMP_SUFFIX)) {
            for (Path temp : temps) {
                Files.deleteIfExists(temp);
            }
        }
    }
}
