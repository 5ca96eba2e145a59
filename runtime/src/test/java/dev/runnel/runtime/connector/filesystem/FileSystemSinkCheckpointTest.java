package dev.runnel.runtime.connector.filesystem;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.checkpoint.CheckpointOptions;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.testing.OperatorSnapshot;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.RowType.Field;
import dev.runnel.runtime.types.TypeRoot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The exactly-once filesystem sink: files become visible when their checkpoint completes, and
 * after a crash and a restore from the last completed checkpoint, replaying the rows after it
 * leaves every row in the committed files exactly once.
 */
class FileSystemSinkCheckpointTest {
    private static final RowType ROWS = RowType.of(new Field("id", DataType.of(TypeRoot.BIGINT)),
            new Field("dt", DataType.of(TypeRoot.VARCHAR)));

    @TempDir
    Path dir;

    private final AtomicLong clock = new AtomicLong();

    private Operator sink(boolean partitioned, PartitionOptions.CommitTrigger trigger, Duration delay) {
        return new FileSystemSinkOperator("default.t", dir.toString(), "json", new Configuration(),
                new Partitioning(ROWS, partitioned ? List.of("dt") : List.of(), "__DEFAULT_PARTITION__"),
                new PartitionCommitter("test", "_SUCCESS"),
                new PartitionCommitTrigger(trigger, delay.toMillis(), null, null, "UTC"), 1 << 20, 3_600_000, clock::get);
    }

    private Operator sink() {
        return sink(false, PartitionOptions.CommitTrigger.PROCESS_TIME, Duration.ZERO);
    }

    private static OperatorHarness harness(Operator sink, int subtask, int parallelism) {
        Configuration config = new Configuration();
        config.set(CheckpointOptions.INTERVAL.key(), "1 s");
        return OperatorHarness.of(sink).withConfiguration(config).withInputType(ROWS).asSubtask(subtask, parallelism);
    }

    private static List<Row> rows(long from, long to) {
        return LongStream.range(from, to).mapToObj(i -> Row.of(i, "2024-01-0" + (1 + i % 3))).toList();
    }

    /** The ids in the committed files (names not starting with '.' or '_'), with repeats. */
    private List<Long> committedIds() throws IOException {
        List<Long> ids = new ArrayList<>();
        for (Path file : files(false)) {
            for (String line : Files.readAllLines(file)) {
                ids.add(Long.parseLong(line.replaceAll("^\\{\"id\":(\\d+).*", "$1")));
            }
        }
        return ids;
    }

