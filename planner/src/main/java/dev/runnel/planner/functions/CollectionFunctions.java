package dev.runnel.planner.functions;

import dev.runnel.runtime.types.CollectionValues;
import dev.runnel.runtime.types.DataTypeParser;
import dev.runnel.runtime.types.Values;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The implementations of Flink's collection functions ({@link CollectionOperatorTable}), called
 * by generated code with values in Calcite's representation (see
 * {@link dev.runnel.runtime.types.TypeRoot}: {@code List} for ARRAY, {@code Map} for MAP, binary
 * elements as Calcite's {@code ByteString}). Elements compare as SQL values ({@link CollectionValues}), a NULL
 * element equal to a NULL. Unless a method says otherwise, a NULL argument gives NULL.
 */
public final class CollectionFunctions {
    private CollectionFunctions() {
    }

    public static List<Object> arrayAppend(List<?> array, Object element) {
        if (array == null) {
            return null;
        }
        List<Object> result = new ArrayList<>(array);
        result.add(element);
        return result;
    }

    public static List<Object> arrayPrepend(List<?> array, Object element) {
        if (array == null) {
            return null;
        }
        List<Object> result = new ArrayList<>(array.size() + 1);
        result.add(element);
        result.addAll(array);
        return result;
    }

    /** Whether {@code array} holds {@code needle} (which may be NULL); NULL for a NULL array. */
    public static Boolean arrayContains(List<?> array, Object needle) {
        return array == null ? null : CollectionValues.indexOf(array, needle) >= 0;
    }

    public static List<Object> arrayDistinct(List<?> array) {
        return array == null ? null : CollectionValues.distinct(array);
    }

    /** The 1-based position of the first {@code needle}, 0 if there is none. */
    public static Integer arrayPosition(List<?> array, Object needle) {
        if (array == null || needle == null) {
            return null;
        }
        return CollectionValues.indexOf(array, needle) + 1;
    }

    /** {@code array} without the elements equal to {@code needle} (a NULL needle removes the NULLs). */
    public static List<Object> arrayRemove(List<?> array, Object needle) {
        if (array == null) {
            return null;
        }
        List<Object> result = new ArrayList<>(array.size());
        for (Object element : array) {
            if (!CollectionValues.equal(element, needle)) {
                result.add(element);
            }
        }
        return result;
    }

    public static List<Object> arrayReverse(List<?> array) {
        if (array == null) {
            return null;
        }
        List<Object> result = new ArrayList<>(array);
        Collections.reverse(result);
        return result;
    }

    public static List<Object> arraySlice(List<?> array, Integer start) {
        return array == null || start == null ? null : arraySlice(array, start, array.size());
    }

    /**
     * The elements from position {@code start} to {@code end}, both included: positions count from
     * 1, negative ones from the end (-1 is the last), 0 is the first; bounds outside the array are
     * cut to it, and an empty array comes out when nothing lies between them.
     */
    public static List<Object> arraySlice(List<?> array, Integer start, Integer end) {
        if (array == null || start == null || end == null) {
            return null;
        }
        int size = array.size();
        int from = Math.max(1, position(start, size));
        int to = Math.min(size, position(end, size));
        return from > to ? new ArrayList<>() : new ArrayList<>(array.subList(from - 1, to));
    }

    private static int position(int offset, int size) {
        return offset == 0 ? 1 : offset < 0 ? size + offset + 1 : offset;
    }

    public static List<Object> arraySort(List<?> array) {
        return arraySort(array, true, true);
    }

    /** Ascending by default; NULLs first when ascending and last when descending, unless {@code nullsFirst} says. */
    public static List<Object> arraySort(List<?> array, Boolean ascending) {
        return ascending == null ? null : arraySort(array, ascending, ascending);
    }

