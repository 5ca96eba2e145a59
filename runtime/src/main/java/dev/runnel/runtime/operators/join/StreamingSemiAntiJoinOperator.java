package dev.runnel.runtime.operators.join;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import java.util.List;

/**
 * A streaming semi or anti join with Flink SQL's semantics ({@code StreamingSemiAntiJoinOperator}):
 * it emits left rows only, a semi join while the row matches at least one right row, an anti
 * join while it matches none. Both inputs are kept in keyed state under the join key
 * ({@link JoinRecordState}); each left row remembers how many right rows it matches.
 *
 * <p>Changes, as Flink emits them:
 * <ul>
 *   <li>A left row is emitted with its own kind when it qualifies at arrival: {@code +I}/{@code +U}
 *       are inserted, {@code -U}/{@code -D} retract what was emitted for the row before.</li>
 *   <li>A right row that gives a left row its first match emits that left row: with the right
 *       row's kind ({@code +I}/{@code +U}) in a semi join, as {@code -D} in an anti join.</li>
 *   <li>Retracting a left row's last match emits it: with the retraction's kind
 *       ({@code -D}/{@code -U}) in a semi join, as {@code +I} in an anti join.</li>
 * </ul>
 * A left row held several times is emitted once per occurrence. A null key compared with
 * {@code =} matches nothing: such a left row is never emitted by a semi join and always by an
 * anti join. State expires after {@code table.exec.state.ttl} without updates (never by default).
 */
final class StreamingSemiAntiJoinOperator extends AbstractJoinOperator {
    private final boolean anti;

    StreamingSemiAntiJoinOperator(StreamingJoinOperatorFactory spec) {
        super(spec);
        this.anti = spec.joinType() == JoinType.ANTI;
    }

    @Override
    protected void processRow(Row input, int side) {
        if (side == 0) {
            processLeft(input);
        } else {
            processRight(input);
        }
    }

    private void processLeft(Row input) {
        Row row = JoinedRows.asInsert(input);
        long matched = matches(row, 0, other -> true).stream().mapToLong(JoinRecordState.Entry::count).sum();
        if ((matched > 0) != anti) {
            output.collect(input);
        }
        if (isAccumulate(input.kind())) {
            states[0].add(row, matched);
        } else {
            states[0].retract(row);
        }
    }

    private void processRight(Row input) {
        Row row = JoinedRows.asInsert(input);
        boolean accumulate = isAccumulate(input.kind());
        if (accumulate) {
            states[1].add(row, 0);
        } else {
            states[1].retract(row);
        }
        List<JoinRecordState.Entry> lefts = matches(row, 1, other -> true);
        for (JoinRecordState.Entry left : lefts) {
            // The left row's qualification changes when its match count leaves or reaches zero.
            if (accumulate && left.matches() == 0) {
                emit(anti ? RowKind.DELETE : input.kind(), left);
            } else if (!accumulate && left.matches() == 1) {
                emit(anti ? RowKind.INSERT : input.kind(), left);
            }
            states[0].updateMatches(left.row(), left.matches() + (accumulate ? 1 : -1));
        }
    }

    private void emit(RowKind kind, JoinRecordState.Entry left) {
        for (long i = 0; i < left.count(); i++) {
            output.collect(new Row(kind, left.row().fields()));
        }
    }

    private static boolean isAccumulate(RowKind kind) {
        return kind == RowKind.INSERT || kind == RowKind.UPDATE_AFTER;
    }
}
