package dev.runnel.runtime.operators.aggregate.functions;

/**
 * The aggregate functions the runtime implements, named as in Flink SQL. {@link #COUNT_STAR}
 * is {@code COUNT(*)} (no argument); {@link #SUM0} is Calcite's {@code $SUM0}, a SUM that is 0
 * instead of NULL over no rows, which Calcite's decompositions (split aggregates) produce.
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
    COLLECT
}
