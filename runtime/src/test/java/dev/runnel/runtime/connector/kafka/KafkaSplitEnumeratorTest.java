package dev.runnel.runtime.connector.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.source.SplitEnumeratorContext;
import dev.runnel.runtime.testing.KafkaTestBroker;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The Kafka split enumerator against a real broker, with a context that runs its listings when
 * the test says: round-robin assignment to registered readers, new partitions from their earliest
 * offset, a bounded source's end, and a snapshot that hands nothing out twice after a restore.
 */
class KafkaSplitEnumeratorTest {
    @RegisterExtension
    static final KafkaTestBroker KAFKA = new KafkaTestBroker();

    /** Records what the enumerator sends; runs its listings on {@link #runListings()}. */
    private static final class Context implements SplitEnumeratorContext {
        final int parallelism;
        final Set<Integer> readers = new TreeSet<>();
        final Map<Integer, List<KafkaSplit>> assigned = new TreeMap<>();
        final Set<Integer> noMoreSplits = new TreeSet<>();
        final List<Runnable> listings = new ArrayList<>();
        Throwable failure;

        Context(int parallelism) {
            this.parallelism = parallelism;
        }

        @Override
        public int parallelism() {
            return parallelism;
        }

        @Override
        public Set<Integer> registeredReaders() {
            return readers;
        }

        @Override
        public void assignSplits(int subtask, List<? extends Serializable> splits) {
            assertThat(readers).contains(subtask);
            splits.forEach(s -> assigned.computeIfAbsent(subtask, k -> new ArrayList<>()).add((KafkaSplit) s));
        }

        @Override
        public void signalNoMoreSplits(int subtask) {
            noMoreSplits.add(subtask);
        }

        @Override
        public <T> void callAsync(Callable<T> callable, BiConsumer<T, Throwable> handler, long initialDelayMillis,
                                  long periodMillis) {
            Runnable[] listing = new Runnable[1];
            listing[0] = () -> {
                if (periodMillis <= 0) {
                    listings.remove(listing[0]); // runs once
                }
                try {
                    handler.accept(callable.call(), null);
                } catch (Exception e) {
                    handler.accept(null, e);
                }
            };
            listings.add(listing[0]);
        }

        /** Runs every listing asked for: the one-off ones once, the periodic ones each time. */
        void runListings() {
            List.copyOf(listings).forEach(Runnable::run);
        }

        @Override
        public void failJob(Throwable cause) {
            failure = cause;
        }

        /** The partitions assigned to {@code subtask}, as {@code topic-partition@start}. */
        List<String> of(int subtask) {
            return assigned.getOrDefault(subtask, List.of()).stream().map(s -> s.id() + "@" + s.next()).toList();
        }
    }

    /** A reader registers, as the JobManager registers it before telling the enumerator. */
    private static void register(Context context, KafkaSplitEnumerator enumerator, int subtask) {
        context.readers.add(subtask);
        enumerator.addReader(subtask);
    }

    private static KafkaSource source(String topics, String... more) {
        Map<String, String> options = new HashMap<>(Map.of("connector", "kafka", "topic", topics,
                "properties.bootstrap.servers", KAFKA.bootstrapServers(), "format", "json",
                "scan.startup.mode", "earliest-offset"));
        for (int i = 0; i < more.length; i += 2) {
            options.put(more[i], more[i + 1]);
        }
        RowType schema = RowType.of(new RowType.Field("id", DataType.of(TypeRoot.BIGINT)));
        return (KafkaSource) new KafkaConnectorFactory().createSource(new TableContext("t", schema, options));
    }

    @Test
    void partitionsGoRoundRobinToRegisteredReadersAndNewOnesStartAtTheirEarliestOffset() throws Exception {
        KAFKA.createTopic("enum-a", 3);
        Context context = new Context(2);
        KafkaSplitEnumerator enumerator = new KafkaSplitEnumerator(source("enum-a"), context, null);
        enumerator.start();
        register(context, enumerator, 1);
        context.runListings();

        assertThat(context.of(1)).as("subtask 1's, at once").containsExactly("enum-a-1@-1");
        assertThat(context.of(0)).as("subtask 0 has not registered").isEmpty();
        register(context, enumerator, 0);
        assertThat(context.of(0)).containsExactly("enum-a-0@-1", "enum-a-2@-1");

        KAFKA.addPartitions("enum-a", 4);
        context.runListings();
        assertThat(context.of(1)).containsExactly("enum-a-1@-1", "enum-a-3@" + KafkaSplit.EARLIEST);
        context.runListings();
        assertThat(context.assigned.values().stream().mapToInt(List::size).sum()).as("nothing twice").isEqualTo(4);
        assertThat(context.noMoreSplits).as("an unbounded source never ends its readers").isEmpty();
        assertThat(context.failure).isNull();
    }

    @Test
    void aRestoredEnumeratorHandsOutOnlyWhatItHadNotAndABoundedOneEndsItsReaders() throws Exception {
        KAFKA.createTopic("enum-b", 3);
        Context before = new Context(3);
        KafkaSource bounded = source("enum-b", "scan.bounded.mode", "latest-offset");
        KafkaSplitEnumerator enumerator = new KafkaSplitEnumerator(bounded, before, null);
        enumerator.start();
        register(before, enumerator, 0);
        before.runListings();
        assertThat(before.of(0)).containsExactly("enum-b-0@-1");
        assertThat(before.noMoreSplits).containsExactly(0);
        byte[] snapshot = enumerator.snapshotState(1);

        // restored at parallelism 2: partitions 1 and 2 were never handed out
        Context after = new Context(2);
        KafkaSplitEnumerator restored = new KafkaSplitEnumerator(bounded, after, snapshot);
        restored.start();
        after.runListings();
        assertThat(after.listings).as("a restored bounded source lists nothing").isEmpty();
        register(after, restored, 0);
        register(after, restored, 1);
        List<String> all = new ArrayList<>(after.of(0));
        all.addAll(after.of(1));
        assertThat(all).containsExactlyInAnyOrder("enum-b-1@-1", "enum-b-2@-1");
        assertThat(after.noMoreSplits).containsExactly(0, 1);
    }

    @Test
    void aTopicThatDoesNotExistFailsTheJobNamingIt() {
        Context context = new Context(1);
        KafkaSplitEnumerator enumerator = new KafkaSplitEnumerator(source("enum-missing",
                "properties.default.api.timeout.ms", "2000"), context, null);
        enumerator.start();
        context.runListings();
        assertThat(context.failure).hasMessageContaining("Topic 'enum-missing' of table t does not exist at"
                + " bootstrap servers '" + KAFKA.bootstrapServers() + "'");
    }
}
