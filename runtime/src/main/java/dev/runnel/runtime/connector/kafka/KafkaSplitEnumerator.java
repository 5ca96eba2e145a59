package dev.runnel.runtime.connector.kafka;

import dev.runnel.runtime.connector.RecordException;
import dev.runnel.runtime.source.SplitEnumerator;
import dev.runnel.runtime.source.SplitEnumeratorContext;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the partitions of a {@link KafkaSource}'s topics in the JobManager and gives each to one
 * reader, as Flink's KafkaSourceEnumerator does: the partitions of the first listing, sorted by
 * topic and partition, go round robin to the subtasks (partition {@code i} to subtask
 * {@code i % parallelism}), starting where {@code scan.startup.mode} says; partitions found later
 * (every {@code scan.topic-partition-discovery.interval}, unbounded sources only) continue the
 * round and start at their earliest offset, so that nothing written to them is missed. A bounded
 * source lists once and then tells every reader that no more splits come.
 *
 * <p>Its checkpointed state is the partitions it knows and the splits it has not handed out yet
 * (their reader had not registered); the readers keep the others. Listing runs on the
 * enumerator's own thread; the listing's result is applied on the JobManager's main thread.
 */
final class KafkaSplitEnumerator implements SplitEnumerator {
    private static final Logger LOG = LoggerFactory.getLogger(KafkaSplitEnumerator.class);
    private static final int STATE_VERSION = 1;

    private final KafkaSource source;
    private final SplitEnumeratorContext context;
    /** Every partition given a split so far, in the order found. */
    private final Set<TopicPartition> known = new LinkedHashSet<>();
    /** Splits waiting for their reader to register, by the subtask they go to. */
    private final TreeMap<Integer, List<KafkaSplit>> pending = new TreeMap<>();
    /** Whether the first listing happened (also before a restore). */
    private boolean listed;
    /** Whether readers were told that no more splits come: a bounded source after its listing. */
    private boolean noMoreSplits;

    KafkaSplitEnumerator(KafkaSource source, SplitEnumeratorContext context, byte[] restoredState) {
        this.source = source;
        this.context = context;
        if (restoredState != null) {
            restore(restoredState);
        }
    }

    @Override
    public void start() {
        if (listed && source.isBounded()) {
            noMoreSplits = true; // a restored bounded read: its partitions are all known
            return;
        }
        long interval = source.isBounded() ? 0 : Math.max(0, source.discoveryInterval().toMillis());
        if (!listed) {
            context.callAsync(this::listPartitions, this::listed, 0, 0);
            if (interval > 0) {
                context.callAsync(this::listPartitions, this::discovered, interval, interval);
            }
        } else if (interval > 0) {
            context.callAsync(this::listPartitions, this::discovered, 0, interval);
        }
    }

    @Override
    public void addReader(int subtask) {
        assignPending(subtask);
        if (noMoreSplits) {
            context.signalNoMoreSplits(subtask);
        }
    }

    /** The first listing: its failure fails the job, since nothing could be read. */
    private void listed(List<TopicPartition> partitions, Throwable failure) {
        if (failure != null) {
            context.failJob(failure);
            return;
        }
        listed = true;
        add(partitions, KafkaSplit.UNSET);
        if (source.isBounded()) {
            noMoreSplits = true;
            context.registeredReaders().forEach(context::signalNoMoreSplits);
        }
    }

    /** A later listing: what failed is tried again at the next interval. */
    private void discovered(List<TopicPartition> partitions, Throwable failure) {
        if (failure != null) {
            LOG.warn("Table {}: could not look for new partitions at {} (trying again in {}): {}",
                    source.tableName(), source.brokers(), source.discoveryInterval(), failure.getMessage());
            return;
        }
        if (!listed) {
            return; // the first listing has not been applied yet; it will bring these
        }
        List<TopicPartition> found = partitions.stream().filter(tp -> !known.contains(tp)).toList();
        if (!found.isEmpty()) {
            LOG.info("Table {}: found new partitions {}; reading them from their earliest offset",
                    source.tableName(), found);
            add(found, KafkaSplit.EARLIEST);
        }
    }

