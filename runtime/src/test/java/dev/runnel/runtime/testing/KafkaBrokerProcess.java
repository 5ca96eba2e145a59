package dev.runnel.runtime.testing;

import static org.awaitility.Awaitility.await;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.Uuid;
import org.awaitility.core.ConditionTimeoutException;

/**
 * A real Kafka broker in a JVM of its own, for tests that kill it: one KRaft node (broker and
 * controller combined) from the {@code kafka_2.13} classes on this JVM's class path, listening on
 * 127.0.0.1 at two ports the OS gave, with its log directory, configuration and output
 * ({@code broker-out.txt}, {@code broker-err.txt}, {@code broker.log}) in the directory it is
 * given. Replication factors are 1, so transactions and consumer groups work on one node.
 *
 * <p>{@link #start} formats the log directory ({@code kafka.tools.StorageTool}, in a JVM of its
 * own too) and returns once an admin client can describe the cluster. {@link #kill} ends the
 * process with {@code SIGKILL} by its own process id, as a crash would; {@link #restart} starts
 * it again on the same ports and log directory, so clients that knew it find it again with what
 * it had written. {@link #close} kills it if it still runs; a shutdown hook does the same if the
 * test JVM exits first, so no broker outlives its test.
 *
 * <p>Not thread-safe: one test thread drives it.
 */
public final class KafkaBrokerProcess implements AutoCloseable {
    /** Small enough for two cores shared by several JVMs; enough for the records of a test. */
    public static final List<String> TEST_JVM_OPTIONS = List.of("-Xmx256m", "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1");
    private static final Duration READY = Duration.ofSeconds(90);

    private final Path dir;
    private final List<String> jvmOptions;
    private final int port;
    private final int controllerPort;
    private final Path config;
    private Process process;
    private Thread shutdownHook;

    private KafkaBrokerProcess(Path dir, List<String> jvmOptions, int port, int controllerPort, Path config) {
        this.dir = dir;
        this.jvmOptions = jvmOptions;
        this.port = port;
        this.controllerPort = controllerPort;
        this.config = config;
    }

    /** A broker with {@link #TEST_JVM_OPTIONS}, its files in {@code dir}; ready when this returns. */
    public static KafkaBrokerProcess start(Path dir) {
        return start(dir, TEST_JVM_OPTIONS);
    }

