package dev.runnel.shell.render;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The table a changelog describes: {@code +I} appends a row, {@code -U} and {@code -D} remove one
 * row equal to theirs (values compared, the kind ignored). Equal rows may appear several times
 * (a bag, as SQL has it); a retraction removes the latest of them. A retraction of a row the
 * table does not hold is ignored and counted, as Flink's SQL client ignores it.
 *
 * <p>Where a {@code +U} goes depends on the table: in the shell's {@code table} result mode
 * ({@link #ChangelogTable()}) a {@code +U} right after a {@code -U} takes the place of the row
 * that {@code -U} removed, so that an updated row stays where it was on the screen; in the final
 * table of a result for programs ({@link #appendingUpdates()}) it is appended like {@code +I},
 * as Flink's materialized table result does, so rows end in the order of their last change.
 *
 * <p>Removed rows leave holes that are compacted once they outnumber the rows, so every change
 * costs amortized constant time. Not thread-safe.
 */
public final class ChangelogTable {
    /** Below this many holes compaction is not worth it. */
    private static final int MIN_HOLES_TO_COMPACT = 64;

    /** Rows in display order; {@code null} where a row was removed. */
    private List<Row> slots = new ArrayList<>();
    /** For each distinct row, the slots holding it, latest last. */
    private final Map<Key, ArrayDeque<Integer>> slotsByRow = new HashMap<>();
    private int size;
    /** The slot the last {@code -U} emptied, for the {@code +U} that follows it; -1 if none. */
    private int retractedSlot = -1;
    private long changes;
    private long ignoredRetractions;
    private final boolean updatesInPlace;

    /** A table whose updated rows keep their place (the REPL's {@code table} mode). */
    public ChangelogTable() {
        this(true);
    }

    private ChangelogTable(boolean updatesInPlace) {
        this.updatesInPlace = updatesInPlace;
    }

    /** A table that appends every {@code +U}, as Flink's SQL client materializes a result. */
    public static ChangelogTable appendingUpdates() {
        return new ChangelogTable(false);
    }

    /** Applies one change. */
    public void apply(Row change) {
        changes++;
        RowKind kind = change.kind();
        if (kind != RowKind.UPDATE_AFTER) {
            compactIfWorthIt();
        }
        switch (kind) {
            case INSERT -> {
                retractedSlot = -1;
                add(change, slots.size());
            }
            case UPDATE_AFTER -> {
                int slot = updatesInPlace && retractedSlot >= 0 && slots.get(retractedSlot) == null
                        ? retractedSlot : slots.size();
                retractedSlot = -1;
                add(change, slot);
            }
            case UPDATE_BEFORE, DELETE -> retractedSlot = remove(change);
        }
    }

    private void add(Row change, int slot) {
        Row row = new Row(RowKind.INSERT, change.fields());
        if (slot == slots.size()) {
            slots.add(row);
        } else {
            slots.set(slot, row);
        }
        slotsByRow.computeIfAbsent(new Key(row.fields()), k -> new ArrayDeque<>()).addLast(slot);
        size++;
    }

    /** Removes the latest row equal to {@code change}; returns its slot, or -1 if there was none. */
    private int remove(Row change) {
        Key key = new Key(change.fields());
        ArrayDeque<Integer> holding = slotsByRow.get(key);
        if (holding == null) {
            ignoredRetractions++;
            return -1;
        }
        int slot = holding.removeLast();
        if (holding.isEmpty()) {
            slotsByRow.remove(key);
        }
        slots.set(slot, null);
        size--;
        return slot;
    }

    private void compactIfWorthIt() {
        int holes = slots.size() - size;
        if (holes < MIN_HOLES_TO_COMPACT || holes < size) {
            return;
        }
        List<Row> compacted = new ArrayList<>(size);
        slotsByRow.clear();
        for (Row row : slots) {
            if (row != null) {
                slotsByRow.computeIfAbsent(new Key(row.fields()), k -> new ArrayDeque<>()).addLast(compacted.size());
                compacted.add(row);
            }
        }
        slots = compacted;
        retractedSlot = -1;
    }

    /** How many rows the table holds. */
    public int size() {
        return size;
    }

    /** How many changes were applied. */
    public long changes() {
        return changes;
    }

    /** How many retractions named a row the table did not hold. */
    public long ignoredRetractions() {
        return ignoredRetractions;
    }

    /** The rows in display order, all of kind {@code +I}. */
    public List<Row> rows() {
        return rows(0, size);
    }

    /** Up to {@code limit} rows in display order, skipping the first {@code offset}. */
    public List<Row> rows(int offset, int limit) {
        List<Row> result = new ArrayList<>(Math.min(limit, size));
        int seen = 0;
        for (Row row : slots) {
            if (row == null) {
                continue;
            }
            if (seen++ < offset) {
                continue;
            }
            if (result.size() == limit) {
                break;
            }
            result.add(row);
        }
        return result;
    }

    /** Field values compared deeply, so that BINARY values (byte arrays) compare by content. */
    private record Key(Object[] fields) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key other && Arrays.deepEquals(fields, other.fields);
        }

        @Override
        public int hashCode() {
            return Arrays.deepHashCode(fields);
        }

        @Override
        public String toString() {
            return Arrays.deepToString(fields);
        }
    }
}
