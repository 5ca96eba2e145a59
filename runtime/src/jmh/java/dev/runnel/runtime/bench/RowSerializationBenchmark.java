package dev.runnel.runtime.bench;

import dev.runnel.runtime.connector.nexmark.NexmarkSchema;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.state.TypeSerializer;
import dev.runnel.runtime.state.backend.ByteArrayDataInput;
import dev.runnel.runtime.state.backend.ByteArrayDataOutput;
import java.io.IOException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The row serializer of state (and of a future network exchange), {@link Serializers#row}, on
 * Nexmark bid rows (3 BIGINT, 2 STRING, a TIMESTAMP and the padding string {@code extra}):
 * serialize into a reused buffer, deserialize from bytes, and both. Operations are rows.
 */
@State(Scope.Thread)
public class RowSerializationBenchmark extends ShortRuns {
    private static final int ROWS = 1024;

    private final TypeSerializer<Row> serializer = Serializers.row(NexmarkSchema.BID.rowType());
    private final ByteArrayDataOutput out = new ByteArrayDataOutput(256);
    private final ByteArrayDataInput in = new ByteArrayDataInput();
    private Row[] bids;
    private byte[][] serialized;
    private int next;

    @Setup
    public void setUp() throws IOException {
        bids = BenchRows.bids(ROWS);
        serialized = new byte[ROWS][];
        for (int i = 0; i < ROWS; i++) {
            out.clear();
            serializer.serialize(bids[i], out);
            serialized[i] = out.toByteArray();
        }
    }

    private int nextIndex() {
        next = (next + 1) & (ROWS - 1);
        return next;
    }

    @Benchmark
    public int serialize() throws IOException {
        out.clear();
        serializer.serialize(bids[nextIndex()], out);
        return out.length();
    }

    @Benchmark
    public Row deserialize() throws IOException {
        return serializer.deserialize(in.reset(serialized[nextIndex()]));
    }

    @Benchmark
    public Row roundTrip() throws IOException {
        out.clear();
        serializer.serialize(bids[nextIndex()], out);
        return serializer.deserialize(in.reset(out.buffer(), 0, out.length()));
    }
}