    private List<Path> files(boolean inProgress) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).filter(p -> {
                String name = p.getFileName().toString();
                return inProgress ? name.endsWith(".inprogress") : !name.startsWith(".") && !name.startsWith("_");
            }).sorted().toList();
        }
    }

    private static List<Long> ids(long from, long to) {
        return LongStream.range(from, to).boxed().toList();
    }

    @Test
    void filesBecomeVisibleWhenTheirCheckpointOrALaterOneCompletes() throws Exception {
        try (OperatorHarness h = harness(sink(), 0, 1).open()) {
            h.processRows(rows(0, 100));
            h.snapshot(1);
            h.processRows(rows(100, 150));
            h.snapshot(2);
            h.processRows(rows(150, 160));
            assertThat(committedIds()).isEmpty();
            h.notifyCheckpointComplete(1);
            assertThat(committedIds()).containsExactlyInAnyOrderElementsOf(ids(0, 100));
            h.notifyCheckpointComplete(2).notifyCheckpointComplete(2);
            assertThat(committedIds()).containsExactlyInAnyOrderElementsOf(ids(0, 150));
            h.snapshot(3);
            h.notifyCheckpointAborted(3);
            h.processRows(rows(160, 170));
            h.snapshot(4);
            assertThat(committedIds()).hasSize(150);
            h.notifyCheckpointComplete(4);
            assertThat(committedIds()).containsExactlyInAnyOrderElementsOf(ids(0, 170));
            assertThat(files(true)).isEmpty();
        }
    }

    @Test
    void aCrashAfterACheckpointLeavesEveryRowExactlyOnceAfterRestoreAndReplay() throws Exception {
        OperatorHarness first = harness(sink(), 0, 1).open();
        first.processRows(rows(0, 100));
        OperatorSnapshot checkpoint = first.snapshot(1);
        // the checkpoint completes, but the crash comes before the sink hears of it
        first.processRows(rows(100, 130));
        first.snapshot(2); // never completes
        first.processRows(rows(130, 150));
        first.crash();
        assertThat(committedIds()).isEmpty();
        assertThat(files(true)).hasSize(3);

        try (OperatorHarness second = harness(sink(), 0, 1).withRestoredState(checkpoint).open()) {
            assertThat(committedIds()).as("the restored pending files are committed")
                    .containsExactlyInAnyOrderElementsOf(ids(0, 100));
            assertThat(files(true)).as("what the crashed sink left in progress is gone").isEmpty();
            second.processRows(rows(100, 200)); // the sources replay from the checkpoint
            second.snapshot(2);
            second.notifyCheckpointComplete(2).notifyCheckpointComplete(2);
            assertThat(committedIds()).containsExactlyInAnyOrderElementsOf(ids(0, 200));
        }
    }

    @Test
    void aSecondCrashBeforeTheFirstCheckpointAfterARestoreIsCleanedUpToo() throws Exception {
        OperatorHarness first = harness(sink(), 0, 1).open();
        first.processRows(rows(0, 100));
        OperatorSnapshot checkpoint = first.snapshot(1);
        first.notifyCheckpointComplete(1);
        first.processRows(rows(100, 120));
        first.crash();
        OperatorHarness second = harness(sink(), 0, 1).withRestoredState(checkpoint).open();
        second.processRows(rows(100, 110));
        second.snapshot(2); // never completes
        second.processRows(rows(110, 115));
        second.crash();
        try (OperatorHarness third = harness(sink(), 0, 1).withRestoredState(checkpoint).open()) {
            assertThat(files(true)).isEmpty();
            third.processRows(rows(100, 130)).endInput();
            assertThat(committedIds()).containsExactlyInAnyOrderElementsOf(ids(0, 130));
        }
    }

    @ParameterizedTest(name = "2 subtasks restored into {0}")
    @ValueSource(ints = {1, 2, 4})
    void aRestoreAtAnotherParallelismCommitsAndCleansUpEverySubtasksFiles(int newParallelism) throws Exception {
        List<OperatorSnapshot> checkpoints = new ArrayList<>();
        for (int subtask = 0; subtask < 2; subtask++) {
            OperatorHarness h = harness(sink(), subtask, 2).open();
            h.processRows(rows(subtask * 1000, subtask * 1000 + 100));
            checkpoints.add(h.snapshot(5));
            h.processRows(rows(subtask * 1000 + 100, subtask * 1000 + 150));
            h.crash();
        }
        List<OperatorSnapshot> assigned = OperatorSnapshot.redistribute(checkpoints, newParallelism);
        List<OperatorHarness> restored = new ArrayList<>();
        for (int subtask = 0; subtask < newParallelism; subtask++) {
            restored.add(harness(sink(), subtask, newParallelism).withRestoredState(assigned.get(subtask)).open());
        }
        List<Long> expected = new ArrayList<>(ids(0, 100));
        expected.addAll(ids(1000, 1100));
        assertThat(committedIds()).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(files(true)).isEmpty();
        // the replayed rows after the checkpoint, spread over the new subtasks
        List<Row> replay = new ArrayList<>(rows(100, 200));
        replay.addAll(rows(1100, 1200));
        for (int i = 0; i < replay.size(); i++) {
            restored.get(i % newParallelism).processRows(List.of(replay.get(i)));
        }
        for (OperatorHarness h : restored) {
            h.endInput();
            h.close();
        }
        expected.addAll(ids(100, 200));
        expected.addAll(ids(1100, 1200));
        assertThat(committedIds()).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void theEndOfInputCommitsEverythingAndAFailureDeletesWhatNoCheckpointHolds() throws Exception {
        try (OperatorHarness h = harness(sink(), 0, 1).open()) {
            h.processRows(rows(0, 10));
            h.snapshot(1);
            h.processRows(rows(10, 20)).endInput();
            assertThat(committedIds()).containsExactlyInAnyOrderElementsOf(ids(0, 20));
        }
        OperatorHarness failing = harness(sink(), 0, 1).open();
        failing.processRows(rows(100, 110));
        failing.close();
        assertThat(committedIds()).hasSize(20);
        assertThat(files(true)).isEmpty();
    }

    @Test
    void theProcessTimeTriggerCommitsAPartitionAtTheFirstCompletedCheckpointAfterTheDelay() throws Exception {
        try (OperatorHarness h = harness(sink(true, PartitionOptions.CommitTrigger.PROCESS_TIME, Duration.ofMinutes(1)),
                0, 1).open()) {
            h.processRows(rows(0, 30));
            h.snapshot(1);
            clock.set(59_000);
            h.notifyCheckpointComplete(1);
            assertThat(committedIds()).hasSize(30);
            assertThat(successFiles()).isEmpty();
            clock.set(60_000);
            h.snapshot(2);
            h.notifyCheckpointComplete(2);
            assertThat(successFiles()).containsExactly("dt=2024-01-01/_SUCCESS", "dt=2024-01-02/_SUCCESS",
                    "dt=2024-01-03/_SUCCESS");
        }
    }

    @Test
    void thePartitionTimeTriggerCommitsAPartitionWhenTheWatermarkPassesItsTimePlusTheDelay() throws Exception {
        try (OperatorHarness h = harness(sink(true, PartitionOptions.CommitTrigger.PARTITION_TIME, Duration.ofHours(1)),
                0, 1).open()) {
            h.processRows(rows(0, 30));
            h.processWatermark(ts("2024-01-02T00:59:59"));
            h.snapshot(1);
            h.notifyCheckpointComplete(1);
            assertThat(successFiles()).containsExactly("dt=2024-01-01/_SUCCESS");
            h.processWatermark(ts("2024-01-02T01:00:00"));
            h.snapshot(2);
            h.notifyCheckpointComplete(2);
            assertThat(successFiles()).containsExactly("dt=2024-01-01/_SUCCESS", "dt=2024-01-02/_SUCCESS");
        }
    }

    private static long ts(String utc) {
        return java.time.LocalDateTime.parse(utc).toInstant(java.time.ZoneOffset.UTC).toEpochMilli();
    }

    private List<String> successFiles() throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(p -> p.getFileName().toString().equals("_SUCCESS"))
                    .map(p -> dir.relativize(p).toString()).sorted().toList();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
