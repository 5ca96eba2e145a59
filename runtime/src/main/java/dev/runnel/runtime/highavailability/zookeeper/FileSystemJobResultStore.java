package dev.runnel.runtime.highavailability.zookeeper;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.fs.FileSystem;
import dev.runnel.runtime.highavailability.HighAvailabilityException;
import dev.runnel.runtime.highavailability.JobResultEntry;
import dev.runnel.runtime.highavailability.JobResultStore;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Job results as small JSON files {@code <job-id>.json} in the cluster's storage directory
 * ({@code job-results/}), each written atomically: as Flink keeps them, they need no ZooKeeper.
 */
final class FileSystemJobResultStore implements JobResultStore {
    private static final String SUFFIX = ".json";

    private final FileSystem storage;
    private final URI directory;

    FileSystemJobResultStore(FileSystem storage, URI directory) {
        this.storage = storage;
        this.directory = directory;
    }

    private URI file(JobId jobId) {
        return directory.resolve(jobId.value() + SUFFIX);
    }

    @Override
    public void put(JobResultEntry result) {
        URI file = file(result.jobId());
        try {
            storage.writeAtomically(file, StoredForms.write(StoredForms.JobResult.of(result)));
        } catch (IOException e) {
            throw new HighAvailabilityException("Could not record the end of job " + result.jobId() + " in " + file
                    + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<JobResultEntry> get(JobId jobId) {
        return read(file(jobId));
    }

    private Optional<JobResultEntry> read(URI file) {
        try (InputStream in = storage.open(file)) {
            return Optional.of(StoredForms.read(in.readAllBytes(), StoredForms.JobResult.class, file.toString())
                    .toEntry());
        } catch (NoSuchFileException | FileNotFoundException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new HighAvailabilityException("Could not read the job result " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public List<JobResultEntry> all() {
        List<JobResultEntry> all = new ArrayList<>();
        try {
            for (URI file : storage.list(directory)) {
                String name = file.getPath().substring(file.getPath().lastIndexOf('/') + 1);
                // Skips the temporary files of writes in progress (".<name>.inprogress").
                if (name.endsWith(SUFFIX) && !name.startsWith(".")) {
                    read(file).ifPresent(all::add);
                }
            }
        } catch (IOException e) {
            throw new HighAvailabilityException("Could not list the job results in " + directory + ": "
                    + e.getMessage(), e);
        }
        return all;
    }
}
