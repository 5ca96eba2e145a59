package dev.runnel.runtime.connector.print;

import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.connector.ConnectorFactory;
import dev.runnel.runtime.connector.ConnectorOptions;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.OperatorFactory;
import java.util.EnumSet;
import java.util.Set;

/** Flink's {@code print} connector: a sink that prints every row to standard out (or error). */
public final class PrintConnectorFactory implements ConnectorFactory {
    public static final String IDENTIFIER = "print";

    public static final ConfigOption<String> PRINT_IDENTIFIER = ConfigOption.of("print-identifier", String.class, null,
            "A prefix for every printed line.");
    public static final ConfigOption<Boolean> STANDARD_ERROR = ConfigOption.of("standard-error", Boolean.class, false,
            "Print to standard error instead of standard out.");

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
        return Set.of(PRINT_IDENTIFIER, STANDARD_ERROR, ConnectorOptions.SINK_PARALLELISM);
    }

    @Override
    public void validate(TableContext table) {
        sinkParallelism(table);
    }

    @Override
    public OperatorFactory createSink(TableContext table) {
        Configuration options = new Configuration(table.options());
        return new PrintSink(table.tableName(), table.schema(), options.get(PRINT_IDENTIFIER),
                options.get(STANDARD_ERROR));
    }
}
