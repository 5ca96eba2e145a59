package dev.runnel.planner.validate;

import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql.validate.SqlDelegatingConformance;

/**
 * Flink's SQL conformance: standard SQL plus {@code !=} and {@code %}; an {@code INSERT} must
 * provide every column of its target (no NULL-filling of missing columns).
 */
public final class RunnelConformance extends SqlDelegatingConformance {
    public static final RunnelConformance INSTANCE = new RunnelConformance();

    private RunnelConformance() {
        super(SqlConformanceEnum.DEFAULT);
    }

    @Override
    public boolean isBangEqualAllowed() {
        return true;
    }

    @Override
    public boolean isPercentRemainderAllowed() {
        return true;
    }

    @Override
    public boolean isSortByOrdinal() {
        return true;
    }

    @Override
    public boolean isMinusAllowed() {
        return true;
    }

    @Override
    public boolean isInsertSubsetColumnsAllowed() {
        return false;
    }
}
