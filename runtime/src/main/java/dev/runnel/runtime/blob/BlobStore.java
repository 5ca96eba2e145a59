package dev.runnel.runtime.blob;

import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.fs.ProcessDirectories;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Files of jobs (the JARs of user functions) by content: each is kept under the SHA-256 of its
 * bytes, so the same JAR of many jobs is kept once and a key names exactly one content. The
 * JobManager's store takes what clients upload and serves TaskManagers; each TaskManager keeps a
 * store as its cache. Thread-safe: a file is written under a temporary name and moved in place.
 */
public final class BlobStore implements AutoCloseable {
    private static final Pattern KEY = Pattern.compile("[0-9a-f]{64}");
    /** How the names of the directories of {@link #temporary} stores must begin. */
    public static final String STORE_PREFIX = "runnel-blobs-";

    private final Path directory;
    private final boolean owned;

    private BlobStore(Path directory, boolean owned) {
        this.directory = directory;
        this.owned = owned;
    }

    /** Flink's key: where blob stores and caches put their directories. */
    public static final ConfigOption<String> STORAGE_DIRECTORY = ConfigOption.of("blob.storage.directory",
            String.class, null, "The directory under which the JobManager's blob store and the TaskManagers' caches of "
                    + "JARs create their directories (default: the system's temporary directory).");

    /**
     * A store in a new directory under {@code blob.storage.directory} (the system's temporary
     * directory by default), deleted on {@link #close}; creating it deletes those that killed
     * processes left there.
     *
     * @throws UncheckedIOException if the directory cannot be created, naming the key
     */
    public static BlobStore temporary(Configuration configuration, String prefix) {
        String configured = configuration.get(STORAGE_DIRECTORY);
        Path base = Path.of(configured == null || configured.isBlank() ? System.getProperty("java.io.tmpdir")
                : configured);
        try {
            return new BlobStore(ProcessDirectories.create(base, prefix, STORE_PREFIX), true);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create a directory for blobs under " + base
                    + (configured == null ? "" : " (" + STORAGE_DIRECTORY.key() + ")") + ": " + e, e);
        }
    }

    /** {@link #temporary(Configuration, String)} under the system's temporary directory. */
    public static BlobStore temporary(String prefix) {
        return temporary(new Configuration(), prefix);
    }

    /** The key of {@code bytes}: their SHA-256, in hex. */
    public static String keyOf(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** Keeps {@code bytes} (once, however often they are put); their key. */
    public String put(byte[] bytes) {
        String key = keyOf(bytes);
        Path target = path(key);
        if (Files.exists(target)) {
            return key;
        }
        try {
            Path temporary = Files.createTempFile(directory, key, ".part");
            Files.write(temporary, bytes);
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return key;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot keep blob " + key + " in " + directory + ": " + e.getMessage(), e);
        }
    }

    /** Whether the blob {@code key} is here. */
    public boolean contains(String key) {
        return Files.exists(path(key));
    }

    /**
     * The bytes of blob {@code key}.
     *
     * @throws IllegalArgumentException if there is no such blob, or the key is malformed
     */
    public byte[] read(String key) {
        try {
            return Files.readAllBytes(path(key));
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("No blob " + key + " here (" + directory + ")");
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read blob " + key + ": " + e.getMessage(), e);
        }
    }

    /** Where blob {@code key} is (or would be) kept, a {@code .jar} file. */
    public Path path(String key) {
        if (!KEY.matcher(key).matches()) {
            throw new IllegalArgumentException("Not a blob key: '" + key + "'");
        }
        return directory.resolve(key + ".jar");
    }

    /** Deletes the directory when this store made it. */
    @Override
    public void close() {
        if (!owned) {
            return;
        }
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : files.toList()) {
                Files.deleteIfExists(file);
            }
            Files.deleteIfExists(directory);
        } catch (IOException e) {
            // a temporary directory: what is left the system's cleaning removes
        }
    }
}
