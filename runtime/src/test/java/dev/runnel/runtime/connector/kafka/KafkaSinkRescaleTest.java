package dev.runnel.runtime.connector.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.checkpoint.CheckpointOptions;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.connector.ConnectorFactories;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.testing.KafkaTestBroker;
import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.testing.OperatorSnapshot;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.RowType.Field;
import dev.runnel.runtime.types.TypeRoot;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The exactly-once Kafka sink across restores at other parallelisms, 1 → 3 → 2 → 1, each attempt
 * dying like a process (no close, its open transactions left open on the broker): a restored
 * subtask commits the transactions of the restored checkpoint that it owns, also those of
 * subtasks that no longer exist, and aborts every transaction the dead attempt left open, so that
 * a {@code read_committed} consumer sees each row exactly once and is never held up by an open
 * transaction.
 */
class KafkaSinkRescaleTest {
    @RegisterExtension
    static final KafkaTestBroker KAFKA = new KafkaTestBroker();

    private static final RowType ROWS = RowType.of(new Field("id", DataType.of(TypeRoot.BIGINT)));

    private static OperatorFactory sink(String topic) {
        TableContext table = new TableContext("default.out", ROWS, Map.of("connector", "kafka", "topic", topic,
                "properties.bootstrap.servers", KAFKA.bootstrapServers(), "format", "json",
                "sink.delivery-guarantee", "exactly-once", "sink.transactional-id-prefix", "rescale-" + topic));
        return ConnectorFactories.factoryFor(table).createSink(table);
    }

    /** One attempt of the sink at {@code parallelism}, each subtask restored from its share of {@code checkpoint}. */
    private static List<OperatorHarness> attempt(String topic, int parallelism, List<OperatorSnapshot> checkpoint)
            throws Exception {
        Configuration config = new Configuration();
        config.set(CheckpointOptions.INTERVAL.key(), "1 s");
        List<OperatorSnapshot> assigned = checkpoint == null ? null
                : OperatorSnapshot.redistribute(checkpoint, parallelism);
        List<OperatorHarness> subtasks = new ArrayList<>();
        for (int s = 0; s < parallelism; s++) {
            OperatorHarness h = OperatorHarness.of(sink(topic)).withConfiguration(config).withInputType(ROWS)
                    .asSubtask(s, parallelism);
            if (assigned != null) {
                h.withRestoredState(assigned.get(s));
            }
            subtasks.add(h.open());
        }
        return subtasks;
    }

    /** Rows {@code from … to - 1}, spread round robin over the subtasks. */
    private static void write(List<OperatorHarness> subtasks, long from, long to) throws Exception {
        for (long id = from; id < to; id++) {
            subtasks.get((int) (id % subtasks.size())).processRows(List.of(Row.of(id)));
        }
    }

    private static List<OperatorSnapshot> snapshot(List<OperatorHarness> subtasks, long checkpointId)
            throws Exception {
        List<OperatorSnapshot> snapshots = new ArrayList<>();
        for (OperatorHarness h : subtasks) {
            snapshots.add(h.snapshot(checkpointId));
        }
        return snapshots;
    }

    /**
     * Ends the attempt as a killed process does: nothing is flushed, committed or aborted. The
     * producers are closed at once only so that the test JVM does not keep their threads; a
     * forced close leaves the broker's transactions as they are.
     */
    private static void die(List<OperatorHarness> subtasks) throws Exception {
        for (OperatorHarness h : subtasks) {
            h.crash();
            TransactionalWriter writer = (TransactionalWriter) field(h.operator(), "transactions");
            @SuppressWarnings("unchecked")
            KafkaProducer<byte[], byte[]> current = (KafkaProducer<byte[], byte[]>) field(writer, "current");
            current.close(Duration.ZERO);
            writer.close(); // the pending ones, at once as well
        }
    }

    private static Object field(Object target, String name) throws ReflectiveOperationException {
        java.lang.reflect.Field field = target.getClass().getDeclaredField(name);
        field.setAccessible(true);
        return field.get(target);
    }

    /** The ids a read_committed consumer sees once no transaction is open any more, with repeats. */
    private static List<Long> committed(String topic) {
        return KAFKA.readCommittedWhenSettled(topic).stream().map(ConsumerRecord::value)
                .map(v -> Long.parseLong(v.replaceAll("[^0-9]", ""))).toList();
    }

    private static List<Long> ids(long from, long to) {
        return LongStream.range(from, to).boxed().toList();
    }

    @Test
    void everyRowIsCommittedOnceAcrossRestoresAtOneThreeTwoAndOneSubtasks() throws Exception {
        String topic = "rescaled";
        KAFKA.createTopic(topic, 3);

        // parallelism 1: checkpoint 1 completes, but the subtask dies before it hears so
        List<OperatorHarness> first = attempt(topic, 1, null);
        write(first, 0, 100);
        List<OperatorSnapshot> checkpoint1 = snapshot(first, 1);
        write(first, 100, 150); // in the open transaction of checkpoint 2, which never comes
        die(first);

        // parallelism 3: subtask 0 takes over the transaction of checkpoint 1 and commits it, and aborts
        // the one left open; the sources replay rows 100 … 149
        List<OperatorHarness> second = attempt(topic, 3, checkpoint1);
        assertThat(committed(topic)).containsExactlyInAnyOrderElementsOf(ids(0, 100));
        write(second, 100, 300);
        List<OperatorSnapshot> checkpoint2 = snapshot(second, 2);
        second.get(1).notifyCheckpointComplete(2); // only subtask 1 commits before all die
        write(second, 300, 360);
        die(second);

        // parallelism 2: subtask 0 owns the transactions of old subtasks 0 and 2, subtask 1 those of 1
        List<OperatorHarness> third = attempt(topic, 2, checkpoint2);
        assertThat(committed(topic)).containsExactlyInAnyOrderElementsOf(ids(0, 300));
        write(third, 300, 500);
        List<OperatorSnapshot> checkpoint3 = snapshot(third, 3);
        write(third, 500, 550);
        die(third);

        // parallelism 1 again, to the end of the input
        List<OperatorHarness> last = attempt(topic, 1, checkpoint3);
        assertThat(committed(topic)).containsExactlyInAnyOrderElementsOf(ids(0, 500));
        write(last, 500, 600);
        for (OperatorHarness h : last) {
            h.endInput();
            h.close();
        }
        assertThat(committed(topic)).containsExactlyInAnyOrderElementsOf(ids(0, 600));
    }
}
