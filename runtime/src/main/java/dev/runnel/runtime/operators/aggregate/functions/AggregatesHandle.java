package dev.runnel.runtime.operators.aggregate.functions;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;

import java.io.Serializable;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * All aggregate calls of one operator over one shared accumulator, for the group, window and
 * OVER aggregate operators: the accumulators of the calls are laid out one after the other in
 * one {@code Object[]} (storable as a row of {@link #accumulatorTypes()} with
 * {@link dev.runnel.runtime.state.Serializers#row(List)}), and their map views are numbered
 * one after the other ({@link #views()}, names unique within the operator).
 *
 * <p>It applies FILTER: a call with a filter argument ignores input rows where that field is
 * not TRUE (in accumulate and retract alike). Serializable and stateless: create it in the
 * planner, ship it in the operator factory, share it across keys.
 *
 * <pre>{@code
 * Object[] acc = handle.createAccumulators();        // per key, or read from state
 * handle.accumulate(acc, row, views);                // +I / +U rows
 * handle.retract(acc, row, views);                   // -U / -D rows (needs withRetraction)
 * Object[] results = handle.getValues(acc, views);   // one value per call, in call order
 * }</pre>
 */
public final class AggregatesHandle implements Serializable {
    private final List<AggregateCall> calls;
    private final List<AggregateFunction> functions;
    private final boolean withRetraction;
    private final int[] fieldOffsets;
    private final int[] viewOffsets;
    private final List<DataType> accumulatorTypes;
    private final List<ViewSpec> views;
    private final List<DataType> resultTypes;
    /** DISTINCT calls over the same arguments that share one view; their functions are the calls' own. */
    private final List<SharedDistinct> sharedDistincts;
    /** Per call, whether it is in one of {@link #sharedDistincts}. */
    private final boolean[] shared;

    /**
     * @param withRetraction whether the input may carry retractions (-U/-D); see
     *                       {@link AggregateFunctions#create}
     */
    public AggregatesHandle(List<AggregateCall> calls, boolean withRetraction) {
        this.calls = List.copyOf(calls);
        this.withRetraction = withRetraction;
        List<int[]> groups = SharedDistinct.groups(this.calls);
        this.shared = new boolean[this.calls.size()];
        for (int[] group : groups) {
            for (int member : group) {
                shared[member] = true;
            }
        }
        List<AggregateFunction> created = new ArrayList<>();
        for (int i = 0; i < this.calls.size(); i++) {
            AggregateCall c = this.calls.get(i);
            // a shared call's function sees each value once: the shared view does what DISTINCT does
            created.add(AggregateFunctions.create(shared[i] ? new AggregateCall(c.kind(), c.args(), c.argTypes(),
                    c.resultType(), false, c.filterArg(), c.name()) : c, withRetraction));
        }
        this.functions = List.copyOf(created);
        this.fieldOffsets = new int[functions.size()];
        this.viewOffsets = new int[functions.size()];
        List<DataType> types = new ArrayList<>();
        List<ViewSpec> allViews = new ArrayList<>();
        for (int i = 0; i < functions.size(); i++) {
            fieldOffsets[i] = types.size();
            viewOffsets[i] = allViews.size();
            types.addAll(functions.get(i).accumulatorTypes());
            for (ViewSpec v : functions.get(i).views()) {
                allViews.add(v.prefixed("agg" + i + "_"));
            }
        }
        List<SharedDistinct> sharing = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
            SharedDistinct group = new SharedDistinct(this.calls, groups.get(g), withRetraction, allViews.size(),
                    "distinct" + g + "_shared");
            sharing.add(group);
            allViews.add(group.viewSpec());
        }
        this.sharedDistincts = List.copyOf(sharing);
        this.accumulatorTypes = Collections.unmodifiableList(types);
        this.views = Collections.unmodifiableList(allViews);
        this.resultTypes = this.calls.stream().map(AggregateCall::resultType).toList();
    }

    public List<AggregateCall> calls() {
        return calls;
    }

    public boolean withRetraction() {
        return withRetraction;
    }

    /** The types of the accumulator fields of all calls, in layout order. */
    public List<DataType> accumulatorTypes() {
        return accumulatorTypes;
    }

    /** The map views of all calls; their index is what {@link ViewSource#view} receives. */
    public List<ViewSpec> views() {
        return views;
    }

    /** The types of {@link #getValues}, in call order. */
    public List<DataType> resultTypes() {
        return resultTypes;
    }

    /** Empty accumulators for all calls (the views, if any, must be empty too). */
    public Object[] createAccumulators() {
        Object[] acc = new Object[accumulatorTypes.size()];
        for (int i = 0; i < functions.size(); i++) {
            functions.get(i).init(slice(acc, i, ViewSource.NONE));
        }
        return acc;
    }

    public void accumulate(Object[] acc, Row input, ViewSource views) {
        for (int i = 0; i < functions.size(); i++) {
            if (!shared[i] && passes(i, input)) {
                functions.get(i).accumulate(slice(acc, i, views), input);
            }
        }
        for (SharedDistinct group : sharedDistincts) {
            group.accumulate(this, acc, input, views);
        }
    }

    /** Takes back {@code input}, a row accumulated earlier. Needs a handle created with retraction. */
    public void retract(Object[] acc, Row input, ViewSource views) {
        for (int i = 0; i < functions.size(); i++) {
            if (!shared[i] && passes(i, input)) {
                functions.get(i).retract(slice(acc, i, views), input);
            }
        }
        for (SharedDistinct group : sharedDistincts) {
            group.retract(this, acc, input, views);
        }
    }

    /** Folds {@code other} (with its views) into {@code acc}, as if its rows came after {@code acc}'s. */
    public void merge(Object[] acc, ViewSource views, Object[] other, ViewSource otherViews) {
        for (int i = 0; i < functions.size(); i++) {
            if (!shared[i]) {
                functions.get(i).merge(slice(acc, i, views), slice(other, i, otherViews));
            }
        }
        for (SharedDistinct group : sharedDistincts) {
            group.merge(this, acc, views, otherViews);
        }
    }

    /**
     * One result per call, in call order. A DECIMAL result has exactly its type's scale, however
     * the state backend stored it (state normalizes 1.50 to 1.5), so results compare by value.
     */
    public Object[] getValues(Object[] acc, ViewSource views) {
        Object[] results = new Object[functions.size()];
        for (int i = 0; i < functions.size(); i++) {
            Object value = functions.get(i).getValue(slice(acc, i, views));
            DataType type = calls.get(i).resultType();
            if (value instanceof BigDecimal d && type.root() == TypeRoot.DECIMAL && d.scale() != type.scale()) {
                value = d.setScale(type.scale(), RoundingMode.HALF_UP);
            }
            results[i] = value;
        }
        return results;
    }

    /**
     * What of the state layout the operator's state signature must tell apart: whether DISTINCT
     * calls share views ({@link SharedDistinct}; state of unshared views cannot fill them, so a
     * savepoint taken before they were shared must not restore silently). Empty otherwise.
     */
    public String stateLayout() {
        return sharedDistincts.isEmpty() ? "" : ", shared distinct views";
    }

    /** The function of call {@code call}. */
    AggregateFunction function(int call) {
        return functions.get(call);
    }

    /** Whether {@code input} reaches call {@code call}: it has no filter, or its filter field is TRUE. */
    boolean passes(int call, Row input) {
        int filter = calls.get(call).filterArg();
        return filter < 0 || Boolean.TRUE.equals(input.getField(filter));
    }

    /** Call {@code call}'s part of the accumulators {@code acc} and of the views. */
    Accumulator slice(Object[] acc, int call, ViewSource views) {
        int offset = fieldOffsets[call];
        int viewOffset = viewOffsets[call];
        return new Accumulator() {
            @Override
            public Object get(int field) {
                return acc[offset + field];
            }

            @Override
            public void set(int field, Object value) {
                acc[offset + field] = value;
            }

            @Override
            public MapView<Object, Object> view(int index) {
                return views.view(viewOffset + index);
            }
        };
    }
}
