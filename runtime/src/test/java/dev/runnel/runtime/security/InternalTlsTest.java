package dev.runnel.runtime.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.runnel.runtime.cluster.EmbeddedCluster;
import dev.runnel.runtime.cluster.JobId;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.network.ChannelId;
import dev.runnel.runtime.network.LocalChannel;
import dev.runnel.runtime.network.LocalChannelRegistry;
import dev.runnel.runtime.network.NetworkBuffers;
import dev.runnel.runtime.network.netty.NettyExchange;
import dev.runnel.runtime.rpc.ClusterConnectionException;
import dev.runnel.runtime.rpc.ClusterCredentials;
import dev.runnel.runtime.rpc.ClusterRpcServer;
import dev.runnel.runtime.rpc.RemoteClusterClient;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.StreamElement;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLS ({@code security.ssl.*}) on the JobManager's RPC port, the data connections between
 * TaskManagers and the REST endpoint, with keystores made by {@code keytool}: what has the
 * trusted certificate gets through, and a plaintext peer or one with a certificate of its own
 * is refused with the address it tried.
 */
class InternalTlsTest {
    private static final JobId JOB = new JobId("0123456789abcdef0123456789abcdef");

    @TempDir
    static Path dir;
    private static TestCertificates trusted;
    private static TestCertificates stranger;

    private final AutoCloseableList open = new AutoCloseableList();

    @BeforeAll
    static void certificates() {
        trusted = TestCertificates.create(dir, "runnel");
        stranger = TestCertificates.create(dir, "stranger");
    }

    @AfterEach
    void close() throws Exception {
        open.close();
    }

    private static ClusterCredentials credentials(TestCertificates certificates) {
        return ClusterCredentials.from(new Configuration(certificates.internalSettings()));
    }

    private ClusterRpcServer rpcServer() {
        EmbeddedCluster cluster = open.add(EmbeddedCluster.start(new Configuration(Map.of())));
        return open.add(ClusterRpcServer.start(cluster, Optional.empty(), "127.0.0.1", 0, credentials(trusted)));
    }

    @Test
    void theRpcPortAnswersClientsWithTheTrustedCertificateAndRefusesOthers() {
        ClusterRpcServer server = rpcServer();

        try (RemoteClusterClient client = RemoteClusterClient.connect("127.0.0.1", server.port(), credentials(trusted))) {
            assertThat(client.listJobs()).isEmpty();
        }
        String address = "127.0.0.1:" + server.port();
        assertThatThrownBy(() -> RemoteClusterClient.connect("127.0.0.1", server.port(), ClusterCredentials.NONE))
                .isInstanceOf(ClusterConnectionException.class).hasMessageContaining(address)
                .hasMessageContaining("if it requires TLS, set security.ssl.internal.enabled");
        assertThatThrownBy(() -> RemoteClusterClient.connect("127.0.0.1", server.port(), credentials(stranger)))
                .isInstanceOf(ClusterConnectionException.class).hasMessageContaining(address)
                .hasMessageContaining("its certificate is not in security.ssl.internal.truststore");
    }

