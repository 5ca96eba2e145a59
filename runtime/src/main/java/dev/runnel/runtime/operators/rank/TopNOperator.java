package dev.runnel.runtime.operators.rank;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.state.KeyedStateBackend;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.StateOptions;
import dev.runnel.runtime.state.ValueState;
import dev.runnel.runtime.state.VoidNamespace;
import dev.runnel.runtime.stream.RowBatch;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Flink's Top-N: keeps the rows of each partition key sorted in one value state and, for every
 * input row, emits the changes of the partition's ranked output ({@link TopNBuffer#emitChanges}).
 *
 * <p>Over an insert-only input (Flink's AppendOnlyTopN) only the rows up to the rank end are
 * kept: a row pushed past the end can never come back. Over a retracting input (Flink's
 * RetractableTopN) every row is kept, because retracting a top row lets the next one in.
 * State expires after {@code table.exec.state.ttl} without updates of its key.
 *
 * <p>The partitions an input batch touches stay in memory until the batch ends: the rows of one
 * key in a batch read its state once and write it at most once, while the changes emitted stay
 * those of one row at a time.
 */
final class TopNOperator extends AbstractOperator {
    private final TopNOperatorFactory spec;
    private KeyedStateBackend backend;
    private ValueState<VoidNamespace, List<Row>> rows;
    /** The partitions read in this input batch, to be written back at its end. */
    private final Map<Row, Partition> partitions = new HashMap<>();

    TopNOperator(TopNOperatorFactory spec) {
        this.spec = spec;
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        backend = context.keyedStateBackend(Serializers.row(KeyFields.types(spec.keyFields(), spec.inputTypes())));
        rows = backend.valueState(StateDescriptor.of("rows", new RowListSerializer(Serializers.row(spec.inputTypes())),
                context.configuration().get(StateOptions.STATE_TTL)));
        rows.setCurrentNamespace(VoidNamespace.INSTANCE);
    }

    @Override
    public void processBatch(RowBatch batch, int input) throws Exception {
        for (int i = 0, n = batch.size(); i < n; i++) {
            Row row = batch.get(i);
            process(partition(KeyFields.of(row, spec.keyFields())), row);
        }
        store();
    }

    private void process(Partition partition, Row row) {
        TopNBuffer ranking = spec.ranking();
        List<Row> sorted = partition.rows;
        boolean insert = row.kind() == RowKind.INSERT || row.kind() == RowKind.UPDATE_AFTER;
        if (insert && !spec.retracting() && ranking.pastRankEnd(sorted, row)) {
            // Most rows of a busy partition do not make its top: they change neither output nor state.
            return;
        }
        List<Row> before = ranking.output(sorted);
        Row value = new Row(RowKind.INSERT, row.fields().clone());
        if (insert) {
            ranking.insert(sorted, value);
        } else if (!ranking.retract(sorted, value)) {
            // A retraction of a row that is not here (expired, say) changes nothing, as in Flink.
            return;
        }
        ranking.emitChanges(before, ranking.output(sorted), output);
        if (!spec.retracting()) {
            ranking.dropPastRankEnd(sorted);
            if (!containsInstance(sorted, value)) {
                // The row did not make the top: the state is as it was.
                return;
            }
        }
        partition.dirty = true;
    }

    /**
     * The partition of {@code key}: read from state the first time in this batch, from memory
     * after that, so that the rows of one key in a batch read and write its state once.
     */
    private Partition partition(Row key) {
        Partition p = partitions.get(key);
        if (p == null) {
            backend.setCurrentKey(key);
            List<Row> stored = rows.value();
            // A copy: the heap backend hands out the stored list itself.
            p = new Partition(key, stored == null ? new ArrayList<>() : new ArrayList<>(stored));
            partitions.put(key, p);
        }
        return p;
    }

    /** Writes the partitions this batch changed to state and forgets every partition in memory. */
    private void store() throws Exception {
        backend.writeTogether(() -> {
            for (Partition p : partitions.values()) {
                if (p.dirty) {
                    backend.setCurrentKey(p.key);
                    rows.update(p.rows.isEmpty() ? null : p.rows);
                }
            }
        });
        partitions.clear();
    }

    /** The sorted rows of one partition key, read into memory for a batch. */
    private static final class Partition {
        final Row key;
        final List<Row> rows;
        /** Whether {@link #rows} differ from the partition's state. */
        boolean dirty;

        Partition(Row key, List<Row> rows) {
            this.key = key;
            this.rows = rows;
        }
    }

    private static boolean containsInstance(List<Row> rows, Row row) {
        for (Row r : rows) {
            if (r == row) {
                return true;
            }
        }
        return false;
    }
}
