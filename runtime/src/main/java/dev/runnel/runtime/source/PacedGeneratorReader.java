package dev.runnel.runtime.source;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.Output;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;

/**
 * A reader that generates a bounded or endless number of rows at a rate, paced by a
 * {@link RatePacer}: a poll emits the rows that are due, at most one batch; when too few are
 * due it returns {@link InputStatus#NOTHING_AVAILABLE}, and {@link #isAvailable()} completes,
 * on a timer thread, when they are. Subclasses say how many rows a split has and what its
 * {@code n}-th row is.
 *
 * <p>Splits: on a fresh start subtask {@code s} of {@code p} reads split {@code s} of {@code p}
 * ({@link GeneratorSplit}). A checkpoint stores each split the reader still has, with the number
 * of rows it emitted, as one {@code splitList} entry; a restored reader reads the splits it was
 * assigned from there on, taking turns between them poll by poll (so that event time advances
 * on all of them), each with its own watermark ({@link ReaderOutput}). A restored reader
 * without splits ends at once. The rate is this subtask's share, whatever splits it reads.
 */
public abstract class PacedGeneratorReader implements SourceReader {
    /** The name of the split list in the operator state. */
    public static final String SPLITS_STATE = "generator-splits";

    private final RatePacer pacer;
    private final int subtaskIndex;
    private final int parallelism;
    private final List<ActiveSplit> splits = new ArrayList<>();
    private List<byte[]> state;
    private int next;

    /**
     * @param rowsPerSecond this reader's rate; 0 or less for as fast as possible
     * @param subtaskIndex the reader's subtask, whose split it reads on a fresh start
     * @param parallelism the number of the source's subtasks
     */
    protected PacedGeneratorReader(double rowsPerSecond, int subtaskIndex, int parallelism, int batchSize,
                                   LongSupplier nanoClock) {
        this.pacer = new RatePacer(rowsPerSecond, batchSize, nanoClock);
        this.subtaskIndex = subtaskIndex;
        this.parallelism = parallelism;
    }

    /** How many rows split {@code index} of {@code count} holds; {@link Long#MAX_VALUE} for no end. */
    protected abstract long splitSize(int index, int count);

    /**
     * The rows of split {@code index} of {@code count}: row {@code n} (from 0) of the split. Called
     * with increasing {@code n}; the function may keep state (a random generator).
     */
    protected abstract LongFunction<Row> splitRows(int index, int count);

    @Override
    public void open(OperatorContext context) {
        var store = context.operatorStateStore();
        state = store.splitList(SPLITS_STATE);
        List<GeneratorSplit> assigned = new ArrayList<>();
        if (store.isRestored()) {
            state.forEach(bytes -> assigned.add(GeneratorSplit.fromBytes(bytes)));
        } else {
            assigned.add(new GeneratorSplit(subtaskIndex, parallelism, 0, splitSize(subtaskIndex, parallelism)));
        }
        for (GeneratorSplit split : assigned) {
            if (split.remaining() > 0) {
                splits.add(new ActiveSplit(split, splitRows(split.index(), split.count())));
            }
        }
    }

    @Override
    public InputStatus pollNext(Output output) {
        if (splits.isEmpty()) {
            return InputStatus.END_OF_INPUT;
        }
        long remaining = 0;
        for (ActiveSplit split : splits) {
            remaining = saturatedAdd(remaining, split.split.remaining());
        }
        long n = pacer.permits(remaining);
        if (n == 0) {
            return InputStatus.NOTHING_AVAILABLE;
        }
        next %= splits.size();
        ActiveSplit split = splits.get(next);
        n = Math.min(n, split.split.remaining());
        Output splitOutput = ReaderOutput.forSplit(output, split.split.id());
        long position = split.split.position();
        for (long i = 0; i < n; i++) {
            splitOutput.collect(split.rows.apply(position + i));
        }
        split.split = split.split.advance(n);
        pacer.emitted(n);
        if (split.split.remaining() == 0) {
            ReaderOutput.release(output, split.split.id());
            splits.remove(next);
        } else {
            next++;
        }
        output.flush();
        return splits.isEmpty() ? InputStatus.END_OF_INPUT : InputStatus.MORE_AVAILABLE;
    }

    @Override
    public CompletableFuture<Void> isAvailable() {
        return pacer.available();
    }

    /** Stores the unfinished splits and their positions. */
    @Override
    public void snapshotState(long checkpointId) {
        state.clear();
        for (ActiveSplit split : splits) {
            state.add(split.split.toBytes());
        }
    }

    /** The splits this reader still reads, with their positions. */
    public List<GeneratorSplit> splits() {
        return splits.stream().map(s -> s.split).toList();
    }

    private static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    private static final class ActiveSplit {
        GeneratorSplit split;
        final LongFunction<Row> rows;

        ActiveSplit(GeneratorSplit split, LongFunction<Row> rows) {
            this.split = split;
            this.rows = rows;
        }
    }
}
