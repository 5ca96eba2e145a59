package dev.runnel.sql.parser.dql;

/**
 * An extra detail that {@code EXPLAIN detail[, detail]* statement} asks for, named as in
 * Flink's {@code ExplainDetail}.
 */
public enum SqlExplainDetail {
  /** The estimated row count and cumulative cost of every physical operator. */
  ESTIMATED_COST,
  /** The changelog mode ({@code [I]}, {@code [I,UB,UA,D]}) every physical operator produces. */
  CHANGELOG_MODE,
  /** The job graph (vertices, chained operators, edges) as JSON. */
  JSON_EXECUTION_PLAN
}
