package dev.runnel.runtime.connector.blackhole;

import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.connector.ConnectorFactory;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.OperatorFactory;
import java.util.EnumSet;
import java.util.Set;

/** Flink's {@code blackhole} connector: a sink that swallows every row, for benchmarks. */
public final class BlackholeConnectorFactory implements ConnectorFactory {
    public static final String IDENTIFIER = "blackhole";

    /** As in Flink: partitions need nothing from this sink, so it accepts PARTITIONED BY. */
    @Override
    public boolean supportsPartitioning() {
        return true;
    }

    /** Every kind of row: it shows (or drops) a changelog as it is. */
    @Override
    public Set<RowKind> sinkChangelogMode(TableContext table) {
        return EnumSet.allOf(RowKind.class);
    }

    @Override
    public String identifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of();
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of();
    }

    @Override
    public OperatorFactory createSink(TableContext table) {
        return new BlackholeSink(table.tableName());
    }
}