    public static List<Object> arraySort(List<?> array, Boolean ascending, Boolean nullsFirst) {
        if (array == null || ascending == null || nullsFirst == null) {
            return null;
        }
        Comparator<Object> order = ascending ? CollectionFunctions::compare : (a, b) -> compare(b, a);
        List<Object> result = new ArrayList<>(array);
        result.sort(nullsFirst ? Comparator.nullsFirst(order) : Comparator.nullsLast(order));
        return result;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compare(Object a, Object b) {
        return ((Comparable) a).compareTo(b);
    }

    /** The distinct elements of both arrays, in order. */
    public static List<Object> arrayUnion(List<?> first, List<?> second) {
        if (first == null || second == null) {
            return null;
        }
        List<Object> all = new ArrayList<>(first);
        all.addAll(second);
        return CollectionValues.distinct(all);
    }

    /** All elements of all arrays, in order; NULL if one is NULL. */
    public static List<Object> arrayConcat(List<?>... arrays) {
        List<Object> result = new ArrayList<>();
        for (List<?> array : arrays) {
            if (array == null) {
                return null;
            }
            result.addAll(array);
        }
        return result;
    }

    /** The distinct elements of {@code first} that {@code second} lacks, in {@code first}'s order. */
    public static List<Object> arrayExcept(List<?> first, List<?> second) {
        if (first == null || second == null) {
            return null;
        }
        List<Object> result = new ArrayList<>();
        for (Object element : CollectionValues.distinct(first)) {
            if (CollectionValues.indexOf(second, element) < 0) {
                result.add(element);
            }
        }
        return result;
    }

    /** The distinct elements of {@code first} that {@code second} holds too, in {@code first}'s order. */
    public static List<Object> arrayIntersect(List<?> first, List<?> second) {
        if (first == null || second == null) {
            return null;
        }
        List<Object> result = new ArrayList<>();
        for (Object element : CollectionValues.distinct(first)) {
            if (CollectionValues.indexOf(second, element) >= 0) {
                result.add(element);
            }
        }
        return result;
    }

    /** The greatest non-NULL element; NULL for an array of none. */
    public static Object arrayMax(List<?> array) {
        return extreme(array, 1);
    }

    /** The least non-NULL element; NULL for an array of none. */
    public static Object arrayMin(List<?> array) {
        return extreme(array, -1);
    }

    private static Object extreme(List<?> array, int sign) {
        if (array == null) {
            return null;
        }
        Object best = null;
        for (Object element : array) {
            if (element != null && (best == null || sign * compare(element, best) > 0)) {
                best = element;
            }
        }
        return best;
    }

    /** The elements joined by {@code delimiter}, leaving NULL elements out. */
    public static String arrayJoin(List<?> array, String delimiter) {
        if (array == null || delimiter == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        boolean first = true;
        for (Object element : array) {
            if (element != null) {
                sb.append(first ? "" : delimiter).append(element);
                first = false;
            }
        }
        return sb.toString();
    }

    /** The elements joined by {@code delimiter}, a NULL element written as {@code nullReplacement}. */
    public static String arrayJoin(List<?> array, String delimiter, String nullReplacement) {
        if (array == null || delimiter == null || nullReplacement == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < array.size(); i++) {
            Object element = array.get(i);
            sb.append(i > 0 ? delimiter : "").append(element == null ? nullReplacement : element);
        }
        return sb.toString();
    }

    /**
     * The sole element of {@code array}, NULL if it is empty.
     *
     * @throws IllegalArgumentException with Flink's message when it has more than one
     */
    public static Object element(List<?> array) {
        if (array == null || array.isEmpty()) {
            return null;
        }
        if (array.size() > 1) {
            throw new IllegalArgumentException("Array has more than one element.");
        }
        return array.get(0);
    }

    public static List<Object> mapKeys(Map<?, ?> map) {
        return map == null ? null : new ArrayList<>(map.keySet());
    }

    public static List<Object> mapValues(Map<?, ?> map) {
        return map == null ? null : new ArrayList<>(map.values());
    }

    /** The entries as rows {@code (key, value)}. */
    public static List<Object> mapEntries(Map<?, ?> map) {
        if (map == null) {
            return null;
        }
        List<Object> entries = new ArrayList<>(map.size());
        for (Map.Entry<?, ?> e : map.entrySet()) {
            entries.add(new Object[] {e.getKey(), e.getValue()});
        }
        return entries;
    }

    /** The entries of all maps, a later map's value winning for a key that several have; NULL if one is NULL. */
    public static Map<Object, Object> mapUnion(Map<?, ?>... maps) {
        Map<Object, Object> result = new LinkedHashMap<>();
        for (Map<?, ?> map : maps) {
            if (map == null) {
                return null;
            }
            result.putAll(map);
        }
        return result;
    }

    /**
     * The map of {@code keys[i] → values[i]} (a later duplicate key wins).
     *
     * @throws IllegalArgumentException with Flink's message when the arrays' lengths differ
     */
    public static Map<Object, Object> mapFromArrays(List<?> keys, List<?> values) {
        if (keys == null || values == null) {
            return null;
        }
        if (keys.size() != values.size()) {
            throw new IllegalArgumentException("Invalid function MAP_FROM_ARRAYS call: The length of the keys array "
                    + keys.size() + " is not equal to the length of the values array " + values.size());
        }
        Map<Object, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keys.size(); i++) {
            map.put(keys.get(i), values.get(i));
        }
        return map;
    }

    /**
     * {@code text} split at each {@code delimiter} (a plain string, not a pattern), keeping empty
     * pieces; an empty delimiter splits between characters.
     */
    public static List<Object> split(String text, String delimiter) {
        if (text == null || delimiter == null) {
            return null;
        }
        List<Object> pieces = new ArrayList<>();
        if (delimiter.isEmpty()) {
            text.codePoints().forEach(c -> pieces.add(new String(Character.toChars(c))));
            return pieces;
        }
        int start = 0;
        for (int at = text.indexOf(delimiter); at >= 0; at = text.indexOf(delimiter, start)) {
            pieces.add(text.substring(start, at));
            start = at + delimiter.length();
        }
        pieces.add(text.substring(start));
        return pieces;
    }

    public static Map<Object, Object> strToMap(String text) {
        return strToMap(text, ",", "=");
    }

    /**
     * {@code text} split into entries at {@code entryDelimiter} and each entry into key and value at
     * the first {@code keyValueDelimiter} (both regular expressions, with Java's split, as Flink's
     * does): an entry without one has a NULL value, a later duplicate key wins.
     */
    public static Map<Object, Object> strToMap(String text, String entryDelimiter, String keyValueDelimiter) {
        if (text == null || entryDelimiter == null || keyValueDelimiter == null) {
            return null;
        }
        Map<Object, Object> map = new LinkedHashMap<>();
        if (text.isEmpty()) {
            return map;
        }
        for (String entry : text.split(entryDelimiter)) {
            String[] kv = entry.split(keyValueDelimiter, 2);
            map.put(kv[0], kv.length == 2 ? kv[1] : null);
        }
        return map;
    }

    /**
     * {@code CAST(collection AS STRING)}: Flink's text of the value ({@code [1, NULL]},
     * {@code {a=1}}), {@code type} being its type as {@link dev.runnel.runtime.types.DataType} spells it.
     */
    public static String toText(Object value, String type) {
        if (value == null) {
            return null;
        }
        return Values.toText(NestedBinaries.toInternal(value), DataTypeParser.cached(type));
    }
}
