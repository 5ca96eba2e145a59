package dev.runnel.runtime.types;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * SQL equality and hashing of internal values, collections and rows included (see
 * {@link TypeRoot}): {@code 1.0} equals {@code 1.00}, integers of different widths compare by
 * value, {@code byte[]} and nested rows ({@code Object[]}) by content, lists element by element
 * and maps entry by entry whatever their order. A NULL equals a NULL here, as collection
 * functions and keys need ({@code ARRAY_CONTAINS(a, NULL)}, {@code ARRAY_DISTINCT}).
 */
public final class CollectionValues {
    private CollectionValues() {
    }

    /** Whether {@code a} and {@code b} are the same SQL value. */
    public static boolean equal(Object a, Object b) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null) {
            return false;
        }
        if (a instanceof BigDecimal x && b instanceof BigDecimal y) {
            return x.compareTo(y) == 0;
        }
        if (isIntegral(a) && isIntegral(b)) {
            return ((Number) a).longValue() == ((Number) b).longValue();
        }
        if (isFloating(a) && isFloating(b)) {
            return Double.compare(((Number) a).doubleValue(), ((Number) b).doubleValue()) == 0;
        }
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return Arrays.equals(x, y);
        }
        if (a instanceof Object[] x && b instanceof Object[] y) {
            return x.length == y.length && elementsEqual(Arrays.asList(x), Arrays.asList(y));
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            return x.size() == y.size() && elementsEqual(x, y);
        }
        if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
            return mapsEqual(x, y);
        }
        return a.equals(b);
    }

    private static boolean elementsEqual(List<?> x, List<?> y) {
        for (int i = 0; i < x.size(); i++) {
            if (!equal(x.get(i), y.get(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean mapsEqual(Map<?, ?> x, Map<?, ?> y) {
        if (x.size() != y.size()) {
            return false;
        }
        for (Map.Entry<?, ?> e : x.entrySet()) {
            Map.Entry<?, ?> other = find(y, e.getKey());
            if (other == null || !equal(e.getValue(), other.getValue())) {
                return false;
            }
        }
        return true;
    }

    private static Map.Entry<?, ?> find(Map<?, ?> map, Object key) {
        for (Map.Entry<?, ?> e : map.entrySet()) {
            if (equal(e.getKey(), key)) {
                return e;
            }
        }
        return null;
    }

    /**
     * A hash consistent with {@link #equal} and stable across JVMs (no identity hashes). Lists and
     * maps hash the same in any order of their elements, so that equal multisets (whose order has
     * no meaning) and equal maps hash alike.
     */
    public static int hash(Object value) {
        if (value == null) {
            return 0;
        }
        if (value instanceof BigDecimal d) {
            return d.signum() == 0 ? 0 : d.stripTrailingZeros().hashCode();
        }
        if (isIntegral(value)) {
            return Long.hashCode(((Number) value).longValue());
        }
        if (isFloating(value)) {
            return Double.hashCode(((Number) value).doubleValue());
        }
        if (value instanceof byte[] bytes) {
            return Arrays.hashCode(bytes);
        }
        if (value instanceof Object[] fields) {
            int h = 1;
            for (Object field : fields) {
                h = 31 * h + hash(field);
            }
            return h;
        }
        if (value instanceof List<?> list) {
            int h = list.size();
            for (Object element : list) {
                h += hash(element);
            }
            return h;
        }
        if (value instanceof Map<?, ?> map) {
            int h = map.size();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                h += 31 * hash(e.getKey()) ^ hash(e.getValue());
            }
            return h;
        }
        return value.hashCode();
    }

    /** The index of the first element of {@code list} equal to {@code value}, or -1. */
    public static int indexOf(List<?> list, Object value) {
        for (int i = 0; i < list.size(); i++) {
            if (equal(list.get(i), value)) {
                return i;
            }
        }
        return -1;
    }

    /** The distinct elements of {@code list} in the order they first appear. */
    public static List<Object> distinct(List<?> list) {
        List<Object> result = new ArrayList<>(list.size());
        for (Object element : list) {
            if (indexOf(result, element) < 0) {
                result.add(element);
            }
        }
        return result;
    }

    /**
     * A multiset as Flink shows it, each distinct element with the number of times it occurs, in
     * the order the elements first appear.
     */
    public static Map<Object, Integer> counts(List<?> multiset) {
        List<Object> elements = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        for (Object element : multiset) {
            int i = indexOf(elements, element);
            if (i < 0) {
                elements.add(element);
                counts.add(1);
            } else {
                counts.set(i, counts.get(i) + 1);
            }
        }
        Map<Object, Integer> result = new LinkedHashMap<>();
        for (int i = 0; i < elements.size(); i++) {
            result.put(elements.get(i), counts.get(i));
        }
        return result;
    }

    private static boolean isIntegral(Object v) {
        return v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte;
    }

    private static boolean isFloating(Object v) {
        return v instanceof Double || v instanceof Float;
    }
}
