package dev.runnel.runtime.state;

import static dev.runnel.runtime.state.StateBackendTestSupport.key;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.runnel.runtime.checkpoint.DefaultSharedStateRegistry;
import dev.runnel.runtime.checkpoint.IncrementalKeyedStateHandle;
import dev.runnel.runtime.checkpoint.KeyedStateHandle;
import dev.runnel.runtime.checkpoint.SnapshotTask;
import dev.runnel.runtime.checkpoint.StreamStateHandle;
import dev.runnel.runtime.fs.CopyingFileSystem;
import dev.runnel.runtime.network.KeyGroups;
import dev.runnel.runtime.state.rocksdb.RocksDbKeyedStateBackend;
import dev.runnel.runtime.state.rocksdb.RocksDbOptions;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Incremental RocksDB checkpoints: a checkpoint uploads only the SST files its base (the last
 * completed checkpoint, or the one restored from) lacks, and shared files live exactly as long as
 * a retained checkpoint uses them. Each test runs with the backend logging its writes (as in a job
 * that takes checkpoints: the snapshot takes the live files and the changelog), into checkpoint
 * storage on the local file system (SSTs and log segments hard-linked) and into storage that is
 * not (copied, segments in chunks), and without the log (the snapshot flushes the memtables into
 * a native checkpoint).
 */
@ParameterizedClass(name = "{0}")
@EnumSource
class RocksDbIncrementalCheckpointTest {
    enum Layout {
        LOG_LINKED(true, false), LOG_COPIED(true, true), FLUSHED(false, false);

        final boolean logged;
        final boolean copies;

        Layout(boolean logged, boolean copies) {
            this.logged = logged;
            this.copies = copies;
        }
    }

    @Parameter
    Layout layout;
    @TempDir
    Path checkpoints;
    @TempDir
    Path localDir;
    private SnapshotTestSupport support;

    @BeforeEach
    void setUp() {
        support = new SnapshotTestSupport(checkpoints, localDir);
        support.logWrites(layout.logged);
        support.storeWithoutLocalPaths(layout.copies);
    }

    @AfterEach
    void tearDown() {
        support.close();
    }

    /** 100 characters that do not compress, the same for a key every time. */
    private static String payload(long k) {
        SplittableRandom random = new SplittableRandom(k * 7919 + 17);
        StringBuilder s = new StringBuilder(100);
        for (int i = 0; i < 100; i++) {
            s.append((char) ('!' + random.nextInt(90)));
        }
        return s.toString();
    }

    private static ValueState<VoidNamespace, String> state(KeyedStateBackend b) {
        return b.valueState(StateDescriptor.of("payload", Serializers.STRING, Duration.ZERO));
    }

    private RocksDbKeyedStateBackend rocksDb(List<KeyedStateHandle> restored) {
        return (RocksDbKeyedStateBackend) support.open(KeyedStateBackends.ROCKSDB, 0, 1, restored);
    }

    private static void fill(KeyedStateBackend b, int keys) {
        ValueState<VoidNamespace, String> s = state(b);
        for (long k = 0; k < keys; k++) {
            b.setCurrentKey(key(k));
            s.update(payload(k));
        }
    }

    /** Changes every 100th key below {@code keys}, to a value naming {@code round}. */
    private static void changeOnePercent(KeyedStateBackend b, int keys, int round) {
        ValueState<VoidNamespace, String> s = state(b);
        for (long k = 0; k < keys; k += 100) {
            b.setCurrentKey(key(k));
            s.update("round " + round + " of " + k);
        }
    }

    private static void checkValues(KeyedStateBackend b, int keys, int lastRound) {
        ValueState<VoidNamespace, String> s = state(b);
        for (long k = 0; k < keys; k += 7) {
            b.setCurrentKey(key(k));
            assertThat(s.value()).isEqualTo(k % 100 == 0 && lastRound > 0 ? "round " + lastRound + " of " + k : payload(k));
        }
    }

    private IncrementalKeyedStateHandle checkpoint(KeyedStateBackend b, long id) throws Exception {
        return (IncrementalKeyedStateHandle) SnapshotTestSupport.snapshot(b, support.checkpoint(id, true));
    }

