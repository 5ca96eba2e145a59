package dev.runnel.runtime.blob;

import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.jobgraph.JobGraph;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * The JARs a job's code needs ({@code pipeline.jars}, Flink's key: the planner lists the JARs of
 * the user functions of the session, {@code CREATE FUNCTION … USING JAR}) and how they reach
 * TaskManager processes: whoever can read the files (the client of a session cluster, the
 * JobManager of an application) puts them into the JobManager's blob store before the job is
 * submitted, and the job carries their keys ({@link #BLOBS}); each TaskManager fetches them into
 * its cache and runs the job's tasks in a class loader over them.
 */
public final class PipelineJars {
    public static final ConfigOption<String> JARS = ConfigOption.of("pipeline.jars", String.class, null,
            "The JARs (URIs, separated by ';') the job's code loads classes from: those of the session's "
                    + "user functions. Set by the planner.");
    /** The blob keys of {@link #JARS}, once shipped; internal. */
    public static final ConfigOption<String> BLOBS = ConfigOption.of("$internal.pipeline.blobs", String.class, null,
            "The blob keys of pipeline.jars, set when the job is submitted to a cluster of processes.");

    private PipelineJars() {
    }

    /** The URIs of {@code pipeline.jars}; empty when there are none. */
    public static List<String> jars(Configuration configuration) {
        return split(configuration.get(JARS));
    }

    /** The blob keys the job's tasks load classes from; empty when there are none. */
    public static List<String> blobs(Configuration configuration) {
        return split(configuration.get(BLOBS));
    }

    /**
     * {@code job} with its JARs shipped: each read and given to {@code put} (which keeps it and
     * returns its key), the keys in {@link #BLOBS}. A job without JARs, or already shipped, as it is.
     *
     * @throws IllegalArgumentException naming the JAR that cannot be read
     */
    public static JobGraph ship(JobGraph job, Function<byte[], String> put) {
        List<String> jars = jars(job.configuration());
        if (jars.isEmpty() || job.configuration().get(BLOBS) != null) {
            return job;
        }
        List<String> keys = new ArrayList<>();
        for (String jar : jars) {
            byte[] bytes;
            try {
                bytes = Files.readAllBytes(Path.of(URI.create(jar)));
            } catch (IOException | IllegalArgumentException e) {
                throw new IllegalArgumentException("Cannot read the JAR " + jar + " of job '" + job.name()
                        + "' (pipeline.jars) to send it to the cluster: " + e.getMessage(), e);
            }
            keys.add(put.apply(bytes));
        }
        Configuration configuration = job.configuration().copy();
        configuration.set(BLOBS.key(), String.join(";", keys));
        return new JobGraph(job.name(), job.vertices(), job.edges(), configuration);
    }

    private static List<String> split(String list) {
        return list == null || list.isBlank() ? List.of()
                : Arrays.stream(list.split(";")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }
}
