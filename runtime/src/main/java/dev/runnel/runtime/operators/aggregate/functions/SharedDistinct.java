package dev.runnel.runtime.operators.aggregate.functions;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * DISTINCT calls over the same arguments, with different filters or functions
 * ({@code COUNT(DISTINCT bidder)}, {@code COUNT(DISTINCT bidder) FILTER (WHERE price < 10)}, …),
 * sharing one distinct view as Flink's distinct infos do: {@code argument values → one count per
 * call} (the rows of the value that reached that call). A row reads the view once for all of
 * them instead of once per call, and writes it only when a count the calls need changes (over
 * input without retractions, only a value's first row per call). Each call's own function sees
 * a value when it first reaches that call and, with retractions, loses it with its last row.
 */
final class SharedDistinct implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The indexes of the calls, in the handle's call order. */
    private final int[] members;
    private final int[] args;
    private final int width;
    private final boolean withRetraction;
    /** The index of the shared view among the handle's views. */
    private final int view;
    private final ViewSpec spec;

    SharedDistinct(List<AggregateCall> calls, int[] members, boolean withRetraction, int view, String name) {
        this.members = members.clone();
        AggregateCall first = calls.get(members[0]);
        this.args = first.args();
        this.withRetraction = withRetraction;
        this.view = view;
        int max = 0;
        for (int a : args) {
            max = Math.max(max, a + 1);
        }
        this.width = max;
        List<DataType> keyTypes = first.argTypes().stream().map(t -> t.withNullable(true)).toList();
        List<DataType> countTypes = Collections.nCopies(members.length, DataType.of(TypeRoot.BIGINT).notNull());
        this.spec = ViewSpec.of(name, Serializers.row(keyTypes), Serializers.row(countTypes));
    }

    /**
     * Groups the DISTINCT calls (whose distinctness matters) that read the same argument fields,
     * where a group has at least two; the calls in no group keep their own views.
     */
    static List<int[]> groups(List<AggregateCall> calls) {
        List<int[]> groups = new ArrayList<>();
        boolean[] taken = new boolean[calls.size()];
        for (int i = 0; i < calls.size(); i++) {
            if (taken[i] || !sharable(calls.get(i))) {
                continue;
            }
            List<Integer> group = new ArrayList<>(List.of(i));
            for (int j = i + 1; j < calls.size(); j++) {
                if (!taken[j] && sharable(calls.get(j)) && java.util.Arrays.equals(calls.get(i).args(), calls.get(j).args())) {
                    group.add(j);
                    taken[j] = true;
                }
            }
            if (group.size() > 1) {
                groups.add(group.stream().mapToInt(Integer::intValue).toArray());
            }
        }
        return groups;
    }

    private static boolean sharable(AggregateCall call) {
        return call.distinct() && AggregateFunctions.distinctMatters(call);
    }

    /** The calls sharing the view. */
    int[] members() {
        return members.clone();
    }

    ViewSpec viewSpec() {
        return spec;
    }

    /** Accumulates {@code input} into the members whose filter it passes. */
    void accumulate(AggregatesHandle handle, Object[] acc, Row input, ViewSource views) {
        if (!anyPasses(handle, input)) {
            return;
        }
        Row key = key(input);
        MapView<Object, Object> counts = views.view(view);
        long[] c = read(counts.get(key));
        boolean changed = false;
        for (int m = 0; m < members.length; m++) {
            if (!handle.passes(members[m], input)) {
                continue;
            }
            if (c[m] == 0) {
                handle.function(members[m]).accumulate(handle.slice(acc, members[m], views), input);
                c[m] = 1;
                changed = true;
            } else if (withRetraction) {
                c[m]++;
                changed = true;
            }
        }
        if (changed) {
            counts.put(key, write(c));
        }
    }

    /** Takes back {@code input} from the members whose filter it passes. */
    void retract(AggregatesHandle handle, Object[] acc, Row input, ViewSource views) {
        if (!anyPasses(handle, input)) {
            return;
        }
        Row key = key(input);
        MapView<Object, Object> counts = views.view(view);
        Object stored = counts.get(key);
        if (stored == null) {
            return;
        }
        long[] c = read(stored);
        boolean any = false;
        for (int m = 0; m < members.length; m++) {
            if (handle.passes(members[m], input) && c[m] > 0 && --c[m] == 0) {
                handle.function(members[m]).retract(handle.slice(acc, members[m], views), input);
            }
            any |= c[m] > 0;
        }
        if (any) {
            counts.put(key, write(c));
        } else {
            counts.remove(key);
        }
    }

    /** Folds {@code other}'s values into {@code acc}: each member sees the values new to it. */
    void merge(AggregatesHandle handle, Object[] acc, ViewSource views, ViewSource otherViews) {
        MapView<Object, Object> counts = views.view(view);
        for (Map.Entry<Object, Object> e : otherViews.view(view).entries()) {
            Row key = (Row) e.getKey();
            long[] theirs = read(e.getValue());
            long[] c = read(counts.get(key));
            for (int m = 0; m < members.length; m++) {
                if (theirs[m] == 0) {
                    continue;
                }
                if (c[m] == 0) {
                    handle.function(members[m]).accumulate(handle.slice(acc, members[m], views), input(key));
                }
                c[m] = withRetraction ? c[m] + theirs[m] : 1;
            }
            counts.put(key, write(c));
        }
    }

    private boolean anyPasses(AggregatesHandle handle, Row input) {
        for (int member : members) {
            if (handle.passes(member, input)) {
                return true;
            }
        }
        return false;
    }

    private Row key(Row input) {
        return DistinctFunction.key(input, args);
    }

    private Row input(Row key) {
        return DistinctFunction.input(key, args, width);
    }

    private long[] read(Object stored) {
        long[] c = new long[members.length];
        if (stored != null) {
            Row row = (Row) stored;
            for (int m = 0; m < members.length; m++) {
                c[m] = (Long) row.getField(m);
            }
        }
        return c;
    }

    private static Row write(long[] c) {
        Object[] fields = new Object[c.length];
        for (int m = 0; m < c.length; m++) {
            fields[m] = c[m];
        }
        return Row.of(fields);
    }
}
