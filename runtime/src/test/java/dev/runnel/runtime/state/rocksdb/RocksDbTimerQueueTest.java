package dev.runnel.runtime.state.rocksdb;

import dev.runnel.runtime.cluster.RuntimeOptions;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.state.KeyedStateBackends;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.state.StateOptions;
import dev.runnel.runtime.state.backend.TimerQueue;
import dev.runnel.runtime.testing.ManualProcessingTimeService;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The RocksDB timer queue against an ordered set: new timers wait in memory until a snapshot
 * persists them, spill beyond {@link RocksDbTimerQueue#PENDING_LIMIT}, and a timer both stored
 * and pending (added again after a snapshot) fires once.
 */
class RocksDbTimerQueueTest {
    private static final Comparator<long[]> ORDER = Comparator.<long[]>comparingLong(t -> t[0]).thenComparingLong(t -> t[1]);
    private static final byte[] NO_NAMESPACE = new byte[0];
    private RocksDbKeyedStateBackend backend;
    private RocksDbTimerQueue queue;

    @BeforeEach
    void open() {
        Configuration config = new Configuration();
        config.set(StateOptions.STATE_BACKEND, KeyedStateBackends.ROCKSDB);
        int maxParallelism = config.get(RuntimeOptions.MAX_PARALLELISM);
        backend = (RocksDbKeyedStateBackend) KeyedStateBackends.create(new KeyedStateBackends.Parameters("test-job",
                "test-op", 0, 1, maxParallelism, config, Serializers.row(List.of(DataType.of(TypeRoot.BIGINT))),
                new ManualProcessingTimeService(0), List.of()));
        queue = (RocksDbTimerQueue) backend.createTimerQueue("t", true);
    }

    @AfterEach
    void close() {
        backend.close();
    }

    private void add(long time, int key) {
        queue.add(time, 0, new byte[] {(byte) key}, 1, NO_NAMESPACE, 0);
    }

    private void remove(long time, int key) {
        queue.remove(time, 0, new byte[] {(byte) key}, 1, NO_NAMESPACE, 0);
    }

    private List<String> takeUpTo(long time) {
        List<String> fired = new ArrayList<>();
        for (TimerQueue.TimerEntry e = queue.pollUpTo(time); e != null; e = queue.pollUpTo(time)) {
            fired.add(e.timestamp() + "/" + e.key()[0]);
        }
        return fired;
    }

    private static List<String> takeUpTo(TreeSet<long[]> model, long time) {
        List<String> fired = new ArrayList<>();
        while (!model.isEmpty() && model.first()[0] <= time) {
            long[] t = model.pollFirst();
            fired.add(t[0] + "/" + t[1]);
        }
        return fired;
    }

    @Test
    void timersAddedAgainAfterASnapshotStoredThemFireOnce() {
        add(10, 1);
        add(20, 2);
        queue.persist();
        add(10, 1);
        add(5, 3);

        assertThat(queue.earliest()).isEqualTo(5);
        assertThat(takeUpTo(15)).containsExactly("5/3", "10/1");
        queue.persist();
        remove(20, 2);
        assertThat(takeUpTo(Long.MAX_VALUE)).isEmpty();
        assertThat(queue.earliest()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void manyTimersWithSnapshotsAndSpillsInBetweenFireAsAnOrderedSetWould() {
        TreeSet<long[]> model = new TreeSet<>(ORDER);
        Random random = new Random(11);
        long watermark = 0;
        int fired = 0;
        for (int round = 0; round < 30; round++) {
            // Some rounds add more than the queue keeps pending, so that the latest spill to RocksDB.
            int adds = round % 7 == 3 ? RocksDbTimerQueue.PENDING_LIMIT + 500 : 300;
            for (int i = 0; i < adds; i++) {
                long time = watermark + 1 + random.nextInt(5_000);
                int key = random.nextInt(100);
                long[] existing = model.ceiling(new long[] {time, key});
                if (random.nextInt(6) == 0 && existing != null) {
                    remove(existing[0], (int) existing[1]);
                    model.remove(existing);
                } else {
                    add(time, key);
                    model.add(new long[] {time, key});
                }
            }
            if (round % 3 == 0) {
                queue.persist();
            }
            watermark += random.nextInt(400);
            List<String> expected = takeUpTo(model, watermark);
            assertThat(takeUpTo(watermark)).as("round %d", round).containsExactlyElementsOf(expected);
            fired += expected.size();
        }
        assertThat(fired).isGreaterThan(1_000);
        assertThat(takeUpTo(Long.MAX_VALUE)).containsExactlyElementsOf(takeUpTo(model, Long.MAX_VALUE));
    }
}
