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
import java.util.List;

/**
 * Flink's Top-N: keeps the rows of each partition key sorted in one value state and, for every
 * input row, emits the changes of the partition's ranked output ({@link TopNBuffer#emitChanges}).
 *
 * <p>Over an insert-only input (Flink's AppendOnlyTopN) only the rows up to the rank end are
 * kept: a row pushed past the end can never come back. Over a retracting input (Flink's
 * RetractableTopN) every row is kept, because retracting a top row lets the next one in.
 * State expires after {@code table.exec.state.ttl} without updates of its key.
 */
final class TopNOperator extends AbstractOperator {
    private final TopNOperatorFactory spec;
    private KeyedStateBackend backend;
    private ValueState<VoidNamespace, List<Row>> rows;

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
        TopNBuffer ranking = spec.ranking();
        for (Row row : batch) {
            backend.setCurrentKey(KeyFields.of(row, spec.keyFields()));
            List<Row> sorted = rows.value();
            sorted = sorted == null ? new ArrayList<>() : new ArrayList<>(sorted);
            List<Row> before = ranking.output(sorted);
            Row value = new Row(RowKind.INSERT, row.fields().clone());
            boolean changed;
            if (row.kind() == RowKind.INSERT || row.kind() == RowKind.UPDATE_AFTER) {
                ranking.insert(sorted, value);
                changed = true;
            } else {
                // A retraction of a row that is not here (expired, say) changes nothing, as in Flink.
                changed = ranking.retract(sorted, value);
            }
            if (!changed) {
                continue;
            }
            List<Row> after = ranking.output(sorted);
            ranking.emitChanges(before, after, output);
            if (!spec.retracting()) {
                ranking.dropPastRankEnd(sorted);
                if (!containsInstance(sorted, value)) {
                    // The row did not make the top: the state is as it was.
                    continue;
                }
            }
            rows.update(sorted.isEmpty() ? null : sorted);
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
