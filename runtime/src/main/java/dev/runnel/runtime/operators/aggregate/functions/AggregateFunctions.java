package dev.runnel.runtime.operators.aggregate.functions;

/** Creates the {@link AggregateFunction} of an {@link AggregateCall}. */
public final class AggregateFunctions {
    private AggregateFunctions() {
    }

    /**
     * The function for {@code call}.
     *
     * @param withRetraction whether the input may retract rows (-U/-D); MIN, MAX, FIRST_VALUE,
     *                       LAST_VALUE, LISTAGG and the JSON aggregates then keep their values in
     *                       map views, and every
     *                       function supports {@link AggregateFunction#retract}
     */
    public static AggregateFunction create(AggregateCall call, boolean withRetraction) {
        AggregateFunction f = switch (call.kind()) {
            case COUNT_STAR, COUNT -> new CountFunction(call);
            case SUM -> new SumFunction(call, false);
            case SUM0 -> new SumFunction(call, true);
            case AVG -> new AvgFunction(call);
            case MIN -> new MinMaxFunction(call, false, withRetraction);
            case MAX -> new MinMaxFunction(call, true, withRetraction);
            case FIRST_VALUE -> new FirstLastValueFunction(call, false, withRetraction);
            case LAST_VALUE -> new FirstLastValueFunction(call, true, withRetraction);
            case LISTAGG -> new ListAggFunction(call, withRetraction);
            case ARRAY_AGG, ARRAY_AGG_IGNORE_NULLS ->
                    new ArrayAggFunction(call, call.kind() == AggregateKind.ARRAY_AGG_IGNORE_NULLS, withRetraction);
            case COLLECT -> new CollectFunction(call, withRetraction);
            case WELFORD_M2 -> new WelfordM2Function(call);
            case JSON_ARRAYAGG_ABSENT_ON_NULL -> new JsonArrayAggFunction(call, true, withRetraction);
            case JSON_ARRAYAGG_NULL_ON_NULL -> new JsonArrayAggFunction(call, false, withRetraction);
            case JSON_OBJECTAGG_NULL_ON_NULL -> new JsonObjectAggFunction(call, false, withRetraction);
            case JSON_OBJECTAGG_ABSENT_ON_NULL -> new JsonObjectAggFunction(call, true, withRetraction);
            case SINGLE_VALUE -> new SingleValueFunction(call);
        };
        return call.distinct() && distinctMatters(call) ? new DistinctFunction(call, f, withRetraction) : f;
    }

    /** Whether DISTINCT changes the call's result: MIN/MAX of distinct values are MIN/MAX of all values. */
    static boolean distinctMatters(AggregateCall call) {
        return call.kind() != AggregateKind.MIN && call.kind() != AggregateKind.MAX;
    }
}
