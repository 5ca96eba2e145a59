package dev.runnel.planner.eventtime;

import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.connector.ConnectorFactory;
import dev.runnel.runtime.connector.ConnectorOptions;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.Watermark;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A test-only sink ({@code 'connector' = 'test-recording', 'name' = '…'}) that records what
 * reaches it, in order: rows and {@link Watermark}s, under its name, for every subtask together.
 */
public final class RecordingSinkFactory implements ConnectorFactory {
    static final ConfigOption<String> NAME = ConfigOption.of("name", String.class, null, "Where the elements are recorded.");
    private static final Map<String, List<Object>> RECORDED = new ConcurrentHashMap<>();

    /** What the sink called {@code name} received so far. */
    static List<Object> recorded(String name) {
        return RECORDED.getOrDefault(name, List.of());
    }

    @Override
    public String identifier() {
        return "test-recording";
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(NAME);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(ConnectorOptions.SINK_PARALLELISM);
    }

    @Override
    public OperatorFactory createSink(TableContext table) {
        return new Sink(table.options().get("name"));
    }

    record Sink(String recordAs) implements OperatorFactory {
        @Override
        public String name() {
            return "RecordingSink(" + recordAs + ")";
        }

        @Override
        public Operator create() {
            List<Object> into = RECORDED.computeIfAbsent(recordAs, n -> java.util.Collections.synchronizedList(new java.util.ArrayList<>()));
            return new AbstractOperator() {
                @Override
                public void processBatch(RowBatch batch, int input) {
                    for (Row row : batch) {
                        into.add(row);
                    }
                }

                @Override
                public void processWatermark(Watermark watermark) {
                    into.add(watermark);
                }
            };
        }
    }
}