    @Test
    void theSecondCheckpointOfALargeSlowlyChangingStateUploadsASmallFractionAndRestoresTheChanges() throws Exception {
        int keys = 200_000;
        // Write buffers smaller than the state, so that it lives in files as well as in the log.
        support.config.set(RocksDbOptions.WRITE_BUFFER_SIZE.key(), "8mb");
        RocksDbKeyedStateBackend b = rocksDb(List.of());
        fill(b, keys);
        IncrementalKeyedStateHandle first = checkpoint(b, 1);
        b.notifyCheckpointComplete(1);
        changeOnePercent(b, keys, 1);
        IncrementalKeyedStateHandle second = checkpoint(b, 2);
        System.out.printf("incremental checkpoints of %d keys: first %d bytes, second %d bytes (%.1f%%), state %d bytes%n",
                keys, first.checkpointedSize(), second.checkpointedSize(),
                100.0 * second.checkpointedSize() / first.checkpointedSize(), second.stateSize());

        assertThat(first.checkpointedSize()).isGreaterThan(15L << 20);
        assertThat(second.checkpointedSize()).isLessThan(first.checkpointedSize() / 4);
        assertThat(second.stateSize()).isGreaterThan(first.checkpointedSize());
        assertThat(second.sharedFiles().values()).containsAnyElementsOf(first.sharedFiles().values());
        assertThat(second.sharedFiles().values()).allSatisfy(f -> {
            assertThat(DefaultSharedStateRegistry.isUnder(f.uri(), support.jobDirectory().resolve("shared/"))).isTrue();
            assertThat(CopyingFileSystem.toPath(f.uri()).getFileName().toString()).startsWith(second.backendId() + "-");
        });
        b.close();

        RocksDbKeyedStateBackend restored = rocksDb(List.of(second));
        checkValues(restored, keys, 1);
    }

    private static ListState<VoidNamespace, Long> list(KeyedStateBackend b) {
        return b.listState(StateDescriptor.of("appended", Serializers.LONG, Duration.ZERO));
    }

    /** Appends {@code round} to the list of every key below {@code keys}. */
    private static void appendRound(KeyedStateBackend b, int keys, long round) {
        ListState<VoidNamespace, Long> s = list(b);
        for (long k = 0; k < keys; k++) {
            b.setCurrentKey(key(k));
            s.add(round * 1_000_000 + k);
        }
    }

    @Test
    void listAppendsThatRocksDbFlushedBeforeTheBarrierAreRestoredOnce() throws Exception {
        // Small write buffers: RocksDB flushes memtables of appends (merges) many times before the
        // barrier, while the checkpoint's log still holds those appends.
        support.config.set(RocksDbOptions.WRITE_BUFFER_SIZE.key(), "64kb");
        int keys = 2_000;
        int rounds = 30;
        RocksDbKeyedStateBackend b = rocksDb(List.of());
        for (int round = 0; round < rounds; round++) {
            appendRound(b, keys, round);
        }
        IncrementalKeyedStateHandle handle = checkpoint(b, 1);
        b.notifyCheckpointComplete(1);
        appendRound(b, keys, rounds);
        b.close();

        RocksDbKeyedStateBackend restored = rocksDb(List.of(handle));
        ListState<VoidNamespace, Long> s = list(restored);
        for (long k = 0; k < keys; k++) {
            restored.setCurrentKey(key(k));
            List<Long> expected = new ArrayList<>();
            for (long round = 0; round < rounds; round++) {
                expected.add(round * 1_000_000 + k);
            }
            assertThat(s.get()).as("key %d", k).isEqualTo(expected);
        }
        // The restored backend goes on from there, and so does a restore of its next checkpoint.
        appendRound(restored, keys, rounds);
        IncrementalKeyedStateHandle next = checkpoint(restored, 2);
        restored.close();
        RocksDbKeyedStateBackend again = rocksDb(List.of(next));
        again.setCurrentKey(key(7));
        assertThat(list(again).get()).hasSize(rounds + 1).endsWith((long) rounds * 1_000_000 + 7);
        assertThat(again.storedEntries("appended")).isEqualTo(keys);
    }

    /** Sets every key below {@code keys} that {@code b} owns to a value naming {@code round}. */
    private static void writeRound(KeyedStateBackend b, int keys, int round) {
        ValueState<VoidNamespace, String> s = state(b);
        for (long k = 0; k < keys; k++) {
            if (owns(b, k)) {
                b.setCurrentKey(key(k));
                s.update("round " + round + " of " + k);
            }
        }
    }

    private static boolean owns(KeyedStateBackend b, long k) {
        int group = KeyGroups.keyGroupFor(key(k), new int[] {0}, 128);
        return group >= b.keyGroupStart() && group < b.keyGroupEnd();
    }

    /** The keys below {@code keys} that {@code b} owns whose value does not name {@code round}. */
    private static List<Long> notAtRound(KeyedStateBackend b, int keys, int round) {
        ValueState<VoidNamespace, String> s = state(b);
        List<Long> wrong = new ArrayList<>();
        for (long k = 0; k < keys; k++) {
            if (owns(b, k)) {
                b.setCurrentKey(key(k));
                if (!("round " + round + " of " + k).equals(s.value())) {
                    wrong.add(k);
                }
            }
        }
        return wrong;
    }

