package dev.runnel.sql.parser;

import org.apache.calcite.sql.validate.SqlConformance;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql.validate.SqlDelegatingConformance;

/**
 * The SQL conformance of Runnel: Calcite's standard {@link SqlConformanceEnum#DEFAULT} plus
 * the operators Flink SQL accepts ({@code !=}, {@code %}).
 *
 * <p>Why not {@link SqlConformanceEnum#LENIENT} or {@link SqlConformanceEnum#BABEL}: both allow
 * an INSERT without a column list to fill only the first columns of the target
 * ({@code isInsertSubsetColumnsAllowed}), so {@code INSERT INTO t SELECT a} into a two-column
 * table would validate; Flink rejects it, and so must we (in validation, with a position).
 * They also read {@code GROUP BY 1} as an ordinal and allow GROUP BY/HAVING on select aliases,
 * which would change the meaning of existing Flink scripts; Flink does neither.
 */
public final class RunnelSqlConformance extends SqlDelegatingConformance {

  public static final SqlConformance INSTANCE = new RunnelSqlConformance();

  private RunnelSqlConformance() {
    super(SqlConformanceEnum.DEFAULT);
  }

  @Override public boolean isBangEqualAllowed() {
    return true;
  }

  @Override public boolean isPercentRemainderAllowed() {
    return true;
  }

  @Override public boolean isInsertSubsetColumnsAllowed() {
    return false;
  }

  @Override public boolean isGroupByOrdinal() {
    return false;
  }

  @Override public boolean isGroupByAlias() {
    return false;
  }

  @Override public boolean isHavingAlias() {
    return false;
  }
}
