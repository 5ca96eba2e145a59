package dev.runnel.runtime.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.cluster.ResultChunk;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.jobgraph.JobEdge;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.operators.sink.CollectSinkOperatorFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A query's client fetches the rows of a job that restarts from checkpoints: it sees what a run
 * without failures shows, each row once, although restored collect sinks send rows again. The
 * client of a job resumed from a savepoint sees the rows after it, the first job's client those
 * before.
 */
class CollectRecoveryTest extends CheckpointClusterTestBase {
    private static final long ROWS = 40_000;
    private static final int KEYS = 11;

    /** Source (2) → FORWARD → Collect (2): the collect sink's subtasks each own a part of the result. */
    private JobGraph select(Configuration config) {
        // The buffer holds the whole result, so the client may fetch after the job ended.
        config.set("collect-sink.buffer-rows", String.valueOf(2 * ROWS));
        return new JobGraph("select", List.of(
                new JobVertex(1, "Source", 2, new CheckpointTestJobs.PositionedSource(ROWS, KEYS, 100, 10), List.of()),
                new JobVertex(2, "Collect", 2, null, List.of(new CollectSinkOperatorFactory()))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Forward())),
                config);
    }

    private List<String> fetchAll(JobId id) {
        List<String> rows = new ArrayList<>();
        ResultChunk chunk;
        do {
            chunk = cluster.fetchResults(id, 5_000, Duration.ofSeconds(10));
            chunk.rows().forEach(row -> rows.add(row.toString()));
        } while (!chunk.endOfResult());
        rows.sort(null);
        return rows;
    }

    @Test
    void theClientSeesEachRowOnceAfterRestartsOfTheCollectSinkAndTheSource() {
        startCluster(2, 1);
        JobId clean = cluster.submitJob(select(checkpointing(Map.of())));
        List<String> expected = fetchAll(clean);
        assertThat(expected).hasSize((int) ROWS).doesNotHaveDuplicates();

        JobId id = cluster.submitJob(select(checkpointing(Map.of())));
        String[][] victims = {{"Collect", "0"}, {"Source", "1"}};
        for (int i = 0; i < victims.length; i++) {
            awaitCheckpointAfter(id, stats(id).completed());
            assertThat(cluster.failTask(id, victims[i][0], Integer.parseInt(victims[i][1]), "injected failure " + i))
                    .as("failure %d hit a running subtask", i).isTrue();
            int restarts = i + 1;
            await().atMost(Duration.ofSeconds(60)).until(() -> stats(id).restarts() == restarts);
        }
        JobInfo end = cluster.jobTermination(id).join();

        assertThat(end.status()).as(end.failureCause()).isEqualTo(JobStatus.FINISHED);
        assertThat(end.checkpoints().restarts()).isEqualTo(2);
        assertThat(fetchAll(id)).isEqualTo(expected);
    }

    @Test
    void theClientsOfAJobAndOfItsResumptionFromASavepointTogetherSeeEachRowOnce() {
        startCluster(2, 1);
        List<String> expected = fetchAll(cluster.submitJob(select(checkpointing(Map.of()))));

        JobId first = cluster.submitJob(select(checkpointing(Map.of())));
        awaitCheckpointAfter(first, 0);
        // The collect sinks hold the rows since the last checkpoint in the savepoint, and send
        // them to the first client when it completes.
        String savepoint = cluster.stopWithSavepoint(first, dir.resolve("savepoints").toString(), false).join();
        assertThat(cluster.jobTermination(first).join().status()).isEqualTo(JobStatus.FINISHED);
        List<String> seenFirst = fetchAll(first);

        JobId resumed = cluster.submitJob(select(checkpointing(Map.of("execution.savepoint.path", savepoint))));
        List<String> seenResumed = fetchAll(resumed);
        assertThat(cluster.jobTermination(resumed).join().status()).isEqualTo(JobStatus.FINISHED);

        assertThat(seenFirst).isNotEmpty();
        assertThat(seenResumed).isNotEmpty();
        List<String> both = new ArrayList<>(seenFirst);
        both.addAll(seenResumed);
        both.sort(null);
        assertThat(both).isEqualTo(expected);
    }
}