    /** A broker whose JVM runs with {@code jvmOptions} (heap, collector), its files in {@code dir}. */
    public static KafkaBrokerProcess start(Path dir, List<String> jvmOptions) {
        int[] ports = freePorts(2);
        Path config = dir.resolve("server.properties");
        try {
            Files.createDirectories(dir);
            Files.writeString(config, serverProperties(ports[0], ports[1], dir.resolve("kafka-logs")));
            Files.writeString(dir.resolve("broker-logback.xml"), LOGBACK);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        KafkaBrokerProcess broker = new KafkaBrokerProcess(dir, jvmOptions, ports[0], ports[1], config);
        broker.format();
        broker.restart();
        return broker;
    }

    private static String serverProperties(int port, int controllerPort, Path logs) {
        return String.join("\n",
                "process.roles=broker,controller",
                "node.id=1",
                "controller.quorum.voters=1@127.0.0.1:" + controllerPort,
                "listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort,
                "advertised.listeners=PLAINTEXT://127.0.0.1:" + port,
                "controller.listener.names=CONTROLLER",
                "inter.broker.listener.name=PLAINTEXT",
                "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
                "log.dirs=" + logs,
                "offsets.topic.replication.factor=1",
                // one partition each instead of 50: the broker is up sooner and recovers sooner after a kill
                "offsets.topic.num.partitions=1",
                "transaction.state.log.num.partitions=1",
                "transaction.state.log.replication.factor=1",
                "transaction.state.log.min.isr=1",
                "share.coordinator.state.topic.replication.factor=1",
                "share.coordinator.state.topic.min.isr=1",
                "default.replication.factor=1",
                "min.insync.replicas=1",
                "group.initial.rebalance.delay.ms=0",
                "");
    }

    /** Kafka's own INFO lines into {@code broker.log} when logback is on the class path (else slf4j's no-op). */
    private static final String LOGBACK = """
            <configuration>
              <appender name="FILE" class="ch.qos.logback.core.FileAppender">
                <file>${broker.log}</file>
                <encoder><pattern>%d{HH:mm:ss.SSS} %-5level [%thread] %logger{36} - %msg%n</pattern></encoder>
              </appender>
              <root level="INFO"><appender-ref ref="FILE"/></root>
            </configuration>
            """;

    /** {@code 127.0.0.1:port} of the broker, for {@code 'properties.bootstrap.servers'}; the same after a restart. */
    public String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    /** The process id of the running broker; a new one after each {@link #restart}. */
    public long pid() {
        return requireRunning().pid();
    }

    public boolean isRunning() {
        return process != null && process.isAlive();
    }

    /** {@code kill -9} by the broker's own process id: it ends at once, as in a crash; returns when it is gone. */
    public void kill() {
        ProcessHandle handle = requireRunning().toHandle();
        handle.destroyForcibly();
        await().atMost(Duration.ofSeconds(30)).until(() -> !handle.isAlive());
    }

    /** SIGTERM, a controlled shutdown; {@code kill -9} if it still runs after 30 seconds. */
    public void stop() {
        Process running = requireRunning();
        running.destroy();
        try {
            if (!running.waitFor(30, TimeUnit.SECONDS)) {
                kill();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill();
        }
    }

    /** Starts the stopped or killed broker again, on the same ports and log directory; returns once it is ready. */
    public void restart() {
        if (isRunning()) {
            throw new IllegalStateException("The broker at " + bootstrapServers() + " still runs (pid "
                    + process.pid() + ")");
        }
        List<String> command = java("kafka.Kafka", config.toString());
        process = launch(command, "broker");
        if (shutdownHook == null) {
            shutdownHook = new Thread(this::destroyNow, "kill-kafka-broker-" + port);
            Runtime.getRuntime().addShutdownHook(shutdownHook);
        }
        awaitReady();
    }

    /** Kills the broker if it still runs; its directory stays (the test's to delete). */
    @Override
    public void close() {
        destroyNow();
        if (shutdownHook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException e) {
                // the JVM is shutting down: the hook runs anyway
            }
            shutdownHook = null;
        }
    }

    private void destroyNow() {
        Process running = process;
        if (running != null && running.isAlive()) {
            running.toHandle().destroyForcibly();
            try {
                running.waitFor(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Creates {@code topic} with {@code partitions} partitions and waits until it exists. */
    public void createTopic(String topic, int partitions) throws ExecutionException, InterruptedException {
        KafkaClients.createTopic(bootstrapServers(), topic, partitions);
    }

    /** A producer of string keys and values; the caller closes it. */
    public KafkaProducer<String, String> producer() {
        return KafkaClients.producer(bootstrapServers());
    }

    /** {@link KafkaClients#readAll} of this broker. */
    public List<ConsumerRecord<String, String>> readAll(String topic, boolean committedOnly) {
        return KafkaClients.readAll(bootstrapServers(), topic, committedOnly);
    }

    /** {@link KafkaClients#readCommittedWhenSettled} of this broker, waiting up to a minute. */
    public List<ConsumerRecord<String, String>> readCommittedWhenSettled(String topic) {
        return KafkaClients.readCommittedWhenSettled(bootstrapServers(), topic, Duration.ofMinutes(1));
    }

    /** The last lines the broker process printed and logged, for a failure message. */
    public String output() {
        StringBuilder text = new StringBuilder();
        for (String name : List.of("broker-out.txt", "broker-err.txt", "broker.log")) {
            Path file = dir.resolve(name);
            if (Files.exists(file)) {
                List<String> lines = read(file).lines().toList();
                text.append("---- ").append(file).append('\n');
                lines.subList(Math.max(0, lines.size() - 40), lines.size()).forEach(l -> text.append(l).append('\n'));
            }
        }
        return text.toString();
    }

    private void format() {
        Process storageTool = launch(java("kafka.tools.StorageTool", "format", "-t", Uuid.randomUuid().toString(),
                "-c", config.toString()), "format");
        try {
            if (!storageTool.waitFor(90, TimeUnit.SECONDS) || storageTool.exitValue() != 0) {
                storageTool.toHandle().destroyForcibly();
                throw new IllegalStateException("Could not format the log directory of the Kafka broker in " + dir
                        + "\n" + read(dir.resolve("format-out.txt")) + read(dir.resolve("format-err.txt")));
            }
        } catch (InterruptedException e) {
            storageTool.toHandle().destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while formatting the Kafka broker's log directory", e);
        }
    }

    /** Waits until an admin client can describe the cluster, as a user's client would first; fails early if the broker died. */
    private void awaitReady() {
        Map<String, Object> settings = Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers(),
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 2000, AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 3000,
                AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, 200);
        try (Admin admin = Admin.create(settings)) {
            await().atMost(READY).pollInterval(Duration.ofMillis(200)).ignoreExceptions().until(() -> {
                if (!process.isAlive()) {
                    throw new IllegalStateException("The Kafka broker ended with exit code " + process.exitValue()
                            + "\n" + output());
                }
                return !admin.describeCluster().nodes().get(3, TimeUnit.SECONDS).isEmpty();
            });
        } catch (ConditionTimeoutException e) {
            throw new AssertionError("The Kafka broker at " + bootstrapServers() + " (pid " + process.pid()
                    + ") is not ready after " + READY + "\n" + output(), e);
        }
        if (!process.isAlive()) {
            throw new IllegalStateException("The Kafka broker ended with exit code " + process.exitValue() + "\n"
                    + output());
        }
    }

    private List<String> java(String mainClass, String... args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-Dlogback.configurationFile=" + dir.resolve("broker-logback.xml"));
        command.add("-Dbroker.log=" + dir.resolve("broker.log"));
        command.addAll(List.of("-cp", classPath(), mainClass));
        command.addAll(List.of(args));
        return command;
    }

    private Process launch(List<String> command, String name) {
        try {
            return new ProcessBuilder(command).directory(dir.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve(name + "-out.txt").toFile()))
                    .redirectError(ProcessBuilder.Redirect.appendTo(dir.resolve(name + "-err.txt").toFile()))
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Process requireRunning() {
        if (!isRunning()) {
            throw new IllegalStateException("The broker at " + bootstrapServers() + " does not run");
        }
        return process;
    }

    /** The test class path: surefire's own (its booter jar hides it from java.class.path), else this JVM's. */
    private static String classPath() {
        String path = System.getProperty("surefire.test.class.path");
        return path != null && !path.isBlank() ? path : System.getProperty("java.class.path");
    }

    /** Ports the OS gives now; held together so that they differ, then freed for the broker. */
    private static int[] freePorts(int count) {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            int[] ports = new int[count];
            for (int i = 0; i < count; i++) {
                ServerSocket socket = new ServerSocket(0);
                sockets.add(socket);
                ports[i] = socket.getLocalPort();
            }
            return ports;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            for (ServerSocket socket : sockets) {
                try {
                    socket.close();
                } catch (IOException e) {
                    // a port that did not close is the OS's to free
                }
            }
        }
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
