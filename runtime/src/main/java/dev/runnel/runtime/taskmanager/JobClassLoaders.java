package dev.runnel.runtime.taskmanager;

import dev.runnel.runtime.blob.BlobStore;
import dev.runnel.runtime.cluster.JobId;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One class loader per job, over the job's JARs ({@code pipeline.jars}, shipped as blobs): they
 * are fetched from the JobManager once into this TaskManager's cache, checked against their key,
 * and the loader goes when the job's last task here has ended. The parent is the TaskManager's
 * own loader, asked first, as Flink's {@code parent-first} order; so a job's JARs cannot replace
 * Runnel's classes. Only from the TaskManager's main thread.
 */
final class JobClassLoaders implements AutoCloseable {
    /** Gets a blob's bytes from the JobManager. */
    interface BlobFetcher {
        byte[] fetch(String key);
    }

    private final ClassLoader parent;
    private final BlobStore cache;
    private final BlobFetcher fetcher;
    private final Map<JobId, URLClassLoader> loaders = new HashMap<>();

    JobClassLoaders(ClassLoader parent, BlobStore cache, BlobFetcher fetcher) {
        this.parent = parent;
        this.cache = cache;
        this.fetcher = fetcher;
    }

    /**
     * The class loader of {@code job}'s tasks, over the blobs {@code keys}.
     *
     * @throws IllegalStateException if a blob cannot be fetched or is not what its key says
     */
    ClassLoader forJob(JobId job, List<String> keys) {
        URLClassLoader loader = loaders.get(job);
        if (loader != null) {
            return loader;
        }
        URL[] urls = new URL[keys.size()];
        for (int i = 0; i < urls.length; i++) {
            String key = keys.get(i);
            if (!cache.contains(key)) {
                byte[] bytes = fetcher.fetch(key);
                if (!BlobStore.keyOf(bytes).equals(key)) {
                    throw new IllegalStateException("The JAR blob " + key + " of job " + job
                            + " arrived corrupted (its content has another SHA-256)");
                }
                cache.put(bytes);
            }
            try {
                urls[i] = cache.path(key).toUri().toURL();
            } catch (MalformedURLException e) {
                throw new IllegalStateException(e);
            }
        }
        loader = new URLClassLoader("job-" + job, urls, parent);
        loaders.put(job, loader);
        return loader;
    }

    /** The job has no task here any more: its loader goes (its JARs stay cached). */
    void release(JobId job) {
        URLClassLoader loader = loaders.remove(job);
        if (loader != null) {
            try {
                loader.close();
            } catch (IOException e) {
                // only open JAR files are closed; nothing to do about one that fails
            }
        }
    }

    @Override
    public void close() {
        List.copyOf(loaders.keySet()).forEach(this::release);
        cache.close();
    }
}
