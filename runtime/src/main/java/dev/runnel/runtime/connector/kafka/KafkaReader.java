package dev.runnel.runtime.connector.kafka;

import dev.runnel.runtime.connector.RecordException;
import dev.runnel.runtime.format.FormatException;
import dev.runnel.runtime.metrics.Counter;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.source.InputStatus;
import dev.runnel.runtime.source.ReaderOutput;
import dev.runnel.runtime.source.SourceReader;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads this subtask's partitions with one {@link KafkaConsumer} (assigned partitions, no group
 * membership), on the task's thread: a poll takes what the consumer fetched so far and waits at
 * most {@value #IDLE_POLL_MILLIS} ms when nothing is, so barriers and timers are not held up by a
 * quiet topic. The partitions come from the
 * {@link KafkaSplitEnumerator} in the JobManager ({@link #addSplits}), or from the checkpoint a
 * restored reader opens with; a bounded reader ends when its splits did and the enumerator said
 * that no more come.
 *
 * <p>Offsets live in the checkpoint (split list {@value #SPLITS_STATE}, one {@link KafkaSplit}
 * per partition); the group's committed offsets are informational, committed when a checkpoint
 * completes. Each partition is a split of {@link ReaderOutput}, so it has its own watermark.
 *
 * <p>A record whose value cannot be parsed fails the job with a {@link RecordException} naming
 * the topic, partition and offset, unless the format ignores parse errors: then it is skipped,
 * counted in {@value #SKIPPED_COUNTER} and the first one is logged. A record without a value
 * (a tombstone) holds no row for a plain table and is skipped, as in Flink; in an
 * {@code upsert-kafka} table it deletes its key ({@link KafkaRecordCodec}).
 */
final class KafkaReader implements SourceReader {
    private static final Logger LOG = LoggerFactory.getLogger(KafkaReader.class);
    static final String SPLITS_STATE = "kafka-splits";
    /** Flink's name (FLIP-33) for records a source could not read. */
    static final String SKIPPED_COUNTER = "numRecordsInErrors";
    /**
     * How long a poll waits for records when none are fetched yet, and how long a subtask without
     * partitions waits before it looks again: what barriers and timers wait at most.
     */
    private static final long IDLE_POLL_MILLIS = 5;
    private static final Duration POLL_WAIT = Duration.ofMillis(IDLE_POLL_MILLIS);

    private final KafkaSource source;
    private final int subtaskIndex;
    private final Map<TopicPartition, KafkaSplit> splits = new LinkedHashMap<>();
    /** The offsets of each checkpoint not completed yet, to commit to the group when it completes. */
    private final TreeMap<Long, Map<TopicPartition, OffsetAndMetadata>> pendingCommits = new TreeMap<>();
    private List<byte[]> state;
    private KafkaConsumer<byte[], byte[]> consumer;
    private KafkaRecordCodec codec;
    /** The metadata each row gets after its physical columns, from field {@link #firstMetadataField} on. */
    private KafkaMetadata[] metadata;
    private int firstMetadataField;
    private Counter skipped;
    private Duration timeout;
    private boolean commitsOffsets;
    /** Whether the offsets where a bounded read ended went to the group (once, when it ends). */
    private boolean endCommitted;
    /** Whether the enumerator said that no more splits come. */
    private boolean noMoreSplits;

    KafkaReader(KafkaSource source, int subtaskIndex) {
        this.source = source;
        this.subtaskIndex = subtaskIndex;
    }

    @Override
    public void open(OperatorContext context) {
        Properties properties = new Properties();
        properties.putAll(source.properties());
        properties.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        properties.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        // offsets are the checkpoint's; the group only hears of them when a checkpoint completes
        properties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        properties.putIfAbsent(ConsumerConfig.CLIENT_ID_CONFIG, "runnel-" + source.tableName() + "-" + subtaskIndex);
        commitsOffsets = properties.containsKey(ConsumerConfig.GROUP_ID_CONFIG);
        timeout = KafkaOptions.apiTimeout(properties);
        codec = new KafkaRecordCodec(source.layout(), true);
        metadata = source.layout().metadata().toArray(KafkaMetadata[]::new);
        firstMetadataField = source.layout().physical().arity();
        skipped = context.counter(SKIPPED_COUNTER);
        consumer = new KafkaConsumer<>(properties);
        var store = context.operatorStateStore();
        state = store.splitList(SPLITS_STATE);
        if (store.isRestored()) {
            List<KafkaSplit> restored = new ArrayList<>();
            state.forEach(bytes -> restored.add(KafkaSplit.fromBytes(bytes)));
            read(restored);
        }
    }

    @Override
    public void addSplits(List<Serializable> assigned) {
        List<KafkaSplit> added = new ArrayList<>();
        for (Serializable split : assigned) {
            KafkaSplit kafkaSplit = (KafkaSplit) split;
            // a restored reader keeps its own position of a partition it already reads
            if (!splits.containsKey(kafkaSplit.topicPartition())) {
                added.add(kafkaSplit);
            }
        }
        read(added);
    }

    @Override
    public void notifyNoMoreSplits() {
        noMoreSplits = true;
    }

    /** Starts reading {@code added} too, each from its position (placed first when it has none yet). */
    private void read(List<KafkaSplit> added) {
        if (added.isEmpty()) {
            return;
        }
        added.forEach(split -> splits.put(split.topicPartition(), split));
        placeStarts();
        placeStops();
        // the partitions read before keep their positions (and pauses) across a new assignment
        consumer.assign(splits.keySet());
        for (KafkaSplit split : added) {
            KafkaSplit placed = splits.get(split.topicPartition());
            consumer.seek(placed.topicPartition(), placed.next());
        }
        LOG.info("Table {}: subtask {} reads {}", source.tableName(), subtaskIndex, added.stream()
                .map(s -> s.id() + "@" + splits.get(s.topicPartition()).next()).collect(Collectors.joining(", ")));
    }

    private RecordException unreachable(TimeoutException e) {
        return new RecordException("Table " + source.tableName() + " could not reach the Kafka brokers at "
                + source.brokers() + " within " + timeout.toMillis() + " ms (properties.default.api.timeout.ms): "
                + e.getMessage(), e);
    }

    /**
     * Gives every split that has no offset yet the one its startup mode says, or its earliest
     * offset when the partition was found while the job ran.
     */
    private void placeStarts() {
        Set<TopicPartition> unset = positionsAt(KafkaSplit.UNSET);
        Set<TopicPartition> found = positionsAt(KafkaSplit.EARLIEST);
        Map<TopicPartition, Long> offsets = new HashMap<>();
        try {
            if (!found.isEmpty()) {
                offsets.putAll(consumer.beginningOffsets(found, timeout));
            }
            if (!unset.isEmpty()) {
                offsets.putAll(startupOffsets(unset));
            }
        } catch (TimeoutException e) {
            throw unreachable(e);
        }
        offsets.forEach((tp, offset) -> splits.computeIfPresent(tp, (k, split) -> split.at(offset)));
    }

    private Set<TopicPartition> positionsAt(long marker) {
        return splits.values().stream().filter(s -> s.next() == marker).map(KafkaSplit::topicPartition)
                .collect(Collectors.toSet());
    }

    /** Where {@code scan.startup.mode} says the partitions start. */
    private Map<TopicPartition, Long> startupOffsets(Set<TopicPartition> partitions) {
        return switch (source.startupMode()) {
            case EARLIEST_OFFSET -> consumer.beginningOffsets(partitions, timeout);
            case LATEST_OFFSET -> consumer.endOffsets(partitions, timeout);
            case TIMESTAMP -> offsetsForTime(partitions, source.startupTimestamp());
            case SPECIFIC_OFFSETS -> {
                Map<TopicPartition, Long> earliest = consumer.beginningOffsets(partitions, timeout);
                Map<TopicPartition, Long> offsets = new HashMap<>();
                for (TopicPartition tp : partitions) {
                    offsets.put(tp, source.startOffsets().getOrDefault(tp.partition(), earliest.get(tp)));
                }
                yield offsets;
            }
            case GROUP_OFFSETS -> groupOffsets(partitions);
        };
    }

    /** The group's committed offsets; where it has none, {@code properties.auto.offset.reset} decides. */
    private Map<TopicPartition, Long> groupOffsets(Set<TopicPartition> partitions) {
        Map<TopicPartition, OffsetAndMetadata> committed = consumer.committed(partitions, timeout);
        String reset = source.properties().getOrDefault(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "none");
        Map<TopicPartition, Long> offsets = new HashMap<>();
        List<TopicPartition> missing = new ArrayList<>();
        for (TopicPartition tp : partitions) {
            OffsetAndMetadata offset = committed.get(tp);
            if (offset != null) {
                offsets.put(tp, offset.offset());
            } else {
                missing.add(tp);
            }
        }
        if (!missing.isEmpty()) {
            switch (reset) {
                case "earliest" -> offsets.putAll(consumer.beginningOffsets(missing, timeout));
                case "latest" -> offsets.putAll(consumer.endOffsets(missing, timeout));
                default -> throw new RecordException("Table " + source.tableName() + " starts from the committed"
                        + " offsets of group '" + source.properties().get(ConsumerConfig.GROUP_ID_CONFIG)
                        + "' ('scan.startup.mode' = 'group-offsets'), which has none for partition(s) " + missing
                        + ": set 'properties.auto.offset.reset' to 'earliest' or 'latest', or another"
                        + " 'scan.startup.mode'");
            }
        }
        return offsets;
    }

    /** The first offset with a timestamp at or after {@code millis}, or the end of the partition. */
    private Map<TopicPartition, Long> offsetsForTime(Set<TopicPartition> partitions, long millis) {
        Map<TopicPartition, Long> query = new HashMap<>();
        partitions.forEach(tp -> query.put(tp, millis));
        Map<TopicPartition, OffsetAndTimestamp> found = consumer.offsetsForTimes(query, timeout);
        Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, timeout);
        Map<TopicPartition, Long> offsets = new HashMap<>();
        for (TopicPartition tp : partitions) {
            OffsetAndTimestamp at = found.get(tp);
            offsets.put(tp, at == null ? ends.get(tp) : at.offset());
        }
        return offsets;
    }

    /** Gives every split of a bounded source that has no stop yet the one its bounded mode says. */
    private void placeStops() {
        Set<TopicPartition> unset = splits.values().stream().filter(s -> s.stop() == KafkaSplit.UNSET)
                .map(KafkaSplit::topicPartition).collect(Collectors.toSet());
        if (unset.isEmpty()) {
            return;
        }
        Map<TopicPartition, Long> stops = new HashMap<>();
        try {
            switch (source.boundedMode()) {
                case LATEST_OFFSET -> stops.putAll(consumer.endOffsets(unset, timeout));
                case TIMESTAMP -> stops.putAll(offsetsForTime(unset, source.boundedTimestamp()));
                case SPECIFIC_OFFSETS -> {
                    Map<TopicPartition, Long> latest = consumer.endOffsets(unset, timeout);
                    for (TopicPartition tp : unset) {
                        stops.put(tp, source.stopOffsets().getOrDefault(tp.partition(), latest.get(tp)));
                    }
                }
                case UNBOUNDED -> unset.forEach(tp -> stops.put(tp, KafkaSplit.UNBOUNDED));
            }
        } catch (TimeoutException e) {
            throw unreachable(e);
        }
        stops.forEach((tp, stop) -> splits.computeIfPresent(tp, (k, split) -> split.stoppingAt(stop)));
    }

    @Override
    public InputStatus pollNext(Output output) {
        finishReachedSplits(output);
        if (noMoreSplits && source.isBounded() && splits.values().stream().allMatch(KafkaSplit::finished)) {
            output.flush();
            commitEndOffsets();
            return InputStatus.END_OF_INPUT;
        }
        if (splits.isEmpty()) {
            // more subtasks than partitions: this one has nothing to read (a consumer without partitions cannot poll)
            return InputStatus.NOTHING_AVAILABLE;
        }
        ConsumerRecords<byte[], byte[]> records;
        try {
            // waits a little when nothing is fetched yet: the consumer does its network work only
            // inside poll, so a poll that returned at once would leave the next fetch unanswered
            records = consumer.poll(POLL_WAIT);
        } catch (KafkaException e) {
            throw new RecordException("Table " + source.tableName() + " could not read from " + source.brokers()
                    + ": " + e.getMessage(), e);
        }
        if (records.isEmpty()) {
            output.flush();
            return InputStatus.NOTHING_AVAILABLE;
        }
        for (TopicPartition tp : records.partitions()) {
            KafkaSplit split = splits.get(tp);
            Output splitOutput = ReaderOutput.forSplit(output, split.id());
            long next = split.next();
            for (ConsumerRecord<byte[], byte[]> record : records.records(tp)) {
                if (record.offset() >= split.stop()) {
                    break;
                }
                read(record, splitOutput);
                next = record.offset() + 1;
            }
            splits.put(tp, split.at(next));
        }
        finishReachedSplits(output);
        output.flush();
        return InputStatus.MORE_AVAILABLE;
    }

    /** Pauses the bounded splits whose position reached their stop, and releases their watermarks. */
    private void finishReachedSplits(Output output) {
        List<TopicPartition> done = new ArrayList<>();
        for (KafkaSplit split : splits.values()) {
            if (split.stop() == KafkaSplit.UNBOUNDED || consumer.paused().contains(split.topicPartition())) {
                continue;
            }
            // the position passes control records (transaction markers) that no poll returns
            long position = split.finished() ? split.next() : consumer.position(split.topicPartition(), timeout);
            if (position >= split.stop()) {
                done.add(split.topicPartition());
                splits.put(split.topicPartition(), split.at(Math.max(split.next(), split.stop())));
                ReaderOutput.release(output, split.id());
            }
        }
        if (!done.isEmpty()) {
            consumer.pause(done);
        }
    }

    private void read(ConsumerRecord<byte[], byte[]> record, Output out) {
        try {
            codec.read(record.key(), record.value(), metadata.length == 0 ? out::collect : row -> {
                KafkaMetadata.fill(row, firstMetadataField, metadata, record);
                out.collect(row);
            });
        } catch (FormatException e) {
            String where = "record at offset " + record.offset() + " of partition " + record.partition() + " of topic '"
                    + record.topic() + "'";
            if (!codec.ignoresParseErrors(e)) {
                throw new RecordException("Cannot read " + where + " of table " + source.tableName() + ": "
                        + e.getMessage(), e);
            }
            if (skipped.getCount() == 0) {
                LOG.warn("Table {}: skipped {} (its format ignores parse errors): {}; further ones are counted in {}",
                        source.tableName(), where, e.getMessage(), SKIPPED_COUNTER);
            }
            skipped.inc();
        }
    }

    /** A subtask that reads partitions waited in its poll already; one without any waits here. */
    @Override
    public CompletableFuture<Void> isAvailable() {
        if (!splits.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        return CompletableFuture.runAsync(() -> { },
                CompletableFuture.delayedExecutor(IDLE_POLL_MILLIS, TimeUnit.MILLISECONDS));
    }

    @Override
    public void snapshotState(long checkpointId) {
        state.clear();
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (KafkaSplit split : splits.values()) {
            state.add(split.toBytes());
            offsets.put(split.topicPartition(), new OffsetAndMetadata(split.next()));
        }
        if (commitsOffsets) {
            pendingCommits.put(checkpointId, offsets);
        }
    }

    /** Commits the offsets of the completed checkpoint to the group, for tools that watch its lag. */
    @Override
    public void notifyCheckpointComplete(long checkpointId) {
        var completed = pendingCommits.floorEntry(checkpointId);
        if (completed == null) {
            return;
        }
        pendingCommits.headMap(checkpointId, true).clear();
        consumer.commitAsync(completed.getValue(), (offsets, error) -> {
            if (error != null) {
                LOG.warn("Table {}: could not commit the offsets of checkpoint {} to group '{}' (they are"
                        + " informational; the checkpoint holds them): {}", source.tableName(), checkpointId,
                        source.properties().get(ConsumerConfig.GROUP_ID_CONFIG), error.getMessage());
            }
        });
    }

    /**
     * A bounded read that ended tells the group where it stopped: no checkpoint follows a finished
     * source here, and Flink's final checkpoint commits the same offsets, so tools that watch the
     * group's lag see the read end rather than the last periodic checkpoint's offsets.
     */
    private void commitEndOffsets() {
        if (!commitsOffsets || endCommitted || splits.isEmpty()) {
            return;
        }
        endCommitted = true;
        pendingCommits.clear();
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        splits.values().forEach(split -> offsets.put(split.topicPartition(), new OffsetAndMetadata(split.next())));
        try {
            // an empty commit waits for the asynchronous ones still in flight: one that waited for the
            // coordinator would otherwise be sent after these offsets and replace them with older ones
            consumer.commitSync(Map.of(), timeout);
            consumer.commitSync(offsets, timeout);
        } catch (KafkaException e) {
            LOG.warn("Table {}: could not commit the end offsets {} to group '{}' (they are informational): {}",
                    source.tableName(), offsets, source.properties().get(ConsumerConfig.GROUP_ID_CONFIG),
                    e.getMessage());
        }
    }

    @Override
    public void close() {
        if (consumer != null) {
            consumer.close(Duration.ofSeconds(5));
        }
    }
}
