package dev.runnel.runtime.testing;

import dev.runnel.runtime.checkpoint.InMemoryOperatorStateStore;
import dev.runnel.runtime.checkpoint.KeyedStateHandle;
import dev.runnel.runtime.checkpoint.OperatorStateStore;
import dev.runnel.runtime.checkpoint.SnapshotTarget;
import dev.runnel.runtime.cluster.RuntimeOptions;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.fs.FileSystems;
import dev.runnel.runtime.metrics.Counter;
import dev.runnel.runtime.metrics.OperatorCounters;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.operators.sink.ResultSender;
import dev.runnel.runtime.state.KeyedStateBackend;
import dev.runnel.runtime.state.KeyedStateBackends;
import dev.runnel.runtime.state.ProcessingTimeService;
import dev.runnel.runtime.state.StateOptions;
import dev.runnel.runtime.state.TypeSerializer;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.Watermark;
import dev.runnel.runtime.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Runs one operator without a cluster, the way a task would: open, batches, watermarks, end
 * of input, close; everything it emits is recorded.
 *
 * <pre>{@code
 * try (var h = OperatorHarness.of(factory).open()) {
 *     h.processRows("+I 1 alice", "+I 2 bob").processWatermark(10).endInput();
 *     assertThat(h.output()).containsExactlyElementsOf(rows("+I 1 ALICE", "+I 2 BOB"));
 * }
 * }</pre>
 *
 * <p>Keyed operators get a real state backend: the heap ("hashmap") unless
 * {@link #withStateBackend} or the configuration ({@code state.backend.type}) names another.
 * Processing time is a manual clock starting at 0: {@link #setProcessingTime} moves it and runs
 * the timers and callbacks due by then. {@link #close()} closes the operator, then its backends.
 *
 * <p>Checkpoints of non-keyed state: {@link #snapshot} runs the operator's checkpoint hooks and
 * returns a copy of its {@link OperatorStateStore}; a new harness {@link #withRestoredState
 * restored} from it (or from {@link OperatorSnapshot#redistribute} of several subtasks' snapshots)
 * opens a new operator instance on that state. {@link #crash()} drops the operator without
 * closing it, as a failure does.
 *
 * <p>Checkpoints of keyed state: with {@link #withCheckpointDirectory}, {@link #snapshot} also
 * writes a full snapshot of every keyed state backend the operator created (state and timers)
 * under that directory, and a harness restored from it opens its backends on that state. Restore
 * on the other backend type works as it does for savepoints.
 *
 * <p>Recovery of every operator: {@link #restoringAfterEveryBatch} (or {@link RestoresAfterEveryBatch}
 * on a test class) makes the harness checkpoint the operator after every batch, watermark and
 * processing-time advance, drop it as a failure does, and go on with a new instance from the
 * factory restored on that checkpoint, on the other state backend type each time. The output
 * recorded so far stays, so a test's assertions hold in both modes.
 *
 * <p>Single-threaded, like a task.
 */
public final class OperatorHarness implements AutoCloseable {
    /** Where automatic checkpoints start numbering, far above the ids tests give {@link #snapshot}. */
    private static final long FIRST_AUTOMATIC_CHECKPOINT = 1_000_000;
    /** Every how many automatic restores one goes onto RocksDB (see {@link #restoringAfterEveryBatch}). */
    private static final int ROCKSDB_RESTORE_EVERY = 16;
    private static final ThreadLocal<Boolean> RESTORING_BY_DEFAULT = ThreadLocal.withInitial(() -> false);

    private final OperatorFactory factory;
    private Operator operator;
    private final String name;
    private final CollectingOutput output = new CollectingOutput();
    private final List<Row> sentResults = new ArrayList<>();
    private final List<Long> sentOffsets = new ArrayList<>();
    private final OperatorCounters counters = new OperatorCounters();
    private Configuration configuration = new Configuration();
    private RowType inputType;
    private int subtaskIndex;
    private int parallelism = 1;
    private String stateBackend;
    private ManualProcessingTimeService processingTime = new ManualProcessingTimeService(0);
    private final List<KeyedStateBackend> backends = new ArrayList<>();
    private InMemoryOperatorStateStore operatorState = new InMemoryOperatorStateStore();
    private URI checkpointDirectory;
    private List<KeyedStateHandle> restoredKeyedState = List.of();
    private boolean opened;
    private boolean closed;
    private boolean restoringAfterEveryBatch;
    private Path automaticCheckpoints;
    private long automaticCheckpointId = FIRST_AUTOMATIC_CHECKPOINT;
    private int restores;

    private OperatorHarness(OperatorFactory factory, Operator operator, String name) {
        this.factory = factory;
        this.operator = operator;
        this.name = name;
        this.restoringAfterEveryBatch = factory != null && RESTORING_BY_DEFAULT.get();
    }

    /**
     * A harness for a new instance of {@code factory}'s operator; it restores after every batch
     * when the calling thread {@link #setRestoringByDefault restores by default}.
     */
    public static OperatorHarness of(OperatorFactory factory) {
        return new OperatorHarness(factory, factory.create(), factory.name());
    }

    /** A harness for {@code operator} itself; without a factory it cannot {@link #restoringAfterEveryBatch restore}. */
    public static OperatorHarness of(Operator operator) {
        return new OperatorHarness(null, operator, operator.getClass().getSimpleName());
    }

    /**
     * Makes harnesses created afterwards on this thread {@link #restoringAfterEveryBatch restore
     * after every batch} ({@code true}) or not (the default); {@link RestoresAfterEveryBatch} sets
     * it around each test of a class.
     */
    public static void setRestoringByDefault(boolean restoring) {
        RESTORING_BY_DEFAULT.set(restoring);
    }

    /**
     * After every {@link #processBatch batch}, {@link #processWatermark watermark} and
     * {@link #setProcessingTime processing-time advance}: checkpoints the operator as a task does
     * ({@code prepareSnapshotPreBarrier}, {@code snapshotState}, a full snapshot of every keyed
     * backend with its timers, into a directory of the harness's own), drops it as
     * {@link #crash()} does, and opens a new instance from the factory on that checkpoint. The first
     * restore and every 16th after it go onto "rocksdb", the others onto "hashmap", so the state
     * also moves between the backend types, the way a savepoint may be resumed on the other one. The output recorded so far is kept. Call before {@link #open}.
     */
    public OperatorHarness restoringAfterEveryBatch() {
        if (factory == null) {
            throw new IllegalStateException("Operator '" + name + "' has no factory to create a restored instance with");
        }
        this.restoringAfterEveryBatch = true;
        return this;
    }

    /** Turns {@link #restoringAfterEveryBatch} off, for a test of what one operator instance does between checkpoints. */
    public OperatorHarness withoutRestores() {
        this.restoringAfterEveryBatch = false;
        return this;
    }

    /** How often the harness has restored the operator after a batch. */
    public int restores() {
        return restores;
    }

    public OperatorHarness withConfiguration(Configuration config) {
        this.configuration = config.copy();
        return this;
    }

    /** Parses text rows given to {@link #processRows} by this type instead of guessing. */
    public OperatorHarness withInputType(RowType type) {
        this.inputType = type;
        return this;
    }

    /** The state backend keyed operators get: "hashmap" (the harness's default) or "rocksdb". */
    public OperatorHarness withStateBackend(String type) {
        this.stateBackend = type;
        return this;
    }

    public OperatorHarness asSubtask(int index, int ofParallelism) {
        this.subtaskIndex = index;
        this.parallelism = ofParallelism;
        return this;
    }

    /** Opens the operator on the state restored from {@code snapshot}, keyed state included (call before {@link #open}). */
    public OperatorHarness withRestoredState(OperatorSnapshot snapshot) {
        this.operatorState = snapshot.restore();
        this.restoredKeyedState = snapshot.keyedState();
        return this;
    }

    /** Makes {@link #snapshot} write the keyed state backends' snapshots under {@code directory} (a test's temporary directory). */
    public OperatorHarness withCheckpointDirectory(Path directory) {
        this.checkpointDirectory = directory.toUri();
        return this;
    }

    public OperatorHarness open() throws Exception {
        operator.open(new HarnessContext());
        opened = true;
        return this;
    }

    public OperatorHarness processBatch(RowBatch batch) throws Exception {
        return processBatch(batch, 0);
    }

    public OperatorHarness processBatch(RowBatch batch, int input) throws Exception {
        checkOpen();
        operator.processBatch(batch, input);
        output.flush();
        return restoreIfAsked();
    }

    public OperatorHarness processRows(List<Row> rows) throws Exception {
        return processBatch(RowBatch.of(rows));
    }

    /** Rows in {@link TestRows} notation, as one batch on input 0. */
    public OperatorHarness processRows(String... rows) throws Exception {
        return processRows(TestRows.rows(inputType, rows));
    }

    public OperatorHarness processWatermark(long timestamp) throws Exception {
        checkOpen();
        operator.processWatermark(new Watermark(timestamp));
        return restoreIfAsked();
    }

    /** Moves the manual processing-time clock to {@code time}, running the timers and callbacks due by then. */
    public OperatorHarness setProcessingTime(long time) throws Exception {
        checkOpen();
        processingTime.setCurrentTime(time);
        output.flush();
        return restoreIfAsked();
    }

    public long processingTime() {
        return processingTime.currentTime();
    }

    public ManualProcessingTimeService processingTimeService() {
        return processingTime;
    }

    /** The keyed state backend the operator created (the only or the last one). */
    public KeyedStateBackend stateBackend() {
        if (backends.isEmpty()) {
            throw new IllegalStateException("Operator '" + name + "' created no keyed state backend");
        }
        return backends.get(backends.size() - 1);
    }

    public OperatorHarness endInput(int input) throws Exception {
        checkOpen();
        operator.endInput(input);
        return this;
    }

    /** Ends input 0 and finishes the operator, as a task does when a single input ended. */
    public OperatorHarness endInput() throws Exception {
        endInput(0);
        operator.finish();
        return this;
    }

    /**
     * Takes checkpoint {@code checkpointId} as a task does when its barrier arrives:
     * {@code prepareSnapshotPreBarrier}, then {@code snapshotState}; returns the operator state,
     * and the keyed state when a {@link #withCheckpointDirectory checkpoint directory} is set.
     */
    public OperatorSnapshot snapshot(long checkpointId) throws Exception {
        checkOpen();
        return snapshot(checkpointId, checkpointDirectory);
    }

    private OperatorSnapshot snapshot(long checkpointId, URI keyedStateDirectory) throws Exception {
        operator.prepareSnapshotPreBarrier(checkpointId);
        output.flush();
        operator.snapshotState(checkpointId);
        List<KeyedStateHandle> keyed = new ArrayList<>();
        if (keyedStateDirectory != null) {
            for (int i = 0; i < backends.size(); i++) {
                URI directory = keyedStateDirectory.resolve("chk-" + checkpointId + "/backend-" + i + "/");
                // A self-contained (savepoint-like) snapshot, so that it restores on either backend type.
                KeyedStateHandle handle = backends.get(i).snapshot(new SnapshotTarget(checkpointId,
                        FileSystems.forUri(directory), directory, null, false)).write();
                if (handle != null) {
                    keyed.add(handle);
                }
            }
        }
        return OperatorSnapshot.of(operatorState, keyed);
    }

    public OperatorHarness notifyCheckpointComplete(long checkpointId) throws Exception {
        checkOpen();
        operator.notifyCheckpointComplete(checkpointId);
        output.flush();
        return this;
    }

    public OperatorHarness notifyCheckpointAborted(long checkpointId) throws Exception {
        checkOpen();
        operator.notifyCheckpointAborted(checkpointId);
        return this;
    }

    /**
     * Drops the operator the way a failed process does: it is not closed (files it has open stay
     * as they are); only the harness's state backends are released.
     */
    public void crash() {
        closed = true;
        releaseBackends();
        deleteAutomaticCheckpoints();
    }

    private OperatorHarness restoreIfAsked() throws Exception {
        if (!restoringAfterEveryBatch) {
            return this;
        }
        if (automaticCheckpoints == null) {
            automaticCheckpoints = Files.createTempDirectory("harness-checkpoints");
        }
        long checkpointId = ++automaticCheckpointId;
        OperatorSnapshot checkpoint = snapshot(checkpointId, automaticCheckpoints.toUri());
        releaseBackends();
        backends.clear();
        operatorState = checkpoint.restore();
        restoredKeyedState = checkpoint.keyedState();
        // The dropped instance's callbacks die with it; the restored backends schedule their timers anew.
        processingTime = new ManualProcessingTimeService(processingTime.currentTime());
        // RocksDB opens in tens of milliseconds: only the first restore and every 16th go onto it.
        stateBackend = restores % ROCKSDB_RESTORE_EVERY == 0 ? KeyedStateBackends.ROCKSDB : KeyedStateBackends.HASHMAP;
        operator = factory.create();
        operator.open(new HarnessContext());
        restores++;
        // Restored backends hold their state now; the checkpoint before this one is no longer needed.
        deleteRecursively(automaticCheckpoints.resolve("chk-" + (checkpointId - 1)));
        return this;
    }

    private void releaseBackends() {
        for (KeyedStateBackend backend : backends) {
            backend.close();
        }
    }

    private void deleteAutomaticCheckpoints() {
        if (automaticCheckpoints != null) {
            deleteRecursively(automaticCheckpoints);
            automaticCheckpoints = null;
        }
    }

    static void deleteRecursively(Path path) {
        if (!Files.exists(path)) {
            return;
        }
        try (Stream<Path> files = Files.walk(path)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Rows emitted so far. */
    public List<Row> output() {
        return output.rows();
    }

    /** Rows emitted so far, forgetting them. */
    public List<Row> takeOutput() {
        List<Row> rows = output.rows();
        output.clear();
        return rows;
    }

    /** Timestamps of the watermarks emitted so far. */
    public List<Long> watermarks() {
        return output.watermarks();
    }

    /** Rows and watermarks, in order. */
    public List<Object> elements() {
        return output.elements();
    }

    /** Rows the operator sent to the client through {@link OperatorContext#resultSender()}. */
    public List<Row> sentResults() {
        return sentResults;
    }

    /**
     * The offset of every row in {@link #sentResults()} as the operator numbered it with
     * {@link ResultSender#send(List, long)} ({@code -1} for rows sent without a number).
     */
    public List<Long> sentOffsets() {
        return sentOffsets;
    }

    /** The value of the operator's counter {@code name} ({@link OperatorContext#counter}), 0 if never asked for. */
    public long counter(String name) {
        return counters.snapshot().getOrDefault(name, 0L);
    }

    public Operator operator() {
        return operator;
    }

    /**
     * Closes the operator, then the state backends it created (also when the operator's close
     * failed); what {@code close} throws is rethrown unchecked.
     */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            try {
                operator.close();
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException("Operator '" + name + "' failed to close: " + e.getMessage(), e);
            } finally {
                releaseBackends();
                deleteAutomaticCheckpoints();
            }
        }
    }

    private void checkOpen() {
        if (!opened || closed) {
            throw new IllegalStateException("Call open() first, and nothing after close()");
        }
    }

    private final class HarnessContext implements OperatorContext {
        @Override
        public String operatorName() {
            return name;
        }

        @Override
        public String jobName() {
            return "harness";
        }

        @Override
        public int subtaskIndex() {
            return subtaskIndex;
        }

        @Override
        public int parallelism() {
            return parallelism;
        }

        @Override
        public Configuration configuration() {
            return configuration;
        }

        @Override
        public Output output() {
            return output;
        }

        @Override
        public ClassLoader userClassLoader() {
            return OperatorHarness.class.getClassLoader();
        }

        @Override
        public ResultSender resultSender() {
            return new ResultSender() {
                @Override
                public void send(List<Row> rows) {
                    send(rows, -1);
                }

                @Override
                public void send(List<Row> rows, long firstOffset) {
                    sentResults.addAll(rows);
                    for (int i = 0; i < rows.size(); i++) {
                        sentOffsets.add(firstOffset < 0 ? -1 : firstOffset + i);
                    }
                }
            };
        }

        @Override
        public KeyedStateBackend keyedStateBackend(TypeSerializer<Row> keySerializer) {
            Configuration config = configuration.copy();
            if (stateBackend != null) {
                config.set(StateOptions.STATE_BACKEND, stateBackend);
            } else if (!config.contains(StateOptions.STATE_BACKEND.key())) {
                config.set(StateOptions.STATE_BACKEND, KeyedStateBackends.HASHMAP);
            }
            KeyedStateBackend backend = KeyedStateBackends.create(new KeyedStateBackends.Parameters("harness", name,
                    subtaskIndex, parallelism, config.get(RuntimeOptions.MAX_PARALLELISM), config, keySerializer,
                    processingTime, restoredKeyedState));
            backends.add(backend);
            return backend;
        }

        @Override
        public OperatorStateStore operatorStateStore() {
            return operatorState;
        }

        @Override
        public ProcessingTimeService processingTimeService() {
            return processingTime;
        }

        @Override
        public Counter counter(String name) {
            return counters.counter(name);
        }
    }
}
