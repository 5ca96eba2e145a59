package dev.runnel.runtime.bench;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.network.ChannelSelector;
import dev.runnel.runtime.network.RecordWriter;
import dev.runnel.runtime.network.ResultPartition;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.StreamElement;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The producer side of a keyed exchange between subtasks: choosing the subpartition of each row
 * by its key (key hash, murmur, key group, subtask; {@link ChannelSelector} for HASH edges) and
 * batching rows per subpartition in a {@link RecordWriter}, over 4 subpartitions. There is no
 * network transport yet, so the batches end in a partition that drops them: this measures what
 * a keyed exchange costs before any bytes would move. Operations are rows.
 */
@State(Scope.Thread)
public class HashExchangeBenchmark extends ShortRuns {
    private static final int ROWS = 1024;
    private static final int CHANNELS = 4;
    private static final int MAX_PARALLELISM = 128;
    private static final int AUCTION = 0;
    private static final int CHANNEL = 3;

    private Row[] bids;
    private ChannelSelector byAuction;
    private ChannelSelector byChannelName;
    private RecordWriter hashWriter;
    private RecordWriter rebalanceWriter;

    @Setup
    public void setUp(Blackhole blackhole) {
        bids = BenchRows.bids(ROWS);
        byAuction = hash(AUCTION);
        byChannelName = hash(CHANNEL);
        hashWriter = new RecordWriter(new Dropping(blackhole), hash(AUCTION), RowBatch.DEFAULT_CAPACITY);
        rebalanceWriter = new RecordWriter(new Dropping(blackhole),
                ChannelSelector.of(new Partitioning.Rebalance(), CHANNELS, 0, MAX_PARALLELISM), RowBatch.DEFAULT_CAPACITY);
    }

    private static ChannelSelector hash(int keyField) {
        return ChannelSelector.of(new Partitioning.Hash(new int[] {keyField}), CHANNELS, 0, MAX_PARALLELISM);
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public void selectByBigintKey(Blackhole blackhole) {
        for (Row bid : bids) {
            blackhole.consume(byAuction.select(bid));
        }
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public void selectByStringKey(Blackhole blackhole) {
        for (Row bid : bids) {
            blackhole.consume(byChannelName.select(bid));
        }
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public void writeHashPartitioned() throws InterruptedException {
        for (Row bid : bids) {
            hashWriter.collect(bid);
        }
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public void writeRebalanced() throws InterruptedException {
        for (Row bid : bids) {
            rebalanceWriter.collect(bid);
        }
    }

    /** Subpartitions that drop what they are sent. */
    private record Dropping(Blackhole blackhole) implements ResultPartition {
        @Override
        public int numberOfSubpartitions() {
            return CHANNELS;
        }

        @Override
        public void emit(StreamElement element, int subpartition) {
            blackhole.consume(element);
        }

        @Override
        public void release() {
        }
    }
}
