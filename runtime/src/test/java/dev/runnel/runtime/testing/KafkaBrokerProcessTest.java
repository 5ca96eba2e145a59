package dev.runnel.runtime.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The broker in a JVM of its own keeps what it wrote through a {@code kill -9} and comes back where it was. */
class KafkaBrokerProcessTest {
    @TempDir
    Path dir;

    @Test
    void aKilledBrokerRestartsOnItsPortWithTheRecordsItHad() throws Exception {
        ProcessHandle killed;
        try (KafkaBrokerProcess broker = KafkaBrokerProcess.start(dir)) {
            String servers = broker.bootstrapServers();
            broker.createTopic("kept", 2);
            KafkaClients.send(servers, "kept", 0, List.of("a", "b"));
            KafkaClients.send(servers, "kept", 1, List.of("c"));
            killed = ProcessHandle.of(broker.pid()).orElseThrow();

            broker.kill();
            assertThat(killed.isAlive()).isFalse();
            assertThat(broker.isRunning()).isFalse();
            broker.restart();

            assertThat(broker.bootstrapServers()).isEqualTo(servers);
            assertThat(broker.pid()).isNotEqualTo(killed.pid());
            KafkaClients.send(servers, "kept", 1, List.of("d"));
            assertThat(broker.readAll("kept", true).stream().map(r -> r.partition() + ":" + r.value()).toList())
                    .containsExactly("0:a", "0:b", "1:c", "1:d");
            killed = ProcessHandle.of(broker.pid()).orElseThrow();
        }
        assertThat(killed.isAlive()).as("close() ends the broker").isFalse();
    }
}
