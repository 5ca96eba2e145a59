package dev.runnel.runtime.operators.rank;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.Output;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The ranking rules of a Top-N over the sorted rows of one partition key, without state: where a
 * row goes, which rows are in the rank range, and the changes that turn the previous output of
 * a partition into its new output.
 *
 * <p>Sorted rows keep arrival order among equal sort keys (a new row goes after its ties), as
 * Flink's Top-N does. The output of a partition is its rows whose rank is in
 * {@code [rankStart, rankEnd]}, in order, each followed by its rank number when
 * {@code outputRankNumber}.
 *
 * @param order the {@code ORDER BY} of the ranking function
 */
public record TopNBuffer(SortKeyComparator order, RankType rankType, long rankStart, long rankEnd,
                         boolean outputRankNumber) implements Serializable {
    public TopNBuffer {
        Objects.requireNonNull(order, "order");
        Objects.requireNonNull(rankType, "rankType");
        if (rankStart < 1) {
            throw new IllegalArgumentException("Ranks start at 1, not " + rankStart);
        }
    }

    /** Inserts {@code row} (not copied) into {@code sorted}, after the rows it ties with. */
    public void insert(List<Row> sorted, Row row) {
        int low = 0;
        int high = sorted.size();
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (order.compare(sorted.get(mid), row) <= 0) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        sorted.add(low, row);
    }

    /**
     * Whether {@code row}, inserted into {@code sorted} (the rows of an insert-only partition, cut at
     * the rank end), would land past the rank end and change nothing. Only decided for
     * {@code ROW_NUMBER}, where the rank is the position; {@code false} (insert and look) otherwise.
     */
    public boolean pastRankEnd(List<Row> sorted, Row row) {
        return rankType == RankType.ROW_NUMBER && sorted.size() >= rankEnd
                && order.compare(sorted.get((int) rankEnd - 1), row) <= 0;
    }

    /**
     * Removes the first row of {@code sorted} equal to {@code row} (ignoring the row kind).
     *
     * @return whether there was one
     */
    public boolean retract(List<Row> sorted, Row row) {
        for (int i = 0; i < sorted.size(); i++) {
            Row candidate = sorted.get(i);
            int c = order.compare(candidate, row);
            if (c > 0) {
                return false;
            }
            if (c == 0 && Row.valuesEqual(candidate.fields(), row.fields())) {
                sorted.remove(i);
                return true;
            }
        }
        return false;
    }

    /** The output rows of a partition whose rows are {@code sorted} (new rows; kinds are INSERT). */
    public List<Row> output(List<Row> sorted) {
        List<Row> out = new ArrayList<>();
        long[] ranks = ranks(sorted);
        for (int i = 0; i < ranks.length && ranks[i] <= rankEnd; i++) {
            if (ranks[i] >= rankStart) {
                out.add(outputRow(sorted.get(i), ranks[i]));
            }
        }
        return out;
    }

    /**
     * Drops the rows that can never be output again because their rank is past the end, which
     * holds only when no row is ever retracted (an insert-only input).
     */
    public void dropPastRankEnd(List<Row> sorted) {
        long[] ranks = ranks(sorted);
        int keep = 0;
        while (keep < ranks.length && ranks[keep] <= rankEnd) {
            keep++;
        }
        sorted.subList(keep, sorted.size()).clear();
    }

    /**
     * Emits what turns {@code before} into {@code after} (both from {@link #output}). With rank
     * numbers, or a range that starts after rank 1, rank positions are compared in order: a
     * position whose row changed gets {@code -U old, +U new}, a new position {@code +I}, a position
     * gone {@code -D}, as Flink's Top-N updates a rank (it handles offsets that way too). Otherwise
     * rows that left get {@code -D} before rows that entered get {@code +I}; rows that only moved
     * within the range emit nothing.
     */
    public void emitChanges(List<Row> before, List<Row> after, Output output) {
        if (outputRankNumber || rankStart > 1) {
            int n = Math.max(before.size(), after.size());
            for (int i = 0; i < n; i++) {
                Row old = i < before.size() ? before.get(i) : null;
                Row now = i < after.size() ? after.get(i) : null;
                if (old != null && now != null) {
                    if (!Row.valuesEqual(old.fields(), now.fields())) {
                        output.collect(withKind(old, RowKind.UPDATE_BEFORE));
                        output.collect(withKind(now, RowKind.UPDATE_AFTER));
                    }
                } else if (now != null) {
                    output.collect(withKind(now, RowKind.INSERT));
                } else {
                    output.collect(withKind(old, RowKind.DELETE));
                }
            }
            return;
        }
        List<Row> entered = new ArrayList<>(after);
        for (Row old : before) {
            if (!removeEqual(entered, old)) {
                output.collect(withKind(old, RowKind.DELETE));
            }
        }
        for (Row row : entered) {
            output.collect(withKind(row, RowKind.INSERT));
        }
    }

    /** The rank of each sorted row, 1-based. */
    private long[] ranks(List<Row> sorted) {
        long[] ranks = new long[sorted.size()];
        long dense = 0;
        for (int i = 0; i < ranks.length; i++) {
            boolean tie = i > 0 && order.compare(sorted.get(i - 1), sorted.get(i)) == 0;
            if (!tie) {
                dense++;
            }
            ranks[i] = switch (rankType) {
                case ROW_NUMBER -> i + 1;
                case RANK -> tie ? ranks[i - 1] : i + 1;
                case DENSE_RANK -> dense;
            };
        }
        return ranks;
    }

    private Row outputRow(Row row, long rank) {
        if (!outputRankNumber) {
            return new Row(RowKind.INSERT, row.fields().clone());
        }
        Object[] fields = Arrays.copyOf(row.fields(), row.arity() + 1);
        fields[row.arity()] = rank;
        return new Row(RowKind.INSERT, fields);
    }

    private static Row withKind(Row row, RowKind kind) {
        return new Row(kind, row.fields().clone());
    }

    private static boolean removeEqual(List<Row> rows, Row row) {
        for (int i = 0; i < rows.size(); i++) {
            if (Row.valuesEqual(rows.get(i).fields(), row.fields())) {
                rows.remove(i);
                return true;
            }
        }
        return false;
    }
}
