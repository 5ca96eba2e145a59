package dev.runnel.runtime.operators.window;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.stream.RowBatch;

/**
 * Appends {@code window_start}, {@code window_end} and {@code window_time} to each row, once per
 * window the row's time attribute falls into; in front of a window aggregate over slices, once,
 * with the row's slice in those fields ({@link SliceAssigner}). Stateless; rows keep their kind (the planner
 * feeds it insert-only input, as Flink requires). Late rows are not dropped here: as in Flink,
 * only operators that keep windows in state (aggregate, Top-N, join, deduplication) drop them.
 */
final class WindowTableFunctionOperator extends AbstractOperator {
    private final WindowAssigner assigner;
    private final int timeField;
    private final WindowTime time;
    /** In front of a window aggregate over slices: the slices, each row's one is appended. */
    private final SliceAssigner slices;

    WindowTableFunctionOperator(WindowAssigner assigner, int timeField, WindowTime time, SliceAssigner slices) {
        this.assigner = assigner;
        this.timeField = timeField;
        this.time = time;
        this.slices = slices;
    }

    @Override
    public void processBatch(RowBatch batch, int input) {
        for (Row row : batch) {
            long local = time.toLocal(timestamp(row, timeField, context.operatorName()));
            if (slices != null) {
                output.collect(withWindow(row, slices.assignSlice(local), time));
                continue;
            }
            for (TimeWindow window : assigner.assignWindows(local)) {
                output.collect(withWindow(row, window, time));
            }
        }
    }

    /** The row's time attribute; a NULL one cannot be windowed (Flink fails the same way). */
    static long timestamp(Row row, int timeField, String operatorName) {
        Object value = row.getField(timeField);
        if (value == null) {
            throw new IllegalStateException("Operator '" + operatorName + "': the time attribute (field " + timeField
                    + ") of row " + row + " is NULL; windows need a non-NULL event time");
        }
        return (Long) value;
    }

    /** {@code row}'s fields followed by the window's start, end and time, with the row's kind. */
    static Row withWindow(Row row, TimeWindow window, WindowTime time) {
        int arity = row.arity();
        Object[] fields = new Object[arity + 3];
        System.arraycopy(row.fields(), 0, fields, 0, arity);
        fields[arity] = window.start();
        fields[arity + 1] = window.end();
        fields[arity + 2] = time.windowTime(window);
        return new Row(row.kind(), fields);
    }
}
