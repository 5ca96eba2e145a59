package dev.runnel.runtime.checkpoint;

import dev.runnel.runtime.fs.FileSystem;
import java.io.IOException;
import java.net.URI;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reference counts of shared files by URI: each registered checkpoint counts once per file it
 * uses (however many of its handles name the file). When the last checkpoint using a file is
 * released the file is deleted, unless it lies outside {@code jobDirectory}: files of the
 * savepoint or retained checkpoint a job started from belong to someone else.
 *
 * <p>Synchronized, though the contract needs only the coordinator's thread.
 */
public final class DefaultSharedStateRegistry implements SharedStateRegistry {
    private static final Logger LOG = LoggerFactory.getLogger(DefaultSharedStateRegistry.class);
    private final URI jobDirectory;
    private final FileSystem storage;
    private final Map<URI, Integer> references = new HashMap<>();
    private final Map<Long, Set<URI>> filesByCheckpoint = new HashMap<>();

    public DefaultSharedStateRegistry(URI jobDirectory, FileSystem storage) {
        this.jobDirectory = jobDirectory;
        this.storage = storage;
    }

    /** Registers the files of checkpoint {@code checkpointId}; registering it again replaces its files. */
    @Override
    public synchronized void register(long checkpointId, Collection<StreamStateHandle> files) {
        Set<URI> uris = new LinkedHashSet<>();
        for (StreamStateHandle file : files) {
            uris.add(file.uri().normalize());
        }
        for (URI uri : uris) {
            references.merge(uri, 1, Integer::sum);
        }
        Set<URI> before = filesByCheckpoint.put(checkpointId, uris);
        if (before != null) {
            unreference(before);
        }
    }

    @Override
    public synchronized void release(long checkpointId) {
        Set<URI> uris = filesByCheckpoint.remove(checkpointId);
        if (uris != null) {
            unreference(uris);
        }
    }

    private void unreference(Set<URI> uris) {
        for (URI uri : uris) {
            Integer left = references.merge(uri, -1, Integer::sum);
            if (left != null && left <= 0) {
                references.remove(uri);
                if (isOwned(uri)) {
                    delete(uri);
                }
            }
        }
    }

    /**
     * Deletes those of {@code files} that no registered checkpoint uses and that the job owns.
     * Safe for the files of an aborted checkpoint because incremental snapshots build only on
     * files of completed checkpoints, which are registered.
     */
    @Override
    public synchronized void discardUnregistered(Collection<StreamStateHandle> files) {
        Set<URI> uris = new LinkedHashSet<>();
        for (StreamStateHandle file : files) {
            uris.add(file.uri().normalize());
        }
        for (URI uri : uris) {
            if (!references.containsKey(uri) && isOwned(uri)) {
                delete(uri);
            }
        }
    }

    private void delete(URI uri) {
        try {
            storage.delete(uri);
        } catch (IOException e) {
            // A file left behind costs disk, not correctness: no checkpoint refers to it.
            LOG.warn("Could not delete the shared checkpoint file {}", uri, e);
        }
    }

    /** Whether the job owns {@code file} (it lies under the job's directory). */
    public boolean isOwned(URI file) {
        return isUnder(file, jobDirectory);
    }

    /**
     * Whether {@code file} lies under {@code directory}, comparing scheme, authority and
     * normalized path (so {@code file:/a} and {@code file:///a} are the same place).
     */
    public static boolean isUnder(URI file, URI directory) {
        String dir = comparable(directory);
        return comparable(file).startsWith(dir.endsWith("/") ? dir : dir + "/");
    }

    private static String comparable(URI uri) {
        URI n = uri.normalize();
        String scheme = n.getScheme() == null ? "file" : n.getScheme();
        return scheme + "://" + (n.getRawAuthority() == null ? "" : n.getRawAuthority()) + n.getRawPath();
    }

    /** How many registered checkpoints use {@code file}. */
    public synchronized int references(URI file) {
        return references.getOrDefault(file.normalize(), 0);
    }
}
