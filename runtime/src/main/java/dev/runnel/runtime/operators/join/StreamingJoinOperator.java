package dev.runnel.runtime.operators.join;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.stream.RowBatch;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A regular streaming join with Flink SQL's semantics ({@code StreamingJoinOperator}): every
 * row is kept in the state of its input under its join key, and joined with the rows of the
 * other input held under the same key that satisfy the residual condition.
 *
 * <p>Changes: an insert ({@code +I}/{@code +U}) emits its joined rows; a retraction
 * ({@code -U}/{@code -D}) retracts them. An outer side emits its row padded with nulls while it
 * matches nothing: a first match retracts the padded row ({@code -D}) before the joined row is
 * inserted, and retracting the last match inserts the padded row again. Between two inner
 * sides the input's own kind passes through ({@code +U} gives {@code +U} joined rows).
 *
 * <p>State expires after {@code table.exec.state.ttl} without updates (never by default).
 */
final class StreamingJoinOperator extends AbstractJoinOperator {

    StreamingJoinOperator(StreamingJoinOperatorFactory spec) {
        super(spec);
    }

    /** An inner side whose input never retracts: its rows are never removed and their matches never counted. */
    @Override
    protected boolean keepsAppendOnly(int input) {
        return keepsAppendOnly(spec, input);
    }

    static boolean keepsAppendOnly(StreamingJoinOperatorFactory spec, int input) {
        return spec.appendOnly()[input] && !spec.joinType().isOuter(input);
    }

    /**
     * Between two inner sides whose inputs only insert, a batch (all of one input) reads the other
     * input's rows of each key once and appends its own rows of each key with one write: its
     * appends cannot change what the batch reads, which is all of the other input's state. The
     * rows emitted, and their order, are those of one row at a time.
     */
    @Override
    public void processBatch(RowBatch batch, int input) throws Exception {
        if (!(states[input] instanceof JoinRecordState.AppendOnly own)
                || !(states[1 - input] instanceof JoinRecordState.AppendOnly)) {
            super.processBatch(batch, input);
            return;
        }
        Map<Row, KeyRows> byKey = new HashMap<>();
        for (int i = 0, n = batch.size(); i < n; i++) {
            Row row = JoinedRows.asInsert(batch.get(i));
            Row key = key(row, input);
            KeyRows rows = byKey.get(key);
            if (rows == null) {
                backend.setCurrentKey(key);
                rows = new KeyRows(key, states[1 - input].entries(), new ArrayList<>());
                byKey.put(key, rows);
            }
            emitJoined(batch.get(i).kind(), row, input, matches(row, input, other -> true, rows.others));
            rows.added.add(row);
        }
        backend.writeTogether(() -> {
            for (KeyRows rows : byKey.values()) {
                backend.setCurrentKey(rows.key);
                own.addAll(rows.added);
            }
        });
    }

    /** Of one key in a batch: the other input's rows, and this input's rows to append. */
    private record KeyRows(Row key, List<JoinRecordState.Entry> others, List<Row> added) {
    }

    @Override
    protected void processRow(Row input, int side) {
        int otherSide = 1 - side;
        boolean inputOuter = spec.joinType().isOuter(side);
        boolean otherOuter = spec.joinType().isOuter(otherSide);
        RowKind kind = input.kind();
        Row row = JoinedRows.asInsert(input);
        List<JoinRecordState.Entry> matches = matches(row, side, other -> true);
        boolean accumulate = kind == RowKind.INSERT || kind == RowKind.UPDATE_AFTER;
        if (accumulate) {
            if (inputOuter && matches.isEmpty()) {
                emitPadded(RowKind.INSERT, row, side, 1);
            }
            if (otherOuter) {
                for (JoinRecordState.Entry other : matches) {
                    if (other.matches() == 0) {
                        emitPadded(RowKind.DELETE, other.row(), otherSide, other.count());
                    }
                    states[otherSide].updateMatches(other.row(), other.matches() + 1);
                }
            }
            // Between inner sides the input's kind passes through; an outer join inserts.
            emitJoined(inputOuter || otherOuter ? RowKind.INSERT : kind, row, side, matches);
            states[side].add(row, matches.stream().mapToLong(JoinRecordState.Entry::count).sum());
            return;
        }
        states[side].retract(row);
        if (matches.isEmpty()) {
            if (inputOuter) {
                emitPadded(RowKind.DELETE, row, side, 1);
            }
            return;
        }
        emitJoined(inputOuter ? RowKind.DELETE : kind, row, side, matches);
        if (otherOuter) {
            for (JoinRecordState.Entry other : matches) {
                if (other.matches() == 1) {
                    emitPadded(RowKind.INSERT, other.row(), otherSide, other.count());
                }
                states[otherSide].updateMatches(other.row(), other.matches() - 1);
            }
        }
    }
}
