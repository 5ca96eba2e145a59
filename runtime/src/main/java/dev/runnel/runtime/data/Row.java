package dev.runnel.runtime.data;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
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

    /**
     * Equal kinds and equal values, compared as SQL compares them: nested rows ({@code Object[]})
     * and binary values by content, also inside arrays and multisets ({@code List}) and maps, so
     * that equal keys of any type are one key in a hash map (a group, a window buffer entry).
     */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Row other)) {
            return false;
        }
        return kind == other.kind && valuesEqual(fields, other.fields);
    }

    @Override
    public int hashCode() {
        return 31 * kind.ordinal() + valuesHash(fields);
    }

    /** Whether two rows' fields are equal as {@link #equals} compares them (their kinds aside). */
    public static boolean valuesEqual(Object[] a, Object[] b) {
        if (a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (!valueEquals(a[i], b[i])) {
                return false;
            }
        }
        return true;
    }

    private static boolean valueEquals(Object a, Object b) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null) {
            return false;
        }
        if (a instanceof Object[] x) {
            return b instanceof Object[] y && valuesEqual(x, y);
        }
        if (a instanceof byte[] x) {
            return b instanceof byte[] y && Arrays.equals(x, y);
        }
        if (a instanceof List<?> x) {
            if (!(b instanceof List<?> y) || x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!valueEquals(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof Map<?, ?> x) {
            return b instanceof Map<?, ?> y && mapsEqual(x, y);
        }
        return a.equals(b);
    }

    /** Entries match by value; a key that is a nested row is looked for by content. */
    private static boolean mapsEqual(Map<?, ?> a, Map<?, ?> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (Map.Entry<?, ?> entry : a.entrySet()) {
            Object key = entry.getKey();
            boolean found = false;
            if (!(key instanceof Object[] || key instanceof byte[] || key instanceof List || key instanceof Map)) {
                found = b.containsKey(key) && valueEquals(entry.getValue(), b.get(key));
            } else {
                for (Map.Entry<?, ?> candidate : b.entrySet()) {
                    if (valueEquals(key, candidate.getKey()) && valueEquals(entry.getValue(), candidate.getValue())) {
                        found = true;
                        break;
                    }
                }
            }
            if (!found) {
                return false;
            }
        }
        return true;
    }

    private static int valuesHash(Object[] values) {
        int hash = 1;
        for (Object value : values) {
            hash = 31 * hash + valueHash(value);
        }
        return hash;
    }

    private static int valueHash(Object value) {
        if (value == null) {
            return 0;
        }
        if (value instanceof Object[] nested) {
            return valuesHash(nested);
        }
        if (value instanceof byte[] bytes) {
            return Arrays.hashCode(bytes);
        }
        if (value instanceof List<?> list) {
            int hash = 1;
            for (Object element : list) {
                hash = 31 * hash + valueHash(element);
            }
            return hash;
        }
        if (value instanceof Map<?, ?> map) {
            int hash = 0;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                hash += valueHash(entry.getKey()) ^ valueHash(entry.getValue());
            }
            return hash;
        }
        return value.hashCode();
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
