package dev.runnel.runtime.testing;

import dev.runnel.runtime.checkpoint.InMemoryOperatorStateStore;
import dev.runnel.runtime.checkpoint.OperatorStateStore;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.source.InputStatus;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.source.SourceReader;
import dev.runnel.runtime.state.ProcessingTimeService;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one source subtask's reader without a task: open, poll, snapshot its split positions,
 * close. A harness {@link #withRestoredState restored} from a snapshot (or from one of
 * {@link OperatorSnapshot#redistribute}) opens a new reader on those splits, as a restarted task
 * does. Polls wait on {@code isAvailable()} when a paced reader has nothing due yet.
 *
 * <pre>{@code
 * var first = SourceReaderHarness.of(source, 0, 1).open().pollUntil(1000);
 * OperatorSnapshot snapshot = first.snapshot(1);
 * first.crash();
 * var second = SourceReaderHarness.of(source, 0, 1).withRestoredState(snapshot).open().readToEnd();
 * }</pre>
 */
public final class SourceReaderHarness implements AutoCloseable {
    private final SourceReader reader;
    private final int subtaskIndex;
    private final int parallelism;
    private final CollectingOutput output = new CollectingOutput();
    private final ManualProcessingTimeService processingTime = new ManualProcessingTimeService(0);
    private Configuration configuration = new Configuration();
    private InMemoryOperatorStateStore state = new InMemoryOperatorStateStore();
    private boolean ended;
    private boolean closed;

    private SourceReaderHarness(SourceReader reader, int subtaskIndex, int parallelism) {
        this.reader = reader;
        this.subtaskIndex = subtaskIndex;
        this.parallelism = parallelism;
    }

    /** The reader of subtask {@code subtaskIndex} of {@code parallelism} of {@code source}. */
    public static SourceReaderHarness of(SourceFactory source, int subtaskIndex, int parallelism) {
        return new SourceReaderHarness(source.createReader(subtaskIndex, parallelism), subtaskIndex, parallelism);
    }

    public SourceReaderHarness withConfiguration(Configuration config) {
        this.configuration = config.copy();
        return this;
    }

    /** Opens the reader on the splits of {@code snapshot} (call before {@link #open}). */
    public SourceReaderHarness withRestoredState(OperatorSnapshot snapshot) {
        this.state = snapshot.restore();
        return this;
    }

    public SourceReaderHarness open() throws Exception {
        reader.open(new Context());
        return this;
    }

    /** Polls until at least {@code rows} rows were read in all (a poll may read a batch) or the input ended. */
    public SourceReaderHarness pollUntil(long rows) throws Exception {
        while (!ended && output.rows().size() < rows) {
            poll();
        }
        return this;
    }

    /** Polls until the reader reports the end of its input. */
    public SourceReaderHarness readToEnd() throws Exception {
        while (!ended) {
            poll();
        }
        return this;
    }

    private void poll() throws Exception {
        InputStatus status = reader.pollNext(output);
        if (status == InputStatus.END_OF_INPUT) {
            ended = true;
        } else if (status == InputStatus.NOTHING_AVAILABLE) {
            reader.isAvailable().get();
        }
    }

    /** Takes checkpoint {@code checkpointId} of the reader: its split positions. */
    public OperatorSnapshot snapshot(long checkpointId) throws Exception {
        reader.snapshotState(checkpointId);
        return OperatorSnapshot.of(state);
    }

    public boolean ended() {
        return ended;
    }

    /** Rows read so far. */
    public List<Row> rows() {
        return output.rows();
    }

    public CollectingOutput output() {
        return output;
    }

    /** Drops the reader without closing it, as a failure does. */
    public void crash() {
        closed = true;
    }

    @Override
    public void close() throws Exception {
        if (!closed) {
            closed = true;
            reader.close();
        }
    }

    /**
     * Reads {@code source} with {@code parallelism} readers restored from {@code snapshots}
     * (redistributed over them), one after the other, to their end; returns all rows read.
     */
    public static List<Row> readRestored(SourceFactory source, List<OperatorSnapshot> snapshots, int parallelism)
            throws Exception {
        List<OperatorSnapshot> assigned = OperatorSnapshot.redistribute(snapshots, parallelism);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < parallelism; i++) {
            try (SourceReaderHarness harness = of(source, i, parallelism).withRestoredState(assigned.get(i))) {
                rows.addAll(harness.open().readToEnd().rows());
            }
        }
        return rows;
    }

    /**
     * Reads {@code source} with {@code parallelism} readers until each has read at least
     * {@code rowsEach} rows, snapshots and drops them, then reads the rest with
     * {@code newParallelism} restored readers; returns every row read before and after.
     */
    public static List<Row> readWithRestore(SourceFactory source, int parallelism, long rowsEach, int newParallelism)
            throws Exception {
        List<Row> rows = new ArrayList<>();
        List<OperatorSnapshot> snapshots = new ArrayList<>();
        for (int i = 0; i < parallelism; i++) {
            SourceReaderHarness harness = of(source, i, parallelism).open().pollUntil(rowsEach);
            rows.addAll(harness.rows());
            snapshots.add(harness.snapshot(1));
            harness.crash();
        }
        rows.addAll(readRestored(source, snapshots, newParallelism));
        return rows;
    }

    /** Reads {@code source} with {@code parallelism} readers to their end, without a checkpoint. */
    public static List<Row> readAll(SourceFactory source, int parallelism) throws Exception {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < parallelism; i++) {
            try (SourceReaderHarness harness = of(source, i, parallelism)) {
                rows.addAll(harness.open().readToEnd().rows());
            }
        }
        return rows;
    }

    private final class Context implements OperatorContext {
        @Override
        public String operatorName() {
            return "source";
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
            return SourceReaderHarness.class.getClassLoader();
        }

        @Override
        public OperatorStateStore operatorStateStore() {
            return state;
        }

        @Override
        public ProcessingTimeService processingTimeService() {
            return processingTime;
        }
    }
}
