package dev.runnel.runtime.operators.aggregate.functions;

/**
 * The aggregate functions the runtime implements, named as in Flink SQL. {@link #COUNT_STAR}
 * is {@code COUNT(*)} (no argument); {@link #SUM0} is Calcite's {@code $SUM0}, a SUM that is 0
 * instead of NULL over no rows, which Calcite's decompositions (split aggregates) produce.
 * {@link #WELFORD_M2} is Flink's internal sum of squared deviations, which the planner rewrites
 * STDDEV_POP, STDDEV_SAMP, VAR_POP and VAR_SAMP into; the JSON aggregates come in Flink's two
 * NULL-clause variants.
 */
public enum AggregateKind {
    COUNT_STAR,
    COUNT,
    SUM,
    SUM0,
    AVG,
    MIN,
    MAX,
    FIRST_VALUE,
    LAST_VALUE,
    LISTAGG,
    /** {@code ARRAY_AGG(x)} and {@code ARRAY_AGG(x RESPECT NULLS)}: NULL values are elements. */
    ARRAY_AGG,
    /** {@code ARRAY_AGG(x IGNORE NULLS)}. */
    ARRAY_AGG_IGNORE_NULLS,
    COLLECT,
    WELFORD_M2,
    JSON_ARRAYAGG_ABSENT_ON_NULL,
    JSON_ARRAYAGG_NULL_ON_NULL,
    JSON_OBJECTAGG_NULL_ON_NULL,
    JSON_OBJECTAGG_ABSENT_ON_NULL,
    /** The value of the only row (scalar sub-queries); a second row is an error. */
    SINGLE_VALUE
}