    /**
     * What a job rescaled 1 → 2 → 3 does to its state: several incremental checkpoints of one
     * subtask, restored onto two that each write and take further checkpoints, restored onto three.
     * Every subtask finds every key it owns as the last checkpoint left it.
     */
    @Test
    void aStateCheckpointedManyTimesRestoresOntoTwoSubtasksAndThenThree() throws Exception {
        int keys = 2_000;
        KeyedStateBackend one = rocksDb(List.of());
        IncrementalKeyedStateHandle last = null;
        for (int round = 1; round <= 4; round++) {
            writeRound(one, keys, round);
            last = checkpoint(one, round);
            one.notifyCheckpointComplete(round);
        }
        one.close();

        List<KeyedStateHandle> ofTwo = new ArrayList<>();
        for (int subtask = 0; subtask < 2; subtask++) {
            KeyedStateBackend b = support.open(KeyedStateBackends.ROCKSDB, subtask, 2, List.of(last));
            assertThat(notAtRound(b, keys, 4)).as("subtask %d of 2", subtask).isEmpty();
            IncrementalKeyedStateHandle handle = null;
            for (int round = 5; round <= 7; round++) {
                writeRound(b, keys, round);
                handle = checkpoint(b, 10L * round + subtask);
                b.notifyCheckpointComplete(10L * round + subtask);
            }
            ofTwo.add(handle);
            b.close();
        }

        for (int subtask = 0; subtask < 3; subtask++) {
            KeyedStateBackend b = support.open(KeyedStateBackends.ROCKSDB, subtask, 3, ofTwo);
            assertThat(notAtRound(b, keys, 7)).as("subtask %d of 3", subtask).isEmpty();
        }
    }

    @Test
    void theLogACheckpointHoldsStaysSmallAsTheStateGrows() throws Exception {
        support.config.set(RocksDbOptions.WRITE_BUFFER_SIZE.key(), "256kb");
        int keys = 100_000;   // about 13 MB of values and keys
        RocksDbKeyedStateBackend b = rocksDb(List.of());
        IncrementalKeyedStateHandle last = null;
        for (int id = 1; id <= 4; id++) {
            ValueState<VoidNamespace, String> s = state(b);
            for (long k = (id - 1) * keys / 4; k < id * keys / 4; k++) {
                b.setCurrentKey(key(k));
                s.update(payload(k));
            }
            last = checkpoint(b, id);
            b.notifyCheckpointComplete(id);
        }
        long logBytes = last.sharedFiles().entrySet().stream().filter(f -> f.getKey().startsWith("changelog-"))
                .mapToLong(f -> f.getValue().size()).sum();
        long localLog = directorySize(b.directory().resolve("db-changelog"));
        System.out.printf("log in the last checkpoint: %d bytes, on local disk: %d bytes%n", logBytes, localLog);
        if (layout.logged) {
            // Less than half of the 13 MB logged: flushes move where the log a checkpoint needs starts, and the segments before go.
            assertThat(logBytes).isPositive().isLessThan(13L << 19);
            assertThat(localLog).isPositive().isLessThan(13L << 19);
        } else {
            assertThat(logBytes).isZero();
        }
        b.close();
        checkValues(rocksDb(List.of(last)), keys, 0);
    }

