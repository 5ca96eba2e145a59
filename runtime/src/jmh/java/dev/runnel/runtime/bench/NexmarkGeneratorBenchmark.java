package dev.runnel.runtime.bench;

import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.connector.nexmark.NexmarkConnectorFactory;
import dev.runnel.runtime.connector.nexmark.NexmarkGenerator;
import dev.runnel.runtime.connector.nexmark.NexmarkSchema;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.source.SourceReader;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.Watermark;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The Nexmark generator on one core: {@code generate} makes events with {@link NexmarkGenerator}
 * alone; {@code sourceReader} polls the {@code nexmark} connector's reader (unthrottled,
 * unbounded), which wraps each event in a row and emits a batch per poll, into an output
 * that drops the rows. Operations are events.
 */
@State(Scope.Thread)
public class NexmarkGeneratorBenchmark extends ShortRuns {
    private NexmarkGenerator generator;
    private long next;
    private SourceReader reader;
    private Output output;

    @Setup
    public void setUp(Blackhole blackhole) throws Exception {
        generator = new NexmarkGenerator(BenchRows.NEXMARK);
        reader = new NexmarkConnectorFactory()
                .createSource(new TableContext("nexmark", NexmarkSchema.ROW_TYPE, Map.of()))
                .createReader(0, 1);
        output = new Output() {
            @Override
            public void collect(Row row) {
                blackhole.consume(row);
            }

            @Override
            public void emitWatermark(Watermark watermark) {
                blackhole.consume(watermark);
            }

            @Override
            public void flush() {
            }
        };
    }

    @TearDown
    public void tearDown() throws Exception {
        reader.close();
    }

    @Benchmark
    public Object[] generate() {
        return generator.event(next++);
    }

    /** One poll emits one batch of events. */
    @Benchmark
    @OperationsPerInvocation(RowBatch.DEFAULT_CAPACITY)
    public Object sourceReader() throws Exception {
        return reader.pollNext(output);
    }
}
