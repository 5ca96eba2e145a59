package dev.runnel.runtime.connector.filesystem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.cluster.JobInfo;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.connector.ConnectorFactories;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.RowType.Field;
import dev.runnel.runtime.types.TypeRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * A copy into the filesystem sink on the embedded cluster, from files or from datagen, stopped in
 * the middle and resumed from its savepoints at parallelism 1, 3, 2 and 1 again, as a rescale
 * does: the readers' splits move with their positions (no split lost or read twice; subtasks
 * left without splits end, and the savepoints after that still cover the others), and the
 * exactly-once sink commits the pending files of subtasks that no longer exist and cleans up
 * after them, so that the committed files hold every input row exactly once.
 */
class FileSystemRescaleTest {
    private static final RowType ROWS = RowType.of(new Field("id", DataType.of(TypeRoot.BIGINT)));
    private static final int FILES = 24;
    private static final int LINES_PER_FILE = 5_000;
    private static final int TOTAL = FILES * LINES_PER_FILE;
    /** How long {@link Pace} holds each batch: slow enough to stop the copy in the middle, zero to finish it. */
    private static final AtomicLong PAUSE_MILLIS = new AtomicLong();

    @TempDir
    Path dir;

    private EmbeddedCluster cluster;

    @BeforeEach
    void start() throws IOException {
        cluster = EmbeddedCluster.start(new Configuration(Map.of("taskmanager.numberOfTaskSlots", "4")), 1);
        Path in = Files.createDirectories(dir.resolve("in"));
        long id = 0;
        for (int f = 0; f < FILES; f++) {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < LINES_PER_FILE; i++) {
                text.append("{\"id\":").append(id++).append("}\n");
            }
            Files.writeString(in.resolve(String.format("part-%02d.json", f)), text);
        }
    }

    @AfterEach
    void stop() {
        cluster.close();
    }

    /**
     * The ids {@code 0 … TOTAL - 1}, from the files or from a {@code datagen} sequence, whose
     * generator splits (one per subtask of the first run) move like file splits; datagen is paced
     * by its rate, {@code rows-per-second} of the whole source, which may change on a restore.
     */
    private TableContext source(String connector) {
        if (connector.equals("datagen")) {
            return new TableContext("default.numbers", ROWS, Map.of("connector", "datagen",
                    "fields.id.kind", "sequence", "fields.id.start", "0", "fields.id.end", String.valueOf(TOTAL - 1),
                    "rows-per-second", PAUSE_MILLIS.get() == 0 ? "10000000" : "30000"));
        }
        return new TableContext("default.numbers", ROWS, Map.of("connector", "filesystem",
                "path", dir.resolve("in").toString(), "format", "json"));
    }

    /** Source → Pace → Sink in one chained vertex at {@code parallelism}, into the table {@code out}. */
    private JobGraph copy(String connector, int parallelism, String checkpointInterval, String savepoint) {
        TableContext sink = new TableContext("default.copy", ROWS, Map.of("connector", "filesystem",
                "path", dir.resolve("out").toString(), "format", "json"));
        return copy(source(connector), sink, parallelism, checkpointInterval, savepoint);
    }

    private JobGraph copy(TableContext source, TableContext sink, int parallelism, String checkpointInterval,
                          String savepoint) {
        Configuration config = new Configuration();
        config.set("execution.checkpointing.interval", checkpointInterval);
        config.set("state.checkpoints.dir", dir.resolve("checkpoints").toUri().toString());
        config.set("restart-strategy.type", "none");
        if (savepoint != null) {
            config.set("execution.savepoint.path", savepoint);
        }
        return new JobGraph("copy", List.of(new JobVertex(1, "Copy", parallelism,
                ConnectorFactories.factoryFor(source).createSource(source),
                List.of(new Pace(), ConnectorFactories.factoryFor(sink).createSink(sink)))), List.of(), config);
    }

    /** The ids in the committed files of the sink, with repeats. */
    private List<Long> committed() throws IOException {
        Path out = dir.resolve("out");
        if (!Files.isDirectory(out)) {
            return List.of();
        }
        List<Long> ids = new ArrayList<>();
        try (Stream<Path> files = Files.list(out)) {
            for (Path file : files.filter(p -> !p.getFileName().toString().startsWith(".")).sorted().toList()) {
                Files.readAllLines(file).forEach(line -> ids.add(Long.parseLong(line.replaceAll("[^0-9]", ""))));
            }
        }
        return ids;
    }

    private long inProgressFiles() throws IOException {
        try (Stream<Path> files = Files.list(dir.resolve("out"))) {
            return files.filter(p -> p.getFileName().toString().endsWith(".inprogress")).count();
        }
    }

    private JobId submitRunning(JobGraph job) {
        JobId id = cluster.submitJob(job);
        await().atMost(Duration.ofSeconds(60)).until(() -> cluster.getJob(id), j -> j.status() == JobStatus.RUNNING);
        return id;
    }

    /** Waits until the sink committed more than {@code before} rows. */
    private void awaitCommittedBeyond(long before) {
        await().atMost(Duration.ofSeconds(60)).until(() -> committed().size() > before);
    }

    private String savepoints() {
        return dir.resolve("savepoints").toString();
    }

    @ParameterizedTest(name = "from {0}")
    @ValueSource(strings = {"filesystem", "datagen"})
    void aCopyResumedAtOneThreeTwoAndOneSubtasksHasEveryRowOnce(String connector) throws Exception {
        PAUSE_MILLIS.set(connector.equals("datagen") ? 1 : 50);

        // parallelism 1, stopped with a savepoint once a checkpoint committed some rows
        JobId first = submitRunning(copy(connector, 1, "100ms", null));
        awaitCommittedBeyond(0);
        String savepoint1 = cluster.stopWithSavepoint(first, savepoints(), false).join();
        int afterFirst = committed().size();
        assertThat(afterFirst).as("stopped in the middle").isLessThan(TOTAL);

        // parallelism 3 without periodic checkpoints: an intermediate savepoint (not committed, as
        // in Flink), more rows written after it, then the job is cancelled
        JobId second = submitRunning(copy(connector, 3, "1h", savepoint1));
        Thread.sleep(300);
        String savepoint2 = cluster.triggerSavepoint(second, savepoints()).join();
        Thread.sleep(200);
        cluster.cancelJob(second);
        assertThat(cluster.jobTermination(second).join().status()).isEqualTo(JobStatus.CANCELED);
        assertThat(committed()).as("nothing of the cancelled attempt is visible").hasSize(afterFirst);

        // parallelism 2: commits the pending files of the savepoint of all three old subtasks
        JobId third = submitRunning(copy(connector, 2, "100ms", savepoint2));
        awaitCommittedBeyond(afterFirst);
        String savepoint3 = cluster.stopWithSavepoint(third, savepoints(), false).join();
        assertThat(committed().size()).as("stopped in the middle").isLessThan(TOTAL);

        // parallelism 1 to the end
        PAUSE_MILLIS.set(0);
        JobInfo end = cluster.jobTermination(cluster.submitJob(copy(connector, 1, "100ms", savepoint3))).join();
        assertThat(end.status()).as(end.failureCause()).isEqualTo(JobStatus.FINISHED);

        // sorted and compared as a whole: an any-order comparison of 120,000 ids takes seconds
        assertThat(committed().stream().sorted().toList()).as("every row once")
                .isEqualTo(LongStream.range(0, TOTAL).boxed().toList());
        assertThat(inProgressFiles()).isZero();
    }

    /**
     * The end-of-input commit of a partitioned sink writes the success file of every partition
     * the job wrote, also of the partitions that only a subtask which finished before the
     * savepoint wrote: its state is gone from the savepoint (a finished subtask holds none), so
     * the resumed job learns them from the list that subtask published when it finished.
     */
    @Test
    void aPartitionOnlyASubtaskFinishedBeforeTheSavepointWroteGetsItsSuccessFileWhenTheResumedJobEnds()
            throws Exception {
        PAUSE_MILLIS.set(50);
        RowType rows = RowType.of(new Field("id", DataType.of(TypeRoot.BIGINT)),
                new Field("dt", DataType.of(TypeRoot.VARCHAR)));
        Path in = Files.createDirectories(dir.resolve("partitioned-in"));
        // file 0 goes to subtask 0 and takes seconds; file 1, one line, to subtask 1, which ends at once
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 100_000; i++) {
            big.append("{\"id\":").append(i).append(",\"dt\":\"a\"}\n");
        }
        Files.writeString(in.resolve("part-0.json"), big);
        Files.writeString(in.resolve("part-1.json"), "{\"id\":-1,\"dt\":\"b\"}\n");
        TableContext source = new TableContext("default.events", rows, Map.of("connector", "filesystem",
                "path", in.toString(), "format", "json"));
        // only the end of the input commits partitions: the checkpoints' trigger waits an hour
        TableContext sink = new TableContext("default.events_copy", rows, Map.of("connector", "filesystem",
                "path", dir.resolve("partitioned-out").toString(), "format", "json",
                "sink.partition-commit.policy.kind", "success-file", "sink.partition-commit.delay", "1h"),
                List.of("dt"));

        JobId first = submitRunning(copy(source, sink, 2, "100ms", null));
        await().atMost(Duration.ofSeconds(60)).until(() -> cluster.getJob(first).vertices().get(0).subtaskStates()
                .getOrDefault("FINISHED", 0) == 1);
        String savepoint = cluster.stopWithSavepoint(first, savepoints(), false).join();

        PAUSE_MILLIS.set(0);
        JobInfo end = cluster.jobTermination(cluster.submitJob(copy(source, sink, 3, "100ms", savepoint))).join();
        assertThat(end.status()).as(end.failureCause()).isEqualTo(JobStatus.FINISHED);
        Path out = dir.resolve("partitioned-out");
        assertThat(out.resolve("dt=a").resolve("_SUCCESS")).exists();
        assertThat(out.resolve("dt=b").resolve("_SUCCESS")).exists();
        try (Stream<Path> files = Files.list(out)) {
            assertThat(files.map(p -> p.getFileName().toString())).as("staging directories left behind")
                    .noneMatch(name -> name.startsWith(".partition-commit-"));
        }
    }

    /** Forwards each batch after {@link #PAUSE_MILLIS}, so that a copy takes seconds rather than milliseconds. */
    private record Pace() implements OperatorFactory {
        @Override
        public String name() {
            return "Pace";
        }

        @Override
        public Operator create() {
            return new AbstractOperator() {
                @Override
                public void processBatch(RowBatch batch, int input) throws InterruptedException {
                    Thread.sleep(PAUSE_MILLIS.get());
                    for (Row row : batch) {
                        output.collect(row);
                    }
                }
            };
        }
    }
}
