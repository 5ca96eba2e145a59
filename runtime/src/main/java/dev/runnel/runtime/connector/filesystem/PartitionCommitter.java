package dev.runnel.runtime.connector.filesystem;

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
import java.util.List;
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
 * write (one per planned sink, named by {@code commitId}) with an atomic rename, then lists the
 * directory. The subtask that sees all {@code parallelism} lists writes the success files and
 * removes the staging directory. Two subtasks finishing at once may both see every list; then
 * both write the (empty) success files, which is harmless. Readers skip the staging directory
 * and the success files, since their names start with {@code .} and {@code _}.
 */
final class PartitionCommitter implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final String LIST_PREFIX = "subtask-";

    private final String commitId;
    private final String successFileName;

    PartitionCommitter(String commitId, String successFileName) {
        this.commitId = commitId;
        this.successFileName = successFileName;
    }

    /**
     * Publishes the partitions subtask {@code subtask} of {@code parallelism} wrote under
     * {@code root} and, if it is the last subtask to do so, commits every partition.
     *
     * @return the partitions this call committed (relative paths), empty if other subtasks are still running
     */
    List<String> finish(Path root, int subtask, int parallelism, Collection<String> partitions) throws IOException {
        Path staging = root.resolve(".partition-commit-" + commitId);
        Files.createDirectories(staging);
        Path tmp = staging.resolve("." + LIST_PREFIX + subtask + ".tmp");
        Files.write(tmp, partitions, StandardCharsets.UTF_8);
        Files.move(tmp, staging.resolve(LIST_PREFIX + subtask), StandardCopyOption.ATOMIC_MOVE);
        List<Path> lists = new ArrayList<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(staging, LIST_PREFIX + "*")) {
            dir.forEach(lists::add);
        } catch (NoSuchFileException e) {
            return List.of(); // another subtask saw every list and committed already
        }
        if (lists.size() < parallelism) {
            return List.of();
        }
        TreeSet<String> all = new TreeSet<>();
        for (Path list : lists) {
            try {
                all.addAll(Files.readAllLines(list, StandardCharsets.UTF_8));
            } catch (NoSuchFileException e) {
                return List.of();
            }
        }
        all.remove("");
        for (String partition : all) {
            writeSuccessFile(root, partition);
        }
        deleteQuietly(staging);
        return List.copyOf(all);
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