    @Test
    void rowsCrossAnEncryptedDataConnectionAndAPlaintextOneIsRefused() throws Exception {
        LocalChannelRegistry produced = new LocalChannelRegistry();
        NettyExchange producer = open.add(NettyExchange.start(produced, "127.0.0.1", 0, "127.0.0.1", Optional.empty(),
                credentials(trusted).tls()));
        LocalChannelRegistry received = new LocalChannelRegistry();
        NettyExchange consumer = open.add(NettyExchange.start(received, "127.0.0.1", 0, "127.0.0.1", Optional.empty(),
                credentials(trusted).tls()));
        ChannelId id = new ChannelId(JOB, 0, 0, 0);
        CompletableFuture<Throwable> failed = new CompletableFuture<>();
        consumer.receive(producer.address(), id, null, NetworkBuffers.exclusive(4), failed::complete);
        RowBatch batch = new RowBatch(2);
        batch.add(Row.of(1L, "one"));
        batch.add(Row.of(2L, "two"));
        producer.output(id, null, NetworkBuffers.exclusive(4)).put(batch, null);

        LocalChannel into = received.channel(id, 4);
        StreamElement arrived = await().atMost(Duration.ofSeconds(30)).until(into::poll, e -> e != null);
        assertThat(((RowBatch) arrived).get(1).getField(1)).isEqualTo("two");
        assertThat(failed).isNotDone();

        LocalChannelRegistry plain = new LocalChannelRegistry();
        NettyExchange plaintext = open.add(NettyExchange.start(plain, "127.0.0.1", 0, "127.0.0.1", Optional.empty()));
        CompletableFuture<Throwable> refused = new CompletableFuture<>();
        plaintext.receive(producer.address(), new ChannelId(JOB, 0, 0, 1), null, NetworkBuffers.exclusive(4),
                refused::complete);
        assertThat(refused.get(30, TimeUnit.SECONDS))
                .hasMessageContaining("TaskManager at " + producer.address())
                .hasMessageContaining("security.ssl.internal.enabled on one TaskManager only");
    }

    @Test
    void theRestEndpointServesHttpsToClientsThatTrustItsCertificate() throws Exception {
        Map<String, String> settings = new HashMap<>(trusted.restSettings());
        settings.put("rest.port", "0");
        EmbeddedCluster cluster = open.add(EmbeddedCluster.start(new Configuration(settings)));
        URI address = cluster.restAddress().orElseThrow();
        assertThat(address.getScheme()).isEqualTo("https");

        HttpClient https = HttpClient.newBuilder().sslContext(trusted.trustingClient()).build();
        HttpResponse<String> response = https.send(HttpRequest.newBuilder(address.resolve("/overview")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("taskmanagers");

        HttpClient untrusting = HttpClient.newBuilder().sslContext(stranger.trustingClient()).build();
        assertThatThrownBy(() -> untrusting.send(HttpRequest.newBuilder(address.resolve("/overview")).build(),
                HttpResponse.BodyHandlers.ofString())).isInstanceOf(IOException.class);
    }

    @Test
    void aWrongPasswordOrAMissingStoreNamesItsKey() {
        Map<String, String> wrongPassword = new HashMap<>(trusted.internalSettings());
        wrongPassword.put(SslOptions.INTERNAL_KEYSTORE_PASSWORD.key(), "not-it");
        assertThatThrownBy(() -> InternalTls.from(new Configuration(wrongPassword)))
                .isInstanceOf(ConfigException.class).hasMessageContaining("security.ssl.internal.keystore");

        Map<String, String> missing = new HashMap<>(trusted.internalSettings());
        missing.put(SslOptions.INTERNAL_TRUSTSTORE.key(), dir.resolve("nowhere.p12").toString());
        assertThatThrownBy(() -> InternalTls.from(new Configuration(missing)))
                .isInstanceOf(ConfigException.class).hasMessageContaining("security.ssl.internal.truststore")
                .hasMessageContaining("nowhere.p12");

        Map<String, String> protocol = new HashMap<>(trusted.internalSettings());
        protocol.put(SslOptions.PROTOCOL.key(), "SSLv3");
        assertThatThrownBy(() -> InternalTls.from(new Configuration(protocol)))
                .isInstanceOf(ConfigException.class).hasMessageContaining("security.ssl.protocol");
    }

    /** What a test opened, closed in reverse order. */
    private static final class AutoCloseableList implements AutoCloseable {
        private final ArrayDeque<AutoCloseable> open = new ArrayDeque<>();

        <T extends AutoCloseable> T add(T closeable) {
            open.push(closeable);
            return closeable;
        }

        @Override
        public void close() throws Exception {
            while (!open.isEmpty()) {
                open.pop().close();
            }
        }
    }
}
