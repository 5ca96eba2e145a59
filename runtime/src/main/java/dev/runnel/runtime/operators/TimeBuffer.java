package dev.runnel.runtime.operators;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.state.MapState;
import dev.runnel.runtime.state.TimerService;
import dev.runnel.runtime.state.VoidNamespace;
import java.util.ArrayList;
import java.util.List;

/**
 * Rows that wait for the watermark to pass their time, as event-time operators keep them (OVER
 * aggregation, temporal sort): in map state under the current key, each time's rows in arrival
 * order, with one event-time timer per time.
 */
public final class TimeBuffer {
    private TimeBuffer() {
    }

    /** Adds a copy of {@code row} (as an insert) to the rows of {@code time}, registering the time's timer if it is new. */
    public static void add(MapState<VoidNamespace, Long, List<Row>> pending, TimerService<VoidNamespace> timers, long time,
                           Row row) {
        List<Row> rows = pending.get(time);
        if (rows == null) {
            rows = new ArrayList<>();
            timers.registerEventTimeTimer(VoidNamespace.INSTANCE, time);
        }
        rows.add(new Row(RowKind.INSERT, row.fields().clone()));
        pending.put(time, rows);
    }

    /** @throws IllegalStateException unless {@code row} is an insert (the planner only feeds such operators inserts) */
    public static void requireInsert(Row row, OperatorContext context) {
        if (row.kind() != RowKind.INSERT) {
            throw new IllegalStateException("Operator '" + context.operatorName() + "' takes only inserts, not "
                    + row.kind().shortString() + " " + row);
        }
    }
}
