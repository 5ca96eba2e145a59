package dev.runnel.runtime.checkpoint;

import dev.runnel.runtime.cluster.RuntimeOptions;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.jobgraph.JobEdge;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.network.KeyGroups;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.source.InputStatus;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.source.SourceReader;
import dev.runnel.runtime.stream.RowBatch;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A keyed count over a bounded, deterministic, paced source into a sink that commits on
 * checkpoint completion, all keeping their state in operator state stores: the job the
 * checkpoint tests recover, rescale and stop.
 *
 * <p>Source → HASH(key) → Count → GLOBAL → Sink. Rows are {@code (n, n % keys)} for
 * {@code n < rows}; Count emits {@code (key, increment)}, the growth of each key's count since
 * its last emission, before every checkpoint barrier and at the end of its input; the sink
 * commits them, and {@link #committed(String)} sums them per key. A row lost or counted twice
 * anywhere shows in those sums.
 */
public final class CheckpointTestJobs {
    private CheckpointTestJobs() {
    }

    /** Committed rows by run, then by transaction (subtask and checkpoint), so a commit repeated after a restore overwrites. */
    private static final Map<String, Map<String, List<String>>> COMMITTED = new ConcurrentHashMap<>();

    /** The increments the sink of {@code run} committed, summed per key: {@code "key,count"}, sorted. */
    public static List<String> committed(String run) {
        Map<Long, Long> sums = new TreeMap<>();
        COMMITTED.getOrDefault(run, Map.of()).values().forEach(rows -> rows.forEach(row -> {
            String[] parts = row.split(",");
            sums.merge(Long.parseLong(parts[0]), Long.parseLong(parts[1]), Long::sum);
        }));
        List<String> result = new ArrayList<>();
        sums.forEach((key, sum) -> result.add(key + "," + sum));
        result.sort(null);
        return result;
    }

    /** Starts run {@code to} with what run {@code from} committed (as if both wrote to copies of one table). */
    public static void copyCommitted(String from, String to) {
        COMMITTED.put(to, new ConcurrentHashMap<>(COMMITTED.getOrDefault(from, Map.of())));
    }

    /** How many transactions the sink of {@code run} committed with rows in them. */
    public static long nonEmptyCommits(String run) {
        return COMMITTED.getOrDefault(run, Map.of()).values().stream().filter(rows -> !rows.isEmpty()).count();
    }

    /** The result of a run without failures: {@code "key,count"} per key, sorted. */
    public static List<String> expectedCounts(long rows, int keys) {
        List<String> expected = new ArrayList<>();
        for (long key = 0; key < keys; key++) {
            long count = rows / keys + (key < rows % keys ? 1 : 0);
            expected.add(key + "," + count);
        }
        expected.sort(null);
        return expected;
    }

    /** The result of a run of {@code source} without failures: {@code "key,count"} per key, sorted. */
    public static List<String> expectedCounts(PositionedSource source, int parallelism) {
        Map<Long, Long> counts = new TreeMap<>();
        for (long n = 0; n < source.rows(); n++) {
            if (n % parallelism != 0 || n < source.firstSplitRows()) {
                counts.merge(n % source.keys(), 1L, Long::sum);
            }
        }
        List<String> expected = new ArrayList<>();
        counts.forEach((key, count) -> expected.add(key + "," + count));
        expected.sort(null);
        return expected;
    }

    /** The keyed count job; {@code pauseMillis} between polls of {@code rowsPerPoll} rows paces the source. */
    public static JobGraph countJob(String run, int parallelism, long rows, int keys, int rowsPerPoll, long pauseMillis,
                                    Configuration config) {
        return countJob(run, parallelism, new PositionedSource(rows, keys, rowsPerPoll, pauseMillis), config);
    }

    /** The keyed count job reading {@code source}. */
    public static JobGraph countJob(String run, int parallelism, PositionedSource source, Configuration config) {
        return new JobGraph("keyed-count", List.of(
                new JobVertex(1, "Source", parallelism, source, List.of()),
                new JobVertex(2, "Count", parallelism, null, List.of(new KeyedCount())),
                new JobVertex(3, "Sink", 1, null, List.of(new CommittingSink(run)))),
                List.of(new JobEdge(1, 2, 0, new Partitioning.Hash(new int[] {1})),
                        new JobEdge(2, 3, 0, new Partitioning.Global())),
                config);
    }

    /**
     * Emits {@code (n, n % keys)} for its splits' n, {@code rowsPerPoll} per poll with a pause
     * between polls. A split is a residue class {@code n ≡ index (mod count)}; a fresh subtask
     * owns split {@code subtask} of {@code parallelism}, a restored one the splits it was assigned,
     * with their positions. Split 0 stops at {@code firstSplitRows}, so that its subtask can finish
     * long before the others.
     */
    public record PositionedSource(long rows, int keys, int rowsPerPoll, long pauseMillis, long firstSplitRows)
            implements SourceFactory {

        public PositionedSource(long rows, int keys, int rowsPerPoll, long pauseMillis) {
            this(rows, keys, rowsPerPoll, pauseMillis, rows);
        }

        @Override
        public String name() {
            return "PositionedSource";
        }

        @Override
        public boolean isBounded() {
            return true;
        }

        @Override
        public SourceReader createReader(int subtaskIndex, int parallelism) {
            return new Reader(this, subtaskIndex, parallelism);
        }
    }

    private static final class Reader implements SourceReader {
        private final PositionedSource source;
        private final int subtask;
        private final int parallelism;
        /** Per split: index, count, next n, end (exclusive). */
        private final List<long[]> splits = new ArrayList<>();
        private List<byte[]> state;
        private CompletableFuture<Void> available = CompletableFuture.completedFuture(null);
        private boolean pause;

        Reader(PositionedSource source, int subtask, int parallelism) {
            this.source = source;
            this.subtask = subtask;
            this.parallelism = parallelism;
        }

        @Override
        public void open(OperatorContext context) {
            OperatorStateStore store = context.operatorStateStore();
            state = store.splitList("splits");
            if (store.isRestored()) {
                for (byte[] entry : state) {
                    String[] parts = new String(entry, StandardCharsets.UTF_8).split(",");
                    splits.add(new long[] {Long.parseLong(parts[0]), Long.parseLong(parts[1]), Long.parseLong(parts[2]),
                            Long.parseLong(parts[3])});
                }
            } else {
                splits.add(new long[] {subtask, parallelism, subtask, subtask == 0 ? source.firstSplitRows() : source.rows()});
            }
        }

        @Override
        public InputStatus pollNext(Output output) {
            if (pause && source.pauseMillis() > 0) {
                pause = false;
                available = new CompletableFuture<>();
                available.completeAsync(() -> null,
                        CompletableFuture.delayedExecutor(source.pauseMillis(), TimeUnit.MILLISECONDS));
                return InputStatus.NOTHING_AVAILABLE;
            }
            pause = true;
            int emitted = 0;
            for (long[] split : splits) {
                while (emitted < source.rowsPerPoll() && split[2] < split[3]) {
                    long n = split[2];
                    output.collect(Row.of(n, n % source.keys()));
                    split[2] += split[1];
                    emitted++;
                }
            }
            return splits.stream().allMatch(s -> s[2] >= s[3]) ? InputStatus.END_OF_INPUT
                    : InputStatus.MORE_AVAILABLE;
        }

        @Override
        public CompletableFuture<Void> isAvailable() {
            return available;
        }

        @Override
        public void snapshotState(long checkpointId) {
            state.clear();
            for (long[] split : splits) {
                state.add((split[0] + "," + split[1] + "," + split[2] + "," + split[3]).getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    /**
     * Counts rows per key (field 1) and emits {@code (key, increment)} for the keys whose count
     * grew since they were last emitted, before each barrier and when its input ends.
     */
    public record KeyedCount() implements OperatorFactory {
        @Override
        public String name() {
            return "KeyedCount";
        }

        @Override
        public Operator create() {
            return new AbstractOperator() {
                private final Map<Long, Long> counts = new TreeMap<>();
                private final Map<Long, Long> emitted = new TreeMap<>();
                private List<byte[]> state;

                @Override
                public void open(OperatorContext context) throws Exception {
                    super.open(context);
                    OperatorStateStore store = context.operatorStateStore();
                    state = store.unionList("counts");
                    int maxParallelism = context.configuration().get(RuntimeOptions.MAX_PARALLELISM);
                    // Every subtask receives all counts; it keeps those of the keys routed to it.
                    for (byte[] entry : state) {
                        String[] parts = new String(entry, StandardCharsets.UTF_8).split(",");
                        long key = Long.parseLong(parts[0]);
                        if (KeyGroups.subtaskFor(Row.of(0L, key), new int[] {1}, maxParallelism,
                                context.parallelism()) == context.subtaskIndex()) {
                            counts.put(key, Long.parseLong(parts[1]));
                            emitted.put(key, Long.parseLong(parts[2]));
                        }
                    }
                    state.clear();
                }

                @Override
                public void processBatch(RowBatch batch, int input) {
                    for (Row row : batch) {
                        counts.merge((Long) row.getField(1), 1L, Long::sum);
                    }
                }

                @Override
                public void prepareSnapshotPreBarrier(long checkpointId) {
                    emitIncrements();
                }

                @Override
                public void snapshotState(long checkpointId) {
                    state.clear();
                    counts.forEach((key, count) -> state.add((key + "," + count + "," + emitted.getOrDefault(key, 0L))
                            .getBytes(StandardCharsets.UTF_8)));
                }

                @Override
                public void finish() {
                    emitIncrements();
                }

                private void emitIncrements() {
                    counts.forEach((key, count) -> {
                        long increment = count - emitted.getOrDefault(key, 0L);
                        if (increment > 0) {
                            output.collect(Row.of(key, increment));
                            emitted.put(key, count);
                        }
                    });
                }
            };
        }
    }

    /**
     * Writes rows into transactions: the rows since the last checkpoint become the pending
     * transaction of each checkpoint, committed when the checkpoint completes (or at the end of
     * input); pending transactions are part of the state, and a restored sink commits them.
     */
    public record CommittingSink(String run) implements OperatorFactory {
        @Override
        public String name() {
            return "CommittingSink";
        }

        @Override
        public Operator create() {
            return new AbstractOperator() {
                private final TreeMap<Long, List<String>> pending = new TreeMap<>();
                private List<String> current = new ArrayList<>();
                private List<byte[]> state;

                @Override
                public void open(OperatorContext context) throws Exception {
                    super.open(context);
                    state = context.operatorStateStore().splitList("pending");
                    for (byte[] entry : state) {
                        String[] lines = new String(entry, StandardCharsets.UTF_8).split("\n", -1);
                        commit(lines[0], List.of(lines).subList(1, lines.length));
                    }
                    state.clear();
                }

                @Override
                public void processBatch(RowBatch batch, int input) {
                    for (Row row : batch) {
                        current.add(row.getField(0) + "," + row.getField(1));
                    }
                }

                @Override
                public void snapshotState(long checkpointId) {
                    pending.put(checkpointId, current);
                    current = new ArrayList<>();
                    state.clear();
                    pending.forEach((id, rows) -> state.add((txn(id) + (rows.isEmpty() ? "" : "\n" + String.join("\n", rows)))
                            .getBytes(StandardCharsets.UTF_8)));
                }

                @Override
                public void notifyCheckpointComplete(long checkpointId) {
                    var done = pending.headMap(checkpointId, true);
                    done.forEach((id, rows) -> commit(txn(id), rows));
                    done.clear();
                }

                @Override
                public void finish() {
                    pending.forEach((id, rows) -> commit(txn(id), rows));
                    pending.clear();
                    commit(txn(Long.MAX_VALUE), current);
                }

                private String txn(long checkpointId) {
                    return "subtask-" + context.subtaskIndex() + "-checkpoint-" + checkpointId;
                }

                private void commit(String txn, List<String> rows) {
                    List<String> committed = rows.stream().filter(r -> !r.isEmpty()).toList();
                    COMMITTED.computeIfAbsent(run, r -> new ConcurrentHashMap<>()).put(txn, committed);
                }
            };
        }
    }
}
