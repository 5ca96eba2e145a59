package dev.runnel.runtime.connector.kafka;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The baseline of {@code benchmarks/kafka.sh}: a topic copied with nothing but kafka-clients, one
 * {@link KafkaConsumer} feeding one {@link KafkaProducer} on one thread, both with the clients'
 * defaults (as Runnel's connector uses them), the record bytes passed through untouched. With
 * {@code transactional} the copy commits a transaction every {@code commitMillis}, as an
 * exactly-once sink commits one per checkpoint.
 *
 * <p>Usage: {@code RawKafkaCopy SERVERS IN OUT LIMIT_PER_PARTITION|end plain|transactional COMMIT_MILLIS};
 * prints the number of records copied.
 */
public final class RawKafkaCopy {
    private RawKafkaCopy() {
    }

    public static void main(String[] args) {
        String servers = args[0];
        String in = args[1];
        String out = args[2];
        long limit = args[3].equals("end") ? Long.MAX_VALUE : Long.parseLong(args[3]);
        boolean transactional = args[4].equals("transactional");
        long commitMillis = Long.parseLong(args[5]);
        Properties consumerProperties = new Properties();
        consumerProperties.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, servers);
        consumerProperties.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        consumerProperties.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        Properties producerProperties = new Properties();
        producerProperties.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, servers);
        producerProperties.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        producerProperties.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        if (transactional) {
            producerProperties.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "raw-copy-" + out);
        }
        long copied = 0;
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(consumerProperties);
             KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(producerProperties)) {
            List<TopicPartition> partitions = consumer.partitionsFor(in, Duration.ofSeconds(30)).stream()
                    .map(p -> new TopicPartition(in, p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> stops = new HashMap<>();
            consumer.endOffsets(partitions).forEach((tp, end) -> stops.put(tp, Math.min(end, limit)));
            if (transactional) {
                producer.initTransactions();
                producer.beginTransaction();
            }
            long lastCommit = System.nanoTime();
            while (partitions.stream().anyMatch(tp -> consumer.position(tp) < stops.get(tp))) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(100))) {
                    if (record.offset() < stops.get(new TopicPartition(record.topic(), record.partition()))) {
                        producer.send(new ProducerRecord<>(out, record.key(), record.value()));
                        copied++;
                    }
                }
                if (transactional && System.nanoTime() - lastCommit > commitMillis * 1_000_000) {
                    producer.commitTransaction();
                    producer.beginTransaction();
                    lastCommit = System.nanoTime();
                }
            }
            if (transactional) {
                producer.commitTransaction();
            } else {
                producer.flush();
            }
        }
        System.out.println(copied);
    }
}
