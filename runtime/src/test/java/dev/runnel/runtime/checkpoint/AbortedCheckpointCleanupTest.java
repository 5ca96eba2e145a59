package dev.runnel.runtime.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.jobgraph.JobEdge;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.state.KeyedStateBackend;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.ValueState;
import dev.runnel.runtime.state.VoidNamespace;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Incremental RocksDB checkpoints that are aborted do not leave their uploaded files behind. */
class AbortedCheckpointCleanupTest extends CheckpointClusterTestBase {
    /** Shared files are named {@code <backend id>-<checkpoint id>-<sst name>}. */
    private static final Pattern CHECKPOINT_OF_FILE = Pattern.compile("-(\\d+)-[^-]+\\.sst$");

    @Test
    void theSharedFilesOfAbortedCheckpointsAreDeleted() throws IOException {
        startCluster(2, 1);
        // Every checkpoint times out before its upload ends, so all are aborted and their
        // acknowledgements (with the uploaded files) arrive after the abort.
        JobGraph job = new JobGraph("aborted", List.of(
                new JobVertex(1, "Source", 1, new CheckpointTestJobs.PositionedSource(10_000_000, 5_000, 200, 5), List.of()),
                new JobVertex(2, "Count", 1, null, List.of(new CountPerKey()))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Hash(new int[] {1}))),
                checkpointing(Map.of("state.backend.type", "rocksdb", "state.backend.incremental", "true",
                        "execution.checkpointing.timeout", "1ms",
                        "execution.checkpointing.tolerable-failed-checkpoints", "1000000",
                        "execution.checkpointing.externalized-checkpoint-retention", "RETAIN_ON_CANCELLATION")));
        JobId id = cluster.submitJob(job);
        await().atMost(Duration.ofSeconds(60)).until(() -> stats(id).failed() >= 8);
        cluster.cancelJob(id);
        assertThat(cluster.jobTermination(id).join().status()).isEqualTo(JobStatus.CANCELED);
        assertThat(stats(id).completed()).isZero();

        Path shared = checkpointsDirectory().resolve(id.toString()).resolve("shared");
        Set<String> checkpointsWithFiles;
        try (Stream<Path> files = Files.exists(shared) ? Files.list(shared) : Stream.empty()) {
            checkpointsWithFiles = files.map(f -> CHECKPOINT_OF_FILE.matcher(f.getFileName().toString()))
                    .filter(Matcher::find).map(m -> m.group(1)).collect(Collectors.toSet());
        }
        // Only uploads still running when the job was cancelled may remain, not those of the
        // (at least 8) checkpoints aborted before.
        assertThat(checkpointsWithFiles).hasSizeLessThanOrEqualTo(2);
    }

    /** Counts rows per key (field 1) in keyed state, emitting nothing. */
    private record CountPerKey() implements OperatorFactory {
        @Override
        public String name() {
            return "CountPerKey";
        }

        @Override
        public Operator create() {
            return new AbstractOperator() {
                private KeyedStateBackend backend;
                private ValueState<VoidNamespace, Long> count;

                @Override
                public void open(OperatorContext context) throws Exception {
                    super.open(context);
                    backend = context.keyedStateBackend(Serializers.row(List.of(DataType.of(TypeRoot.BIGINT))));
                    count = backend.valueState(StateDescriptor.of("count", Serializers.LONG, Duration.ZERO));
                }

                @Override
                public void processBatch(RowBatch batch, int input) {
                    for (Row row : batch) {
                        backend.setCurrentKey(Row.of(row.getField(1)));
                        Long before = count.value();
                        count.update(before == null ? 1 : before + 1);
                    }
                }
            };
        }
    }
}
