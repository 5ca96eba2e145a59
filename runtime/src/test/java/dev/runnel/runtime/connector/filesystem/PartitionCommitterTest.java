package dev.runnel.runtime.connector.filesystem;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The end-of-input commit of the {@code success-file} policy across attempts of a job: what
 * subtasks of an earlier attempt published counts only through the attempts that inherit it.
 */
class PartitionCommitterTest {
    private final PartitionCommitter committer = new PartitionCommitter("c", "_SUCCESS");

    @TempDir
    Path root;

    private boolean committed(String partition) {
        return Files.exists(root.resolve(partition).resolve("_SUCCESS"));
    }

    private List<String> finish(int attempt, int subtask, int parallelism, List<String> partitions,
                                List<String> inherited) throws IOException {
        for (String p : partitions) {
            Files.createDirectories(root.resolve(p));
        }
        return committer.finish(root, committer.stagingId(attempt), subtask, parallelism, partitions, inherited);
    }

    private List<String> hidden() throws IOException {
        try (Stream<Path> files = Files.list(root)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".")).toList();
        }
    }

    @Test
    void theLastSubtaskOfAnAttemptCommitsEveryPartitionItsSubtasksWrote() throws IOException {
        assertThat(finish(0, 1, 2, List.of("dt=b"), List.of())).isEmpty();
        assertThat(committed("dt=b")).isFalse();
        assertThat(finish(0, 0, 2, List.of("dt=a"), List.of())).containsExactly("dt=a", "dt=b");
        assertThat(committed("dt=a")).isTrue();
        assertThat(committed("dt=b")).isTrue();
        assertThat(hidden()).isEmpty();
    }

    @Test
    void aListOfAFailedAttemptNeitherCountsNorIsLost() throws IOException {
        // attempt 0 at parallelism 2: subtask 1 finished, then the attempt failed
        finish(0, 1, 2, List.of("dt=b"), List.of());
        // attempt 1 at parallelism 2, restored from a checkpoint of attempt 0: subtask 1's list
        // of attempt 0 does not stand in for subtask 1 of attempt 1, which still writes
        assertThat(finish(1, 0, 2, List.of("dt=a"), List.of(committer.stagingId(0)))).isEmpty();
        assertThat(committed("dt=a")).isFalse();
        assertThat(finish(1, 1, 2, List.of(), List.of())).containsExactly("dt=a", "dt=b");
        assertThat(hidden()).isEmpty();
    }

    @Test
    void attemptsRescaledDownWaitForEverySubtaskAndInheritTransitively() throws IOException {
        // attempt 0 at 3: subtasks 1 and 2 finished; attempt 1 at 2 inherits it, subtask 1 finishes
        finish(0, 1, 3, List.of("dt=b"), List.of());
        finish(0, 2, 3, List.of("dt=c"), List.of());
        assertThat(finish(1, 1, 2, List.of("dt=d"), List.of(committer.stagingId(0)))).isEmpty();
        // attempt 2 at 1 inherits attempt 1 only, and through it attempt 0
        assertThat(finish(2, 0, 1, List.of("dt=a"), List.of(committer.stagingId(1))))
                .containsExactly("dt=a", "dt=b", "dt=c", "dt=d");
        assertThat(hidden()).isEmpty();
    }
}
