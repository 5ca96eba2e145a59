package dev.runnel.runtime.cluster;

import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.fs.FileLocation;
import dev.runnel.runtime.fs.FileSystem;
import dev.runnel.runtime.fs.FileSystems;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.Optional;

/**
 * Where a session cluster's JobManager keeps the {@link CatalogDocument} of its sessions: one file,
 * {@value #FILE_NAME}, in {@code jobmanager.catalog.dir} or, with high availability, in the
 * cluster's directory under {@code high-availability.storageDir}, so that the next leader holds
 * what the last one wrote. Written atomically (all or nothing) before a write returns.
 *
 * <p>Only the leading JobManager writes it, one write at a time (this class is synchronized);
 * the compare-and-set on the version makes two sessions that change the catalog at once see
 * the later one retry on the earlier one's result instead of overwriting it.
 */
public final class SharedCatalogFile {
    public static final ConfigOption<String> CATALOG_DIR = ConfigOption.of("jobmanager.catalog.dir", String.class,
            null, "Where a session cluster's JobManager keeps the permanent tables, views and functions that"
                    + " every attached session (shell, JDBC gateway) shares; default: the cluster's directory in"
                    + " high-availability.storageDir with high availability, else $RUNNEL_HOME/jobmanager/catalog"
                    + " for a JobManager process.");
    public static final String FILE_NAME = "catalog.json";

    private final URI file;
    private final FileSystem files;
    private CatalogDocument current;

    private SharedCatalogFile(URI file) {
        this.file = file;
        this.files = FileSystems.forUri(file);
    }

    /** The file in {@code directory} (a path or URI, as {@code jobmanager.catalog.dir} takes it). */
    public static SharedCatalogFile in(String directory) {
        return new SharedCatalogFile(FileLocation.ofOption(CATALOG_DIR.key(), directory).directoryUri()
                .resolve(FILE_NAME));
    }

    /**
     * The catalog file of a JobManager started with {@code configuration}: in
     * {@code jobmanager.catalog.dir} if it is set, else in {@code clusterStorage} (the HA
     * storage of the cluster), else none.
     */
    public static Optional<SharedCatalogFile> forJobManager(Configuration configuration,
                                                            Optional<URI> clusterStorage) {
        if (configuration.contains(CATALOG_DIR.key())) {
            return Optional.of(in(configuration.get(CATALOG_DIR)));
        }
        return clusterStorage.map(dir -> new SharedCatalogFile(FileLocation.of(dir).directoryUri()
                .resolve("catalog/" + FILE_NAME)));
    }

    /** The catalog as it is now (read from the file at the first call). */
    public synchronized CatalogDocument read() {
        if (current == null) {
            current = load();
        }
        return current;
    }

    /**
     * Replaces the catalog with {@code contents} if its version is still {@code expectedVersion}.
     *
     * @return false, changing nothing, when another write came first
     * @throws UncheckedIOException when the file cannot be written (then nothing changed)
     */
    public synchronized boolean write(String expectedVersion, byte[] contents) {
        if (!read().version().equals(expectedVersion)) {
            return false;
        }
        try {
            files.writeAtomically(file, contents);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the cluster's catalog to " + file + ": " + e.getMessage(), e);
        }
        current = CatalogDocument.of(contents);
        return true;
    }

    private CatalogDocument load() {
        try {
            if (!files.exists(file)) {
                return CatalogDocument.of(new byte[0]);
            }
            try (InputStream in = files.open(file)) {
                return CatalogDocument.of(in.readAllBytes());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the cluster's catalog from " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return file.toString();
    }
}
