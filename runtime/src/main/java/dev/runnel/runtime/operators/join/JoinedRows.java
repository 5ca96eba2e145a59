package dev.runnel.runtime.operators.join;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;

/** Builds the rows a join emits: a left row followed by a right row, either side possibly all nulls. */
final class JoinedRows {
    private final int leftArity;
    private final int rightArity;

    JoinedRows(int leftArity, int rightArity) {
        this.leftArity = leftArity;
        this.rightArity = rightArity;
    }

    /** {@code left ++ right}, either {@code null} for a side of nulls. */
    Row join(RowKind kind, Row left, Row right) {
        Object[] fields = new Object[leftArity + rightArity];
        if (left != null) {
            System.arraycopy(left.fields(), 0, fields, 0, leftArity);
        }
        if (right != null) {
            System.arraycopy(right.fields(), 0, fields, leftArity, rightArity);
        }
        return new Row(kind, fields);
    }

    /** {@code row} (of input {@code input}: 0 left, 1 right) joined with {@code other} of the other input. */
    Row join(RowKind kind, Row row, int input, Row other) {
        return input == 0 ? join(kind, row, other) : join(kind, other, row);
    }

    /** {@code row} of input {@code input} padded with nulls for the other input. */
    Row padded(RowKind kind, Row row, int input) {
        return input == 0 ? join(kind, row, null) : join(kind, null, row);
    }

    /** The fields {@code positions} of {@code row}, as an INSERT row (a key). */
    static Row project(Row row, int[] positions) {
        Object[] fields = new Object[positions.length];
        for (int i = 0; i < positions.length; i++) {
            fields[i] = row.getField(positions[i]);
        }
        return new Row(RowKind.INSERT, fields);
    }

    /** {@code row}'s values as an INSERT row: state holds values, not changes. */
    static Row asInsert(Row row) {
        return row.kind() == RowKind.INSERT ? row : new Row(RowKind.INSERT, row.fields());
    }

    /** Whether a key field that SQL equality compares (not IS NOT DISTINCT FROM) is null, so the row matches nothing. */
    static boolean hasNullKey(Row row, int[] keys, boolean[] nullSafe) {
        for (int i = 0; i < keys.length; i++) {
            if (!nullSafe[i] && row.getField(keys[i]) == null) {
                return true;
            }
        }
        return false;
    }
}