    /** Gives the partitions not known yet round robin to the subtasks, and sends what registered readers get. */
    private void add(List<TopicPartition> partitions, long start) {
        long stop = source.isBounded() ? KafkaSplit.UNSET : KafkaSplit.UNBOUNDED;
        for (TopicPartition tp : partitions) {
            if (known.add(tp)) {
                int owner = (known.size() - 1) % context.parallelism();
                pending.computeIfAbsent(owner, s -> new ArrayList<>())
                        .add(new KafkaSplit(tp.topic(), tp.partition(), start, stop));
            }
        }
        context.registeredReaders().forEach(this::assignPending);
    }

    private void assignPending(int subtask) {
        List<KafkaSplit> splits = pending.remove(subtask);
        if (splits != null && !splits.isEmpty()) {
            context.assignSplits(subtask, splits);
        }
    }

    /** Every partition of the topics the source reads, sorted by topic and partition. Enumerator thread. */
    private List<TopicPartition> listPartitions() {
        Duration timeout = KafkaOptions.apiTimeout(clientProperties());
        List<PartitionInfo> infos = new ArrayList<>();
        // a consumer per listing, closed on this thread: listings are minutes apart, and a
        // consumer must not be closed by another thread while it lists
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(clientProperties())) {
            if (source.topicPattern() == null) {
                for (String topic : source.topics()) {
                    List<PartitionInfo> of = consumer.partitionsFor(topic, timeout);
                    if (of == null || of.isEmpty()) {
                        throw new RecordException("Topic '" + topic + "' of table " + source.tableName()
                                + " does not exist at " + source.brokers());
                    }
                    infos.addAll(of);
                }
            } else {
                consumer.listTopics(timeout).forEach((topic, of) -> {
                    if (source.reads(topic)) {
                        infos.addAll(of);
                    }
                });
            }
        } catch (TimeoutException e) {
            throw new RecordException("Table " + source.tableName() + " could not reach the Kafka brokers at "
                    + source.brokers() + " within " + timeout.toMillis() + " ms (properties.default.api.timeout.ms): "
                    + e.getMessage(), e);
        }
        return infos.stream().map(i -> new TopicPartition(i.topic(), i.partition()))
                .sorted(Comparator.comparing(TopicPartition::topic).thenComparingInt(TopicPartition::partition))
                .toList();
    }

    private Properties clientProperties() {
        Properties properties = new Properties();
        properties.putAll(source.properties());
        properties.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        properties.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        properties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        // it only lists partitions: it joins no group and commits nothing
        properties.remove(ConsumerConfig.GROUP_ID_CONFIG);
        properties.put(ConsumerConfig.CLIENT_ID_CONFIG, "runnel-" + source.tableName() + "-enumerator");
        return properties;
    }

    @Override
    public byte[] snapshotState(long checkpointId) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(STATE_VERSION);
            out.writeBoolean(listed);
            out.writeInt(known.size());
            for (TopicPartition tp : known) {
                out.writeUTF(tp.topic());
                out.writeInt(tp.partition());
            }
            List<Map.Entry<Integer, KafkaSplit>> waiting = new ArrayList<>();
            pending.forEach((owner, splits) -> splits.forEach(split -> waiting.add(Map.entry(owner, split))));
            out.writeInt(waiting.size());
            for (Map.Entry<Integer, KafkaSplit> entry : waiting) {
                out.writeInt(entry.getKey());
                byte[] split = entry.getValue().toBytes();
                out.writeInt(split.length);
                out.write(split);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** Takes a snapshot over; splits still waiting go to the same subtask modulo the new parallelism. */
    private void restore(byte[] state) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(state))) {
            int version = in.readInt();
            if (version != STATE_VERSION) {
                throw new IllegalStateException("The Kafka split enumerator's state of table " + source.tableName()
                        + " has version " + version + ", this Runnel reads " + STATE_VERSION);
            }
            listed = in.readBoolean();
            for (int i = in.readInt(); i > 0; i--) {
                known.add(new TopicPartition(in.readUTF(), in.readInt()));
            }
            for (int i = in.readInt(); i > 0; i--) {
                int owner = in.readInt() % context.parallelism();
                byte[] split = new byte[in.readInt()];
                in.readFully(split);
                pending.computeIfAbsent(owner, s -> new ArrayList<>()).add(KafkaSplit.fromBytes(split));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("The Kafka split enumerator's state of table " + source.tableName()
                    + " in the checkpoint is corrupt", e);
        }
    }

    /** Holds nothing to close: each listing closes its consumer. */
    @Override
    public void close() {
    }
}
