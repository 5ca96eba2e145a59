package dev.runnel.runtime.operators.aggregate;

import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The local phase of a two-phase group aggregation (Flink's {@code LocalGroupAggregate}), in
 * front of the shuffle: it accumulates its subtask's rows per group key in memory for one
 * mini-batch and emits one partial row per key, {@code key fields, accumulators, row count},
 * which the global phase ({@link #global}) merges into its state. It keeps no state: what it
 * holds goes downstream when the mini-batch is full or its latency is up, before a watermark,
 * before a checkpoint barrier and at the end of input.
 *
 * <p>Retractions (-U/-D) are taken back from the partial accumulators, so a partial's row count
 * may be negative: it is the change of the group's row count that the subtask saw.
 *
 * @param groupKeys  the input fields of the group key (empty for an aggregate without GROUP BY)
 * @param keyTypes   their types
 * @param aggregates the aggregate calls, all without map views (see {@link #supports})
 * @param miniBatch  when the buffer is emitted
 */
public record LocalGroupAggregateOperatorFactory(String name, int[] groupKeys, List<DataType> keyTypes,
                                                 AggregatesHandle aggregates, MiniBatchSettings miniBatch)
        implements OperatorFactory {
    public LocalGroupAggregateOperatorFactory {
        Objects.requireNonNull(name, "name");
        groupKeys = groupKeys.clone();
        keyTypes = List.copyOf(keyTypes);
        Objects.requireNonNull(aggregates, "aggregates");
        Objects.requireNonNull(miniBatch, "miniBatch");
        if (!supports(aggregates)) {
            throw new IllegalArgumentException("Local group aggregate " + name
                    + ": its calls cannot be pre-aggregated (map views, or retraction of " + aggregates.calls() + ")");
        }
    }

    /**
     * Whether the calls of {@code aggregates} can take two phases: none keeps a map view (its
     * entries cannot travel in a partial row), and over a retracting input each is a sum of its
     * rows' contributions (COUNT, SUM, SUM0, AVG), whose partials with negative counts merge
     * exactly.
     */
    public static boolean supports(AggregatesHandle aggregates) {
        if (!aggregates.views().isEmpty()) {
            return false;
        }
        return !aggregates.withRetraction() || aggregates.calls().stream().allMatch(call -> switch (call.kind()) {
            case COUNT_STAR, COUNT, SUM, SUM0, AVG -> !call.distinct();
            default -> false;
        });
    }

    @Override
    public int[] groupKeys() {
        return groupKeys.clone();
    }

    /** The partial rows it emits: the key fields, the accumulators, the change of the row count. */
    public RowType outputType() {
        List<RowType.Field> fields = new ArrayList<>();
        for (int i = 0; i < keyTypes.size(); i++) {
            fields.add(new RowType.Field("key$" + i, keyTypes.get(i)));
        }
        List<DataType> accumulators = aggregates.accumulatorTypes();
        for (int i = 0; i < accumulators.size(); i++) {
            fields.add(new RowType.Field("acc$" + i, accumulators.get(i)));
        }
        fields.add(new RowType.Field("count$", DataType.of(TypeRoot.BIGINT).notNull()));
        return new RowType(fields);
    }

    /**
     * The global phase that merges these partial rows into the state of the aggregation they
     * replace: keyed by the partial rows' first fields, with its calls, emitting its changelog.
     * Mini-batch buffers its input too (Flink's {@code GlobalGroupAggregate} does).
     */
    public GlobalGroupAggregateOperatorFactory global(String globalName) {
        int[] keys = new int[groupKeys.length];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = i;
        }
        return new GlobalGroupAggregateOperatorFactory(
                new GroupAggregateOperatorFactory(globalName, keys, keyTypes, aggregates, miniBatch));
    }

    @Override
    public String stateSignature() {
        return name;
    }

    @Override
    public Operator create() {
        return new LocalGroupAggregateOperator(this);
    }
}
