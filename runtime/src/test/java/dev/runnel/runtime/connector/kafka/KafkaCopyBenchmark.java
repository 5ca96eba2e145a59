package dev.runnel.runtime.connector.kafka;

import dev.runnel.runtime.testing.KafkaBrokerProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * {@code benchmarks/kafka.sh}: a Kafka→Kafka copy of {@code RECORDS} small JSON records through
 * Runnel ({@code bin/runnel -f}, an embedded cluster, at-least-once and exactly-once) beside the
 * same copy with kafka-clients alone ({@link RawKafkaCopy}, plain and transactional), all against
 * one broker in a JVM of its own ({@link KafkaBrokerProcess}, not timed).
 *
 * <p>Every copy is a process of its own, timed by GNU time as a whole (wall, user + sys CPU,
 * peak RSS). Each also runs over one record per partition, and that run's wall time (JVM start,
 * planning, deployment) is subtracted: events/s = records / (t(N) - t(1)). The broker's CPU
 * seconds during each full run are read from {@code /proc}. Each output topic is counted with a
 * {@code read_committed} consumer, so a copy that lost or doubled records shows.
 *
 * <p>Usage: {@code KafkaCopyBenchmark RECORDS RUNNEL_BIN PARALLELISM WORK_DIR CLASSPATH}.
 */
public final class KafkaCopyBenchmark {
    private static final int PARTITIONS = 2;
    private static final long COMMIT_MILLIS = 1000;

    private final String runnel;
    private final int parallelism;
    private final Path work;
    private final String classPath;
    private final KafkaBrokerProcess broker;
    private int outputs;

    private KafkaCopyBenchmark(String runnel, int parallelism, Path work, String classPath, KafkaBrokerProcess broker) {
        this.runnel = runnel;
        this.parallelism = parallelism;
        this.work = work;
        this.classPath = classPath;
        this.broker = broker;
    }

    /** One timed process: wall and CPU seconds, peak RSS in KiB, records found in its output. */
    private record Run(double wall, double cpu, long rssKib, double brokerCpu, long found) {
    }

    public static void main(String[] args) throws Exception {
        long records = Long.parseLong(args[0]);
        Path work = Path.of(args[3]);
        // the broker gets what a small production broker would: C2, a heap of its own
        try (KafkaBrokerProcess broker = KafkaBrokerProcess.start(work.resolve("broker"),
                List.of("-Xmx1g", "-XX:+UseG1GC"))) {
            new KafkaCopyBenchmark(args[1], Integer.parseInt(args[2]), work, args[4], broker).run(records);
        }
    }

    private void run(long records) throws Exception {
        broker.createTopic("input", PARTITIONS);
        long bytes = fill(records);
        System.out.printf("# %,d records (%,d bytes of JSON values) in %d partitions; Runnel at parallelism %d,"
                + " checkpoints every %d ms; raw: one consumer and producer on one thread%n", records, bytes, PARTITIONS,
                parallelism, COMMIT_MILLIS);
        System.out.printf("%-22s %10s %9s %9s %12s %8s %8s %9s %10s %8s%n", "copy", "records", "wall s", "copy s",
                "events/s", "MB/s", "CPU s", "RSS MiB", "broker CPU", "output");
        List<String> modes = List.of("raw", "raw-transactional", "runnel-at-least-once", "runnel-exactly-once");
        for (String mode : modes) {
            Run startup = copy(mode, 1);
            Run full = copy(mode, records / PARTITIONS);
            double seconds = full.wall() - startup.wall();
            System.out.printf("%-22s %,10d %9.2f %9.2f %,12.0f %8.1f %8.2f %9.0f %10.2f %8s%n", mode, records,
                    full.wall(), seconds, records / seconds, bytes / seconds / 1e6, full.cpu(), full.rssKib() / 1024.0,
                    full.brokerCpu(), full.found() == records ? "ok" : "GOT " + full.found());
        }
    }

