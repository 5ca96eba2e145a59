package dev.runnel.runtime.operators.join;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import java.util.List;

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
