package dev.runnel.runtime.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.jobgraph.JobEdge;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.network.KeyGroups;
import dev.runnel.runtime.testing.TestOperators;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the state of a checkpoint is mapped onto the subtasks of a job, also at other parallelisms. */
class StateAssignmentTest {
    private static final int MAX = 128;

    @TempDir
    Path dir;

    private static JobGraph job(int parallelism) {
        return new JobGraph("job", List.of(
                new JobVertex(1, "Source", parallelism, new CheckpointTestJobs.PositionedSource(10, 2, 1, 0), List.of()),
                new JobVertex(2, "Count", parallelism, null, List.of(new CheckpointTestJobs.KeyedCount()))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Hash(new int[] {1}))), new Configuration());
    }

    private static String descriptor(JobGraph job, String operatorId) {
        return job.vertices().stream().flatMap(v -> OperatorIds.of(v).stream()).filter(r -> r.id().equals(operatorId))
                .findFirst().orElseThrow().descriptor();
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static KeyGroupsStateHandle handle(int start, int end) {
        return new KeyGroupsStateHandle(start, end, new StreamStateHandle(URI.create("file:///state-" + start), 10),
                new long[end - start]);
    }

    /** A checkpoint of {@link #job} at parallelism 2: two source splits, a union list, keyed state per half. */
    private static CheckpointMetadata checkpointAtParallelismTwo() {
        JobGraph old = job(2);
        return new CheckpointMetadata("old", 7, 0, false, Map.of(
                "1-source", new CheckpointMetadata.OperatorState("PositionedSource", 2, MAX, descriptor(old, "1-source"), List.of(
                        new OperatorSubtaskState(List.of(), Map.of("splits", List.of(bytes("a"))), Map.of(), false),
                        new OperatorSubtaskState(List.of(), Map.of("splits", List.of(bytes("b"))), Map.of(), false))),
                "2-0", new CheckpointMetadata.OperatorState("KeyedCount", 2, MAX, descriptor(old, "2-0"), List.of(
                        new OperatorSubtaskState(List.of(handle(0, 64)), Map.of(), Map.of("counts", List.of(bytes("x"))), false),
                        new OperatorSubtaskState(List.of(handle(64, 128)), Map.of(), Map.of("counts", List.of(bytes("y"))), false)))));
    }

    @Test
    void keyGroupRangesAreExactlyTheKeyGroupsRoutedToEachSubtask() {
        for (int parallelism : new int[] {1, 2, 3, 4, 7, 128}) {
            for (int keyGroup = 0; keyGroup < MAX; keyGroup++) {
                int subtask = KeyGroups.subtaskForKeyGroup(keyGroup, MAX, parallelism);
                int[] range = KeyGroups.keyGroupRange(subtask, MAX, parallelism);
                assertThat(keyGroup).as("key group %d at parallelism %d", keyGroup, parallelism)
                        .isGreaterThanOrEqualTo(range[0]).isLessThan(range[1]);
            }
        }
    }

    @Test
    void atThreeSubtasksKeyedHandlesGoWhereTheirKeyGroupsAreAndSplitsAreDealtRoundRobin() {
        Map<Integer, List<TaskStateSnapshot>> assigned = StateAssignment.assign(checkpointAtParallelismTwo(), job(3), MAX, false);

        List<TaskStateSnapshot> sources = assigned.get(1);
        assertThat(sources).hasSize(3);
        assertThat(new String(sources.get(0).get("1-source").splitLists().get("splits").get(0), StandardCharsets.UTF_8)).isEqualTo("a");
        assertThat(new String(sources.get(1).get("1-source").splitLists().get("splits").get(0), StandardCharsets.UTF_8)).isEqualTo("b");
        // Restored, but without a split: the reader ends at once.
        assertThat(sources.get(2).get("1-source").splitLists().get("splits")).isEmpty();

        List<TaskStateSnapshot> counts = assigned.get(2);
        // Ranges at parallelism 3: [0, 43), [43, 86), [86, 128).
        assertThat(counts.get(0).get("2-0").keyed()).extracting(KeyedStateHandle::keyGroupStart).containsExactly(0);
        assertThat(counts.get(1).get("2-0").keyed()).extracting(KeyedStateHandle::keyGroupStart).containsExactly(0, 64);
        assertThat(counts.get(2).get("2-0").keyed()).extracting(KeyedStateHandle::keyGroupStart).containsExactly(64);
        assertThat(counts).allSatisfy(s -> assertThat(s.get("2-0").unionLists().get("counts")).hasSize(2));
    }

    @Test
    void atOneSubtaskEverythingGoesToIt() {
        TaskStateSnapshot source = StateAssignment.assign(checkpointAtParallelismTwo(), job(1), MAX, false).get(1).get(0);

        assertThat(source.get("1-source").splitLists().get("splits")).hasSize(2);
    }

    @Test
    void anOperatorWhoseSubtasksAllFinishedIsRestoredAsFinished() {
        JobGraph job = job(2);
        CheckpointMetadata metadata = new CheckpointMetadata("old", 3, 0, false, Map.of(
                "1-source", new CheckpointMetadata.OperatorState("PositionedSource", 2, MAX, descriptor(job, "1-source"),
                        List.of(OperatorSubtaskState.FINISHED, OperatorSubtaskState.FINISHED))));

        List<TaskStateSnapshot> sources = StateAssignment.assign(metadata, job(3), MAX, false).get(1);

        assertThat(sources).hasSize(3).allSatisfy(s -> assertThat(s.isFinished()).isTrue());
    }

    @Test
    void stateOfAnOperatorTheJobNoLongerHasIsRefusedUnlessIgnored() {
        JobGraph changed = new JobGraph("job", List.of(
                new JobVertex(1, "Source", 2, new CheckpointTestJobs.PositionedSource(10, 2, 1, 0), List.of()),
                new JobVertex(2, "Count", 2, null, List.of(new TestOperators.TagSubtask()))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Rebalance())), new Configuration());

        assertThatThrownBy(() -> StateAssignment.assign(checkpointAtParallelismTwo(), changed, MAX, false))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Savepoint state for operator 'KeyedCount' (id 2-0) cannot be mapped to the new job: "
                        + "the query changed");
        Map<Integer, List<TaskStateSnapshot>> ignored = StateAssignment.assign(checkpointAtParallelismTwo(), changed, MAX, true);
        assertThat(ignored.get(2)).containsOnlyNulls();
        assertThat(ignored.get(1)).doesNotContainNull();
    }

    @Test
    void keyedStateNeedsTheSameMaxParallelism() {
        assertThatThrownBy(() -> StateAssignment.assign(checkpointAtParallelismTwo(), job(2), 256, false))
                .hasMessageContaining("pipeline.max-parallelism 128 and cannot be restored with 256");
    }

    @Test
    void metadataSurvivesItsJsonFile() {
        CheckpointMetadata metadata = checkpointAtParallelismTwo();
        CheckpointLocation location = new CheckpointLocation(dir.resolve("chk-7").toUri(), null, false);

        assertThat(location.isSavepoint()).isTrue();
        try {
            metadata.write(location);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        CheckpointMetadata read = CheckpointMetadata.read(dir.resolve("chk-7").toString());

        assertThat(read.checkpointId()).isEqualTo(7);
        assertThat(read.operators().get("2-0").subtasks().get(1).keyed()).usingRecursiveFieldByFieldElementComparator()
                .containsExactly(handle(64, 128));
        assertThat(read.operators().get("1-source").subtasks().get(1).splitLists().get("splits").get(0)).isEqualTo(bytes("b"));
        assertThat(CheckpointMetadata.read(dir.resolve("chk-7").resolve("_metadata").toString()).checkpointId()).isEqualTo(7);
        assertThatThrownBy(() -> CheckpointMetadata.read(dir.resolve("nothing").toString()))
                .hasMessageContaining("No savepoint or checkpoint at");
    }
}
