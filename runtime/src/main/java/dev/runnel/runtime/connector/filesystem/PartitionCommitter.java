package dev.runnel.runtime.connector.filesystem;

import dev.runnel.runtime.operators.OperatorContext;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Flink's {@code success-file} partition commit policy. With checkpoints, each sink subtask
 * commits a partition when its trigger fires ({@link #writeSuccessFile}). At the end of a
 * bounded job: when every
 * sink subtask has finished, an empty success file ({@code _SUCCESS}) is written into each
 * partition directory that any subtask wrote to.
 *
 * <p>The subtasks agree through the filesystem, with no message to a coordinator: each one
 * publishes the partitions it wrote as {@code subtask-<i>} in a hidden staging directory of the
 * job's attempt ({@link #stagingId}: one per planned sink and attempt) with an atomic rename,
 * then lists the directory. The subtask that sees the lists of all {@code parallelism} subtasks
 * writes the success files and removes the staging directory. Two subtasks finishing at once may
 * both see every list; then both write the (empty) success files, which is harmless. Readers skip
 * the staging directory and the success files, since their names start with {@code .} and
 * {@code _}.
 *
 * <p>A subtask that finished before a restart or a rescale holds no state: the partitions it
 * wrote are known only from its list in the staging directory of its attempt. So a sink's state
 * carries the staging ids of the attempts it descends from, a restored subtask publishes them
 * with its list ({@code inherited-<i>}), and the last subtask merges the lists of those attempts
 * (and of the attempts they inherited, transitively) into what it commits. Lists of a staging
 * directory other than the current attempt's never count towards "every subtask finished": those
 * of a failed attempt may be of subtasks whose rows the current attempt writes again.
 */
final class PartitionCommitter implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final String LIST_PREFIX = "subtask-";
    private static final String INHERITED_PREFIX = "inherited-";

    private final String commitId;
    private final String successFileName;

    PartitionCommitter(String commitId, String successFileName) {
        this.commitId = commitId;
        this.successFileName = successFileName;
    }

    /** The id of the staging directory of the job's attempt {@code attempt} (see {@link OperatorContext#attempt()}). */
    String stagingId(int attempt) {
        return commitId + "-" + attempt;
    }

    /**
     * Publishes the partitions subtask {@code subtask} of {@code parallelism} wrote under
     * {@code root}, and the staging ids of the earlier attempts it inherited, into the staging
     * directory {@code stagingId}; if it is the last subtask to do so, commits every partition
     * written by this attempt and by those it inherited.
     *
     * @return the partitions this call committed (relative paths), empty if other subtasks are still running
     */
    List<String> finish(Path root, String stagingId, int subtask, int parallelism, Collection<String> partitions,
                        Collection<String> inherited) throws IOException {
        Path staging = stagingDirectory(root, stagingId);
        Files.createDirectories(staging);
        if (!inherited.isEmpty()) {
            publish(staging, INHERITED_PREFIX + subtask, inherited);
        }
        publish(staging, LIST_PREFIX + subtask, partitions);
        TreeSet<String> all = new TreeSet<>();
        Set<String> stagings = new LinkedHashSet<>();
        try {
            for (int i = 0; i < parallelism; i++) {
                Path list = staging.resolve(LIST_PREFIX + i);
                if (!Files.exists(list)) {
                    return List.of();
                }
                all.addAll(Files.readAllLines(list, StandardCharsets.UTF_8));
            }
            stagings.addAll(lines(staging, INHERITED_PREFIX));
        } catch (NoSuchFileException e) {
            return List.of(); // another subtask saw every list and committed already
        }
        // the attempts this one descends from: what their finished subtasks wrote, transitively
        List<String> queue = new ArrayList<>(stagings);
        for (int i = 0; i < queue.size(); i++) {
            Path earlier = stagingDirectory(root, queue.get(i));
            all.addAll(lines(earlier, LIST_PREFIX));
            for (String id : lines(earlier, INHERITED_PREFIX)) {
                if (stagings.add(id)) {
                    queue.add(id);
                }
            }
        }
        all.remove("");
        for (String partition : all) {
            writeSuccessFile(root, partition);
        }
        for (String id : stagings) {
            deleteQuietly(stagingDirectory(root, id));
        }
        deleteQuietly(staging);
        return List.copyOf(all);
    }

    private static Path stagingDirectory(Path root, String stagingId) {
        return root.resolve(".partition-commit-" + stagingId);
    }

    /** Writes {@code lines} as the file {@code name} of {@code staging}, atomically. */
    private static void publish(Path staging, String name, Collection<String> lines) throws IOException {
        Path tmp = staging.resolve("." + name + ".tmp");
        Files.write(tmp, lines, StandardCharsets.UTF_8);
        Files.move(tmp, staging.resolve(name), StandardCopyOption.ATOMIC_MOVE);
    }

    /** Every line of the files of {@code staging} whose names start with {@code prefix}; none if it is gone. */
    private static List<String> lines(Path staging, String prefix) throws IOException {
        List<String> lines = new ArrayList<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(staging, prefix + "*")) {
            for (Path file : dir) {
                lines.addAll(Files.readAllLines(file, StandardCharsets.UTF_8));
            }
        } catch (NoSuchFileException e) {
            return List.of();
        }
        return lines;
    }

    /** Commits one partition (a path relative to {@code root}): writes its success file unless it exists. */
    void writeSuccessFile(Path root, String partition) throws IOException {
        Path successFile = root.resolve(partition).resolve(successFileName);
        if (!Files.exists(successFile)) {
            Files.write(successFile, new byte[0]);
        }
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // another subtask is removing it too; what remains is hidden from readers
        }
    }
}