    /** Writes {@code records} JSON records round-robin over the partitions (not timed); their value bytes. */
    private long fill(long records) {
        Properties properties = new Properties();
        properties.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        properties.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        properties.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        properties.put(ProducerConfig.LINGER_MS_CONFIG, "20");
        properties.put(ProducerConfig.BATCH_SIZE_CONFIG, String.valueOf(256 * 1024));
        long bytes = 0;
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(properties)) {
            for (long id = 0; id < records; id++) {
                byte[] value = ("{\"id\":" + id + ",\"name\":\"user-" + id % 10_000 + "\",\"amount\":" + id % 1000
                        + ",\"ts\":" + (1_704_067_200_000L + id) + "}").getBytes(StandardCharsets.UTF_8);
                bytes += value.length;
                producer.send(new ProducerRecord<>("input", (int) (id % PARTITIONS), null, value));
            }
            producer.flush();
        }
        return bytes;
    }

    /** Runs one copy of the first {@code perPartition} records of each partition into a topic of its own. */
    private Run copy(String mode, long perPartition) throws Exception {
        String out = "output-" + (++outputs);
        broker.createTopic(out, PARTITIONS);
        List<String> command = new ArrayList<>(List.of("/usr/bin/time", "-f", "%e %U %S %M", "-o",
                work.resolve("time").toString()));
        if (mode.startsWith("raw")) {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            command.addAll(List.of(java, "-Xmx1g", "-XX:+UseParallelGC", "-cp", classPath,
                    RawKafkaCopy.class.getName(), broker.bootstrapServers(), "input", out, String.valueOf(perPartition),
                    mode.equals("raw") ? "plain" : "transactional", String.valueOf(COMMIT_MILLIS)));
        } else {
            Path script = work.resolve(out + ".sql");
            Files.writeString(script, script(mode.substring("runnel-".length()), out, perPartition));
            command.addAll(List.of(runnel, "-f", script.toString()));
        }
        double brokerBefore = brokerCpuSeconds();
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(work.resolve(out + ".txt").toFile()).start();
        int exit = process.waitFor();
        double brokerCpu = brokerCpuSeconds() - brokerBefore;
        if (exit != 0) {
            throw new IllegalStateException(mode + " failed (exit " + exit + "):\n"
                    + Files.readString(work.resolve(out + ".txt")));
        }
        String[] time = Files.readString(work.resolve("time")).trim().split("\\s+");
        return new Run(Double.parseDouble(time[0]), Double.parseDouble(time[1]) + Double.parseDouble(time[2]),
                Long.parseLong(time[3]), brokerCpu, count(out));
    }

    private String script(String guarantee, String out, long perPartition) {
        String servers = broker.bootstrapServers();
        StringBuilder stops = new StringBuilder();
        for (int p = 0; p < PARTITIONS; p++) {
            stops.append(p == 0 ? "" : ";").append("partition:").append(p).append(",offset:").append(perPartition);
        }
        return String.join("\n",
                "SET 'parallelism.default' = '" + parallelism + "';",
                "SET 'execution.checkpointing.interval' = '" + COMMIT_MILLIS + " ms';",
                "SET 'state.checkpoints.dir' = 'file://" + work.resolve("checkpoints") + "';",
                "CREATE TABLE src (id BIGINT, name STRING, amount INT, ts BIGINT) WITH ('connector' = 'kafka',",
                "  'topic' = 'input', 'properties.bootstrap.servers' = '" + servers + "', 'format' = 'json',",
                "  'scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = 'specific-offsets',",
                "  'scan.bounded.specific-offsets' = '" + stops + "');",
                "CREATE TABLE dst (id BIGINT, name STRING, amount INT, ts BIGINT) WITH ('connector' = 'kafka',",
                "  'topic' = '" + out + "', 'properties.bootstrap.servers' = '" + servers + "', 'format' = 'json',",
                "  'sink.delivery-guarantee' = '" + guarantee + "', 'sink.transactional-id-prefix' = '" + out + "');",
                "INSERT INTO dst SELECT * FROM src;", "");
    }

    /** The records of {@code topic} a {@code read_committed} consumer finds, counted without keeping them. */
    private long count(String topic) {
        Properties properties = new Properties();
        properties.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        properties.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        properties.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        properties.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        long found = 0;
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(properties)) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
            while (partitions.stream().anyMatch(tp -> consumer.position(tp) < ends.get(tp))) {
                found += consumer.poll(Duration.ofMillis(100)).count();
            }
        }
        return found;
    }

    /** The broker process's user + sys CPU seconds so far ({@code /proc/PID/stat}, in clock ticks of 1/100 s). */
    private double brokerCpuSeconds() throws IOException {
        String stat = Files.readString(Path.of("/proc", String.valueOf(broker.pid()), "stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        // after the name: state is field 3 of stat(5), utime 14 and stime 15
        return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / 100.0;
    }
}
