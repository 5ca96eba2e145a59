package dev.runnel.runtime.operators.rank;

import dev.runnel.runtime.data.Row;
import java.io.Serializable;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Objects;

/**
 * Orders rows by an {@code ORDER BY} list: each field ascending or descending, with NULLs first
 * or last. Strings compare by their UTF-8 bytes and binary values as unsigned bytes, as Flink
 * compares them; other values by their natural order.
 *
 * @param fields the sort fields, most significant first
 * @param ascending per sort field
 * @param nullsFirst per sort field: where NULL sorts in the output order (after applying the direction)
 */
public record SortKeyComparator(int[] fields, boolean[] ascending, boolean[] nullsFirst)
        implements Comparator<Row>, Serializable {
    public SortKeyComparator {
        Objects.requireNonNull(fields, "fields");
        if (ascending.length != fields.length || nullsFirst.length != fields.length) {
            throw new IllegalArgumentException("One direction and one null order per sort field");
        }
    }

    @Override
    public int compare(Row a, Row b) {
        for (int i = 0; i < fields.length; i++) {
            Object x = a.getField(fields[i]);
            Object y = b.getField(fields[i]);
            int c;
            if (x == null || y == null) {
                // The null order is absolute: it does not flip with the direction.
                c = x == y ? 0 : (x == null) == nullsFirst[i] ? -1 : 1;
            } else {
                c = compareValues(x, y);
                c = ascending[i] ? c : -c;
            }
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static int compareValues(Object x, Object y) {
        if (x instanceof String s && y instanceof String t) {
            return compareUtf8(s, t);
        }
        if (x instanceof byte[] p && y instanceof byte[] q) {
            return Arrays.compareUnsigned(p, q);
        }
        return ((Comparable) x).compareTo(y);
    }

    /** The order of the UTF-8 encodings, which is code point order (UTF-16 order differs for surrogates). */
    private static int compareUtf8(String s, String t) {
        int i = 0;
        int j = 0;
        while (i < s.length() && j < t.length()) {
            int a = s.codePointAt(i);
            int b = t.codePointAt(j);
            if (a != b) {
                return Integer.compare(a, b);
            }
            i += Character.charCount(a);
            j += Character.charCount(b);
        }
        return Integer.compare(s.length() - i, t.length() - j);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SortKeyComparator other && Arrays.equals(fields, other.fields)
                && Arrays.equals(ascending, other.ascending) && Arrays.equals(nullsFirst, other.nullsFirst);
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(fields), Arrays.hashCode(ascending), Arrays.hashCode(nullsFirst));
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < fields.length; i++) {
            sb.append(i == 0 ? "" : ", ").append('$').append(fields[i]).append(ascending[i] ? " ASC" : " DESC")
                    .append(nullsFirst[i] ? " NULLS FIRST" : " NULLS LAST");
        }
        return sb.toString();
    }
}
