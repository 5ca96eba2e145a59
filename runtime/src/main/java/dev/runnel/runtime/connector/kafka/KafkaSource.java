package dev.runnel.runtime.connector.kafka;

import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.source.SourceReader;
import dev.runnel.runtime.source.SplitEnumerator;
import dev.runnel.runtime.source.SplitEnumeratorContext;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads the records of one or more topics ({@code topic}, or every topic {@code topic-pattern}
 * matches), one split per partition, assigned by a {@link KafkaSplitEnumerator} in the
 * JobManager, which also finds the partitions added while the job runs. A restored reader reads
 * the splits its checkpoint assigned it, from their offsets.
 *
 * @param startOffsets the offsets by partition of {@code scan.startup.specific-offsets}
 * @param stopOffsets the offsets by partition of {@code scan.bounded.specific-offsets}
 * @param discoveryInterval how often an unbounded source looks for new partitions; zero: never
 */
record KafkaSource(String tableName, List<String> topics, Pattern topicPattern, Map<String, String> properties,
                   KafkaOptions.StartupMode startupMode, long startupTimestamp, Map<Integer, Long> startOffsets,
                   KafkaOptions.BoundedMode boundedMode, long boundedTimestamp, Map<Integer, Long> stopOffsets,
                   Duration discoveryInterval, KafkaRecordLayout layout) implements SourceFactory {
    KafkaSource {
        topics = List.copyOf(topics);
        properties = Map.copyOf(properties);
        startOffsets = Map.copyOf(startOffsets);
        stopOffsets = Map.copyOf(stopOffsets);
    }

    @Override
    public String name() {
        return "TableSourceScan(table=[" + tableName + "], connector=[" + connector() + "], "
                + (topicPattern == null ? "topic=[" + String.join(";", topics) : "topic-pattern=[" + topicPattern)
                + "], " + (layout.hasKey() ? "key.format=[" + layout.keyFormat() + "], " : "")
                + "format=[" + layout.valueFormat() + "])";
    }

    /** Topics, offsets and format may change between a savepoint and the resumed job. */
    @Override
    public String stateSignature() {
        return "TableSourceScan(connector=[" + connector() + "])";
    }

    @Override
    public boolean isBounded() {
        return boundedMode != KafkaOptions.BoundedMode.UNBOUNDED;
    }

    @Override
    public SourceReader createReader(int subtaskIndex, int parallelism) {
        return new KafkaReader(this, subtaskIndex);
    }

    @Override
    public SplitEnumerator createEnumerator(SplitEnumeratorContext context, byte[] restoredState) {
        return new KafkaSplitEnumerator(this, context, restoredState);
    }

    private String connector() {
        return layout.upsert() ? UpsertKafkaConnectorFactory.IDENTIFIER : KafkaConnectorFactory.IDENTIFIER;
    }

    /** Whether {@code topic} is one this source reads. */
    boolean reads(String topic) {
        return topicPattern == null ? topics.contains(topic) : topicPattern.matcher(topic).matches();
    }

    /** A description of where the source looks for brokers, for messages. */
    String brokers() {
        return "bootstrap servers '" + properties.get("bootstrap.servers") + "'";
    }
}
