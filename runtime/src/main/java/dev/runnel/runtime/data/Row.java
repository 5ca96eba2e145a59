package dev.runnel.runtime.data;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Objects;

/**
 * A fixed-arity tuple of Java values with a {@link RowKind}.
 *
 * <p>Field values use the internal Java representation documented on
 * {@link dev.runnel.runtime.types.TypeRoot}; {@code null} is SQL NULL. Rows are mutable so that
 * operators can reuse them, but a row handed to an {@code Output} belongs to the receiver.
 */
public final class Row implements Serializable {
    /* Serializable for results fetched across processes (dev.runnel.runtime.rpc); never on the data path. */
    private static final long serialVersionUID = 1L;

    private RowKind kind;
    private final Object[] fields;

    public Row(RowKind kind, Object[] fields) {
        this.kind = Objects.requireNonNull(kind, "kind");
        this.fields = Objects.requireNonNull(fields, "fields");
    }

    public Row(int arity) {
        this(RowKind.INSERT, new Object[arity]);
    }

    /** An INSERT row holding the given values (the array is not copied). */
    public static Row of(Object... values) {
        return new Row(RowKind.INSERT, values);
    }

    /** A row of the given kind holding the given values (the array is not copied). */
    public static Row ofKind(RowKind kind, Object... values) {
        return new Row(kind, values);
    }

    public RowKind kind() {
        return kind;
    }

    public void setKind(RowKind kind) {
        this.kind = Objects.requireNonNull(kind, "kind");
    }

    public int arity() {
        return fields.length;
    }

    public Object getField(int i) {
        return fields[i];
    }

    public void setField(int i, Object value) {
        fields[i] = value;
    }

    /** The backing array; generated code reads and writes it directly. */
    public Object[] fields() {
        return fields;
    }

    public Row copy() {
        return new Row(kind, fields.clone());
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Row other)) {
            return false;
        }
        return kind == other.kind && Arrays.deepEquals(fields, other.fields);
    }

    @Override
    public int hashCode() {
        return 31 * kind.hashCode() + Arrays.deepHashCode(fields);
    }

    /** {@code +I[1, alice]}: the kind, then the fields. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(kind.shortString()).append('[');
        for (int i = 0; i < fields.length; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            Object f = fields[i];
            sb.append(f instanceof byte[] b ? Arrays.toString(b) : String.valueOf(f));
        }
        return sb.append(']').toString();
    }
}
