package dev.runnel.runtime.bench;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.connector.nexmark.NexmarkSchema;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.format.FormatFactory;
import dev.runnel.runtime.format.Formats;
import dev.runnel.runtime.format.RowDeserializer;
import dev.runnel.runtime.format.RowSerializer;
import java.nio.charset.StandardCharsets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The {@code json} format reading Nexmark events as the filesystem source does: one line of
 * UTF-8 bytes ({@code {"event_type":2,"person":null,"auction":null,"bid":{…}}}, written by the
 * format's own serializer) into a row of the {@code nexmark} table. Operations are events.
 */
@State(Scope.Thread)
public class JsonDeserializationBenchmark extends ShortRuns {
    private static final int EVENTS = 1024;

    private RowDeserializer deserializer;
    private byte[][] lines;
    private int next;

    @Setup
    public void setUp() {
        FormatFactory json = Formats.factory("json", "format");
        RowSerializer serializer = json.createSerializer(NexmarkSchema.ROW_TYPE, new Configuration());
        deserializer = json.createDeserializer(NexmarkSchema.ROW_TYPE, new Configuration());
        Row[] events = BenchRows.events(EVENTS);
        lines = new byte[EVENTS][];
        for (int i = 0; i < EVENTS; i++) {
            lines[i] = serializer.serialize(events[i]).getBytes(StandardCharsets.UTF_8);
        }
    }

    @Benchmark
    public Row deserializeLine() {
        next = (next + 1) & (EVENTS - 1);
        return deserializer.deserialize(lines[next]);
    }
}