    private static long directorySize(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return 0;
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.mapToLong(f -> f.toFile().length()).sum();
        }
    }

    @Test
    void aCorruptLogFailsTheRestoreNamingTheFileAndByte() throws Exception {
        assumeTrue(layout.logged);
        RocksDbKeyedStateBackend b = rocksDb(List.of());
        fill(b, 1_000);
        IncrementalKeyedStateHandle handle = checkpoint(b, 1);
        b.close();
        StreamStateHandle log = handle.sharedFiles().entrySet().stream()
                .filter(f -> f.getKey().startsWith("changelog-")).findFirst().orElseThrow().getValue();
        Path file = CopyingFileSystem.toPath(log.uri());
        byte[] bytes = Files.readAllBytes(file);
        bytes[100] ^= 0x10;
        Files.write(file, bytes);

        assertThatThrownBy(() -> rocksDb(List.of(handle))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Could not restore RocksDB for operator 'test-op'")
                .hasMessageContaining("checksum does not match").hasMessageContaining("at byte 0");
    }

    @Test
    void aRestoreFromACheckpointHasNoneOfTheWritesThatFollowedIt() throws Exception {
        int keys = 20_000;
        RocksDbKeyedStateBackend b = rocksDb(List.of());
        fill(b, keys);
        IncrementalKeyedStateHandle first = checkpoint(b, 1);
        b.notifyCheckpointComplete(1);
        // These reach the log files that the first checkpoint holds (linked, or in chunks) when
        // the second one writes the log out.
        changeOnePercent(b, keys, 1);
        IncrementalKeyedStateHandle second = checkpoint(b, 2);
        b.notifyCheckpointComplete(2);
        changeOnePercent(b, keys, 2);
        b.close();

        checkValues(rocksDb(List.of(first)), keys, 0);
        checkValues(rocksDb(List.of(second)), keys, 1);
    }

    @Test
    void onlyACompletedCheckpointIsTheBaseOfTheNext() throws Exception {
        int keys = 20_000;
        RocksDbKeyedStateBackend b = rocksDb(List.of());
        fill(b, keys);
        IncrementalKeyedStateHandle first = checkpoint(b, 1);
        b.notifyCheckpointComplete(1);
        changeOnePercent(b, keys, 1);
        IncrementalKeyedStateHandle aborted = checkpoint(b, 2);
        b.notifyCheckpointAborted(2);
        Set<StreamStateHandle> uploadedByAborted = new HashSet<>(aborted.sharedFiles().values());
        uploadedByAborted.removeAll(first.sharedFiles().values());
        assertThat(uploadedByAborted).isNotEmpty();

        IncrementalKeyedStateHandle third = checkpoint(b, 3);
        assertThat(third.sharedFiles().values()).doesNotContainAnyElementsOf(uploadedByAborted);
        assertThat(third.checkpointedSize()).isLessThan(third.stateSize() / 10);
        if (layout != Layout.LOG_LINKED) {
            // A linked log is linked again at its new length: shared on disk, not by handle.
            assertThat(third.sharedFiles().values()).containsAnyElementsOf(first.sharedFiles().values());
        }
        b.notifyCheckpointComplete(3);

        IncrementalKeyedStateHandle fourth = checkpoint(b, 4);
        assertThat(third.sharedFiles().values()).containsAll(fourth.sharedFiles().values());
        assertThat(fourth.checkpointedSize()).isLessThan(fourth.stateSize() / 10);
    }

    @Test
    void aBackendRestoredFromACheckpointOfItsJobBuildsOnItsFilesAndOnAnotherJobsUploadsAll() throws Exception {
        int keys = 20_000;
        RocksDbKeyedStateBackend b = rocksDb(List.of());
        fill(b, keys);
        IncrementalKeyedStateHandle first = checkpoint(b, 1);
        b.notifyCheckpointComplete(1);
        b.close();

        RocksDbKeyedStateBackend sameJob = rocksDb(List.of(first));
        changeOnePercent(sameJob, keys, 1);
        IncrementalKeyedStateHandle next = checkpoint(sameJob, 2);
        assertThat(next.sharedFiles().values()).containsAll(first.sharedFiles().values());
        assertThat(next.checkpointedSize()).isLessThan(first.checkpointedSize() / 4);

        RocksDbKeyedStateBackend otherJob = rocksDb(List.of(first));
        URI otherJobDirectory = support.uriOf(checkpoints).resolve("other-job/");
        var other = (IncrementalKeyedStateHandle) SnapshotTestSupport.snapshot(otherJob,
                support.checkpoint(1, true, otherJobDirectory));
        assertThat(other.sharedFiles().values()).isNotEmpty().allSatisfy(f ->
                assertThat(DefaultSharedStateRegistry.isUnder(f.uri(), otherJobDirectory)).isTrue());
        otherJob.close();
        RocksDbKeyedStateBackend fromOther = rocksDb(List.of(other));
        checkValues(fromOther, keys, 0);
    }

    @Test
    void sharedFilesLiveExactlyAsLongAsARetainedCheckpointUsesThem() throws Exception {
        int keys = 20_000;
        DefaultSharedStateRegistry registry = new DefaultSharedStateRegistry(support.jobDirectory(),
                support.checkpoint(1, true).storage());
        RocksDbKeyedStateBackend b = rocksDb(List.of());
        fill(b, keys);
        IncrementalKeyedStateHandle retained = null;
        Set<URI> everUploaded = new HashSet<>();
        for (int id = 1; id <= 6; id++) {
            if (id > 1) {
                changeOnePercent(b, keys, id - 1);
            }
            IncrementalKeyedStateHandle handle = checkpoint(b, id);
            handle.sharedStateFiles().forEach(f -> everUploaded.add(f.uri()));
            // As the coordinator does with state.checkpoints.num-retained = 1.
            registry.register(id, handle.sharedStateFiles());
            b.notifyCheckpointComplete(id);
            if (retained != null) {
                registry.release(retained.checkpointId());
            }
            retained = handle;
            Set<URI> referenced = retained.sharedStateFiles().stream().map(StreamStateHandle::uri).collect(Collectors.toSet());
            assertThat(sharedFilesOnDisk()).containsExactlyInAnyOrderElementsOf(referenced);
        }
        b.close();
        checkValues(rocksDb(List.of(retained)), keys, 5);
        registry.release(retained.checkpointId());
        assertThat(sharedFilesOnDisk()).isEmpty();
        assertThat(everUploaded).hasSizeGreaterThan(1);
    }

    private Set<URI> sharedFilesOnDisk() throws IOException {
        Path shared = CopyingFileSystem.toPath(support.jobDirectory().resolve("shared/"));
        if (!Files.exists(shared)) {
            return Set.of();
        }
        try (Stream<Path> files = Files.list(shared)) {
            return files.map(support::uriOf).collect(Collectors.toSet());
        }
    }

    @Test
    void localSnapshotDirectoriesAndRestoreDirectoriesAreDeletedAndCloseWaitsForNothingLeft() throws Exception {
        RocksDbKeyedStateBackend b = rocksDb(List.of());
        fill(b, 1_000);
        IncrementalKeyedStateHandle incremental = checkpoint(b, 1);
        KeyedStateHandle full = SnapshotTestSupport.snapshot(b, support.checkpoint(2, false));
        assertThat(localSnapshots(b)).isEmpty();
        SnapshotTask abortedBeforeItRan = b.snapshot(support.checkpoint(6, true));
        SnapshotTask subsumedBeforeItRan = b.snapshot(support.checkpoint(7, true));
        b.notifyCheckpointAborted(6);
        b.notifyCheckpointComplete(8);
        assertThat(localSnapshots(b)).isEmpty();
        assertThatThrownBy(abortedBeforeItRan::write).hasMessageContaining("aborted or subsumed");
        assertThatThrownBy(subsumedBeforeItRan::write).hasMessageContaining("aborted or subsumed");
        SnapshotTask pending = b.snapshot(support.checkpoint(3, false));
        b.close();
        assertThatThrownBy(pending::write).isInstanceOf(IOException.class).hasMessageContaining("closed");
        assertThatThrownBy(() -> b.snapshot(support.checkpoint(4, true))).isInstanceOf(IllegalStateException.class);

        assertThat(full).isNotNull();

        // Two subtasks' checkpoints restored into one: one is opened as the instance, the other is
        // opened in a temporary directory and copied in.
        List<KeyedStateHandle> handles = new ArrayList<>();
        for (int subtask = 0; subtask < 2; subtask++) {
            KeyedStateBackend part = support.open(KeyedStateBackends.ROCKSDB, subtask, 2, List.of());
            ValueState<VoidNamespace, String> s = state(part);
            for (long k = 0; k < 1_000; k++) {
                if (SnapshotTestSupport.subtaskOf(k, 2) == subtask) {
                    part.setCurrentKey(key(k));
                    s.update(payload(k));
                }
            }
            handles.add(SnapshotTestSupport.snapshot(part, support.checkpoint(5, true)));
            part.close();
        }
        RocksDbKeyedStateBackend merged = rocksDb(handles);
        checkValues(merged, 1_000, 0);
        assertThat(merged.directory().resolve("restore")).isEmptyDirectory();
        merged.close();
        try (Stream<Path> left = Files.list(localDir)) {
            assertThat(left).isEmpty();
        }
    }

    private static List<Path> localSnapshots(RocksDbKeyedStateBackend b) throws IOException {
        Path dir = b.directory().resolve("snapshots");
        if (!Files.exists(dir)) {
            return List.of();
        }
        try (Stream<Path> left = Files.list(dir)) {
            return left.toList();
        }
    }

    @Test
    void aRestoreThatFailsNamesTheOperatorAndLeavesNoFilesBehind() throws Exception {
        RocksDbKeyedStateBackend b = rocksDb(List.of());
        fill(b, 1_000);
        IncrementalKeyedStateHandle handle = checkpoint(b, 1);
        b.close();
        StreamStateHandle lost = handle.sharedFiles().values().iterator().next();
        Files.delete(CopyingFileSystem.toPath(lost.uri()));

        assertThatThrownBy(() -> rocksDb(List.of(handle))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Could not restore RocksDB for operator 'test-op'");
        try (Stream<Path> left = Files.list(localDir)) {
            assertThat(left).isEmpty();
        }
    }
}
