package dev.runnel.shell.gateway.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.security.TestCertificates;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLContext;
import org.apache.calcite.avatica.remote.Driver;
import org.apache.calcite.avatica.remote.LocalService;
import org.apache.calcite.avatica.server.HttpServer;
import org.apache.calcite.avatica.server.ServerCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class GatewaySecurityTest {
    private static final InputStream NO_STDIN = new ByteArrayInputStream(new byte[0]);

    @TempDir
    Path dir;

    private final List<HttpServer> servers = new ArrayList<>();
    private final RecordingMeta meta = new RecordingMeta();

    @AfterEach
    void stop() {
        servers.forEach(HttpServer::stop);
    }

    @Test
    void withAuthEveryRequestNeedsAUserOfTheFileAndItsPassword() throws Exception {
        HttpServer server = start(authenticated());

        assertThat(post("http", server, Optional.empty()).statusCode()).isEqualTo(401);
        HttpResponse<String> wrong = post("http", server, Optional.of("alice:wrong"));
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(wrong.headers().firstValue("WWW-Authenticate")).hasValue("basic realm=\"Runnel gateway\"");
        assertThat(post("http", server, Optional.of("mallory:s3cret")).statusCode()).isEqualTo(401);
        assertThat(post("http", server, Optional.of("alice:s3cret")).statusCode()).isNotEqualTo(401);
        // remembered after the first check, and still checked
        assertThat(post("http", server, Optional.of("alice:s3cret")).statusCode()).isNotEqualTo(401);
        assertThat(post("http", server, Optional.of("alice:wrong")).statusCode()).isEqualTo(401);
    }

    @Test
    void theRemoteDriverConnectsWithTheRightPasswordAndTheMetaSeesTheUser() throws Exception {
        HttpServer server = start(authenticated());
        String url = "jdbc:avatica:remote:url=http://127.0.0.1:" + server.getPort()
                + ";serialization=PROTOBUF;authentication=BASIC;avatica_user=alice;avatica_password=";

        try (Connection connection = DriverManager.getConnection(url + "s3cret")) {
            assertThat(connection.isClosed()).isFalse();
        }
        assertThat(meta.openedBy).containsExactly("alice");

        // Avatica 1.27's remote driver: a RuntimeException, not an SQLException, from getConnection itself
        assertThatThrownBy(() -> DriverManager.getConnection(url + "wrong")).isExactlyInstanceOf(RuntimeException.class)
                .hasMessage("Failed to execute HTTP Request, got HTTP/401").hasNoCause();
        assertThat(meta.openedBy).containsExactly("alice");
    }

    @Test
    void usersAddedOrRemovedWhileTheGatewayRunsCountAtOnce() throws Exception {
        HttpServer server = start(authenticated());
        assertThat(post("http", server, Optional.of("alice:s3cret")).statusCode()).isNotEqualTo(401);
        GatewayUsers.load(dir.resolve("users")).with("bob", "later".toCharArray(), GatewayUsersTest.FAST).save();

        assertThat(post("http", server, Optional.of("bob:later")).statusCode()).isNotEqualTo(401);
        assertThat(post("http", server, Optional.of("alice:s3cret")).statusCode()).isNotEqualTo(401);

        GatewayUsers.load(dir.resolve("users")).without("alice").save();
        assertThat(post("http", server, Optional.of("alice:s3cret")).statusCode()).as("remembered no longer")
                .isEqualTo(401);
        assertThat(post("http", server, Optional.of("bob:later")).statusCode()).isNotEqualTo(401);
    }

    @Test
    void theGatewayListensOnLoopbackOnly() throws Exception {
        AtomicReference<Server> jetty = new AtomicReference<>();
        GatewaySecurity security = GatewaySecurity.from(GatewaySecuritySettings.loopback(), NO_STDIN);
        HttpServer.Builder<Server> builder = builder();
        ServerCustomizer<Server> capture = jetty::set;
        builder.withServerCustomizers(List.of(security.customizer(), capture), Server.class);
        HttpServer server = started(builder.build());

        ServerConnector connector = (ServerConnector) jetty.get().getConnectors()[0];
        assertThat(connector.getHost()).isEqualTo("127.0.0.1");
        assertThat(InetAddress.getByName(connector.getHost()).isLoopbackAddress()).isTrue();
        assertThat(connector.getLocalPort()).isEqualTo(server.getPort()).isPositive();
        assertThat(security.scheme()).isEqualTo("http");
        assertThat(security.authenticates()).isFalse();
        assertThat(post("http", server, Optional.empty()).statusCode()).as("no --auth, no challenge").isNotEqualTo(401);
    }

    @Test
    void aNonLoopbackAddressNeedsAuthOrTheForceFlag() throws IOException {
        GatewaySecuritySettings wildcard = GatewaySecuritySettings.loopback().withBind("0.0.0.0");
        assertThatThrownBy(() -> GatewaySecurity.from(wildcard, NO_STDIN)).isInstanceOf(GatewaySecurityException.class)
                .hasMessage("--bind 0.0.0.0 is not a loopback address: start the gateway with --auth, or "
                        + "--allow-unauthenticated-remote to serve it without authentication");

        GatewaySecuritySettings forced = new GatewaySecuritySettings("0.0.0.0", false, true, dir.resolve("users"),
                Optional.empty());
        assertThat(GatewaySecurity.from(forced, NO_STDIN).warnings()).singleElement().asString()
                .contains("without authentication");

        addAlice();
        GatewaySecurity withAuth = GatewaySecurity.from(wildcard.withAuthentication(dir.resolve("users")), NO_STDIN);
        assertThat(withAuth.authenticates()).isTrue();
        assertThat(withAuth.warnings()).singleElement().asString().contains("without --ssl-keystore");

        assertThatThrownBy(() -> GatewaySecurity.from(wildcard.withBind("no-such-host.invalid"), NO_STDIN))
                .hasMessageContaining("--bind no-such-host.invalid: unknown host");
    }

    @Test
    void authWithoutUsersTellsToAddOne() throws IOException {
        Path users = dir.resolve("users");
        GatewaySecuritySettings settings = GatewaySecuritySettings.loopback().withAuthentication(users);
        assertThatThrownBy(() -> GatewaySecurity.from(settings, NO_STDIN)).isInstanceOf(GatewaySecurityException.class)
                .hasMessage("--auth: the user file " + users + " does not exist; add one with: runnel gateway add-user "
                        + "NAME --password-file FILE --users-file " + users);

        GatewayUsers.load(users).save();
        assertThatThrownBy(() -> GatewaySecurity.from(settings, NO_STDIN)).hasMessageContaining("holds no users")
                .hasMessageContaining("runnel gateway add-user");

        Files.writeString(users, "alice:pbkdf2-sha256:x:AAAA:AAAA\n");
        assertThatThrownBy(() -> GatewaySecurity.from(settings, NO_STDIN)).hasMessageStartingWith(users + ":1: ");
    }

    @Test
    void withAKeystoreTheGatewayServesHttps() throws Exception {
        TestCertificates certificates = TestCertificates.create(dir, "gateway");
        Path password = Files.writeString(dir.resolve("keystore.pw"), TestCertificates.KEYSTORE_PASSWORD + "\n");
        GatewaySecuritySettings settings = authenticated().withTls(new GatewaySecuritySettings.Tls(
                certificates.keystore(), password.toString(), "pkcs12"));
        GatewaySecurity security = GatewaySecurity.from(settings, NO_STDIN);
        assertThat(security.scheme()).isEqualTo("https");
        HttpServer.Builder<Server> builder = builder();
        security.applyTo(builder);
        HttpServer server = started(builder.build());

        SSLContext trusting = certificates.trustingClient();
        assertThat(post("https", server, Optional.of("alice:s3cret"), trusting).statusCode()).isNotEqualTo(401);
        assertThat(post("https", server, Optional.of("alice:wrong"), trusting).statusCode()).isEqualTo(401);
        assertThatThrownBy(() -> post("https", server, Optional.of("alice:s3cret"), SSLContext.getDefault()))
                .as("a client that does not trust the certificate").isInstanceOf(IOException.class);
        assertThatThrownBy(() -> post("http", server, Optional.of("alice:s3cret")))
                .as("plain HTTP on the TLS port").isInstanceOf(IOException.class);
    }

    @Test
    void aKeystoreThatCannotBeReadIsRefusedNamingTheOption() throws IOException {
        TestCertificates certificates = TestCertificates.create(dir, "gateway");
        Path wrong = Files.writeString(dir.resolve("wrong.pw"), "not-the-password\n");
        GatewaySecuritySettings settings = GatewaySecuritySettings.loopback().withTls(new GatewaySecuritySettings.Tls(
                certificates.keystore(), wrong.toString(), "pkcs12"));
        assertThatThrownBy(() -> GatewaySecurity.from(settings, NO_STDIN)).isInstanceOf(GatewaySecurityException.class)
                .hasMessage("Cannot read the keystore " + certificates.keystore() + " (--ssl-keystore): wrong password "
                        + "(--ssl-keystore-password-file)");

        GatewaySecuritySettings truststoreOnly = GatewaySecuritySettings.loopback().withTls(
                new GatewaySecuritySettings.Tls(certificates.truststore(), "-", "pkcs12"));
        InputStream stdin = new ByteArrayInputStream((TestCertificates.TRUSTSTORE_PASSWORD + "\n")
                .getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> GatewaySecurity.from(truststoreOnly, stdin)).hasMessageContaining("holds no key");

        GatewaySecuritySettings badType = GatewaySecuritySettings.loopback().withTls(new GatewaySecuritySettings.Tls(
                certificates.keystore(), wrong.toString(), "nonsense"));
        assertThatThrownBy(() -> GatewaySecurity.from(badType, NO_STDIN))
                .hasMessage("--ssl-keystore-type nonsense: unknown keystore type");
    }

    @Test
    void theFlagsMakeTheSettings() {
        GatewaySecuritySettings plain = parse();
        assertThat(plain).isEqualTo(new GatewaySecuritySettings("127.0.0.1", false, false, GatewayUsers.defaultFile(),
                Optional.empty()));

        GatewaySecuritySettings all = parse("--auth", "--users-file", "u", "--allow-unauthenticated-remote",
                "--ssl-keystore", "k.jks", "--ssl-keystore-password-file", "-", "--ssl-keystore-type", "jks");
        assertThat(all).isEqualTo(new GatewaySecuritySettings("127.0.0.1", true, true, Path.of("u"),
                Optional.of(new GatewaySecuritySettings.Tls(Path.of("k.jks"), "-", "jks"))));

        assertThatThrownBy(() -> parse("--ssl-keystore", "k.p12")).isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining("--ssl-keystore needs --ssl-keystore-password-file FILE");
        assertThatThrownBy(() -> parse("--ssl-keystore-password-file", "pw"))
                .hasMessage("--ssl-keystore-password-file needs --ssl-keystore");
    }

    /** A command with the gateway's security flags, as runnel gateway mixes them in. */
    @CommandLine.Command(name = "gateway")
    static final class FlagsCommand {
        @CommandLine.Mixin
        GatewaySecurityOptions security;
    }

    private static GatewaySecuritySettings parse(String... args) {
        FlagsCommand command = new FlagsCommand();
        new CommandLine(command).parseArgs(args);
        return command.security.settings("127.0.0.1");
    }

    private GatewaySecuritySettings authenticated() throws IOException {
        addAlice();
        return GatewaySecuritySettings.loopback().withAuthentication(dir.resolve("users"));
    }

    private void addAlice() {
        GatewayUsers.load(dir.resolve("users")).with("alice", "s3cret".toCharArray(), GatewayUsersTest.FAST).save();
    }

    private HttpServer.Builder<Server> builder() {
        return HttpServer.Builder.<Server>newBuilder().withHandler(new LocalService(meta),
                Driver.Serialization.PROTOBUF).withPort(0);
    }

    private HttpServer start(GatewaySecuritySettings settings) {
        HttpServer.Builder<Server> builder = builder();
        GatewaySecurity.configure(builder, settings, NO_STDIN);
        return started(builder.build());
    }

    private HttpServer started(HttpServer server) {
        server.start();
        servers.add(server);
        return server;
    }

    private static HttpResponse<String> post(String scheme, HttpServer server, Optional<String> credentials)
            throws IOException, InterruptedException {
        return post(scheme, server, credentials, null);
    }

    private static HttpResponse<String> post(String scheme, HttpServer server, Optional<String> credentials,
                                             SSLContext ssl) throws IOException, InterruptedException {
        HttpClient.Builder client = HttpClient.newBuilder();
        if (ssl != null) {
            client.sslContext(ssl);
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(scheme + "://127.0.0.1:" + server.getPort() + "/"))
                .POST(HttpRequest.BodyPublishers.ofString("not protobuf"));
        credentials.ifPresent(userAndPassword -> request.header("Authorization", "Basic "
                + Base64.getEncoder().encodeToString(userAndPassword.getBytes(StandardCharsets.UTF_8))));
        return client.build().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
