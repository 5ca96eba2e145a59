package dev.runnel.shell.bench;

import dev.runnel.planner.session.Session;
import dev.runnel.planner.session.SessionOptions;
import dev.runnel.planner.session.StatementResult;
import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.cluster.RuntimeOptions;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.connector.nexmark.NexmarkSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.ExecutionException;
import java.util.stream.Stream;

/**
 * The events of {@code --source json-file}: the generator's events written once, before any
 * query, as newline-delimited JSON files (one object per event with {@code event_type} and the
 * {@code person}/{@code auction}/{@code bid} objects, the shape of the JSON files Flink's
 * Nexmark figures were measured on), which each query then reads through the filesystem
 * connector. Closing deletes the files.
 */
final class NexmarkJsonFiles implements AutoCloseable {
    private final Path directory;

    private NexmarkJsonFiles(Path directory) {
        this.directory = directory;
    }

    /** Writes {@code settings.events()} events with {@code settings.parallelism()} writers into a new temporary directory. */
    static NexmarkJsonFiles write(BenchSettings settings) {
        Path directory;
        try {
            directory = Files.createTempDirectory("runnel-nexmark-json");
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create a directory for the Nexmark JSON files", e);
        }
        NexmarkJsonFiles files = new NexmarkJsonFiles(directory);
        try {
            files.generate(settings);
            return files;
        } catch (RuntimeException e) {
            files.close();
            throw e;
        }
    }

    /** The WITH options of a {@code nexmark} table that reads the files. */
    String tableOptions() {
        return "'connector' = 'filesystem', 'path' = '" + directory.toString().replace("'", "''")
                + "', 'format' = 'json'";
    }

    private void generate(BenchSettings settings) {
        Configuration configuration = new Configuration();
        configuration.set(RuntimeOptions.NUMBER_OF_TASK_SLOTS.key(), String.valueOf(settings.parallelism()));
        configuration.set(SessionOptions.PARALLELISM.key(), String.valueOf(settings.parallelism()));
        try (EmbeddedCluster cluster = EmbeddedCluster.start(configuration);
             Session session = new Session(cluster, configuration)) {
            session.execute(NexmarkSchema.createTable("generator", NexmarkRunner.generatorOptions(settings.events())));
            session.execute("CREATE TABLE files (event_type INT, person " + NexmarkSchema.PERSON
                    + ", auction " + NexmarkSchema.AUCTION + ", bid " + NexmarkSchema.BID + ") WITH ("
                    + tableOptions() + ")");
            StatementResult result = session.execute(
                    "INSERT INTO files SELECT event_type, person, auction, bid FROM generator");
            if (!(result instanceof StatementResult.JobSubmitted submitted)) {
                throw new IllegalStateException("Writing the JSON files submitted no job");
            }
            JobInfo job = cluster.jobTermination(submitted.jobId()).get();
            if (job.status() != JobStatus.FINISHED) {
                throw new IllegalStateException("Writing the JSON files " + job.status() + ": " + job.failureCause());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while writing the JSON files", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("Writing the JSON files failed: " + e.getCause(), e.getCause());
        }
    }

    @Override
    public void close() {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot delete the Nexmark JSON files in " + directory, e);
        }
    }
}
