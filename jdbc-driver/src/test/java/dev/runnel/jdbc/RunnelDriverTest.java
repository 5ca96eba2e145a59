package dev.runnel.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class RunnelDriverTest {

    private final RunnelDriver driver = new RunnelDriver();

    @Test
    void driverManagerFindsTheDriverThroughItsServiceFile() throws SQLException {
        assertThat(DriverManager.getDriver("jdbc:runnel://localhost:8765")).isInstanceOf(RunnelDriver.class);
    }

    @Test
    void otherDriversUrlsAreNotOurs() throws SQLException {
        assertThat(driver.acceptsURL("jdbc:runnel://h:1")).isTrue();
        assertThat(driver.acceptsURL("jdbc:avatica:remote:url=http://h:1")).isFalse();
        assertThat(driver.connect("jdbc:postgresql://h/db", new Properties())).isNull();
    }

    @Test
    void nameAndVersionComeFromTheBuild() {
        assertThat(driver.getDriverVersion().name).isEqualTo("Runnel JDBC Driver");
        assertThat(driver.getDriverVersion().productName).isEqualTo("Runnel");
        String version = driver.getDriverVersion().versionString;
        assertThat(version).matches("\\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");
        assertThat(driver.getMajorVersion()).isEqualTo(Integer.parseInt(version.split("\\.")[0]));
        assertThat(driver.getMinorVersion()).isEqualTo(Integer.parseInt(version.split("\\.")[1]));
    }

    @Test
    void propertyInfoListsTheKnownPropertiesWithWhatIsGiven() throws SQLException {
        Properties info = new Properties();
        info.setProperty("user", "bob");
        DriverPropertyInfo[] props = driver.getPropertyInfo("jdbc:runnel://h:1?ssl=true", info);

        assertThat(props).extracting(p -> p.name).containsExactly("user", "password", "ssl",
                "truststore", "truststore_password", "hostname_verification", "fetch_size", "connect_timeout");
        assertThat(Arrays.stream(props).filter(p -> p.name.equals("user")).findFirst().orElseThrow().value)
                .isEqualTo("bob");
        assertThat(Arrays.stream(props).filter(p -> p.name.equals("ssl")).findFirst().orElseThrow().value)
                .isEqualTo("true");
    }

    @Test
    void aMalformedUrlFailsInConnect() {
        assertThatThrownBy(() -> DriverManager.getConnection("jdbc:runnel:foo"))
                .isInstanceOf(SQLException.class)
                .hasMessageStartingWith("Malformed Runnel JDBC URL 'jdbc:runnel:foo'");
    }

    @Test
    void aGatewayThatIsNotThereFailsInConnect() throws IOException {
        int port = freePort();
        assertThatThrownBy(() -> DriverManager.getConnection("jdbc:runnel://127.0.0.1:" + port))
                .isInstanceOf(SQLException.class)
                .hasMessage("Cannot reach the Runnel gateway at http://127.0.0.1:" + port + ": Connection refused")
                .extracting(e -> ((SQLException) e).getSQLState()).isEqualTo("08001");
    }

    @Test
    void anUnknownHostFailsInConnect() {
        assertThatThrownBy(() -> DriverManager.getConnection("jdbc:runnel://no-such-host.invalid:8765"))
                .isInstanceOf(SQLException.class)
                .hasMessage("Cannot reach the Runnel gateway at http://no-such-host.invalid:8765:"
                        + " unknown host 'no-such-host.invalid'");
    }

    @Test
    void connectsAndSendsTheUserAndSessionOptionsToTheGateway() throws Exception {
        try (FakeGateway gateway = FakeGateway.withBasicAuth("alice", "secret")) {
            try (Connection c = DriverManager.getConnection(
                    gateway.jdbcUrl() + "?table.exec.mini-batch.enabled=true", "alice", "secret")) {
                assertThat(c.getMetaData().getDatabaseProductName()).isEqualTo("Runnel");
                assertThat(c.getMetaData().getDriverName()).isEqualTo("Runnel JDBC Driver");
            }
            assertThat(gateway.openedSessions()).containsExactly(Map.of(
                    "user", "alice", "table.exec.mini-batch.enabled", "true"));
        }
    }

    @Test
    void aWrongPasswordIsRefused() throws Exception {
        try (FakeGateway gateway = FakeGateway.withBasicAuth("alice", "secret")) {
            assertThatThrownBy(() -> DriverManager.getConnection(gateway.jdbcUrl(), "alice", "guess"))
                    .isInstanceOf(SQLException.class)
                    .hasMessage("Authentication failed for user 'alice' at http://127.0.0.1:" + gateway.port()
                            + " (HTTP 401): wrong user or password")
                    .extracting(e -> ((SQLException) e).getSQLState()).isEqualTo("28000");
            assertThat(gateway.openedSessions()).isEmpty();
        }
    }

    @Test
    void noCredentialsForAGatewayThatWantsThem() throws Exception {
        try (FakeGateway gateway = FakeGateway.withBasicAuth("alice", "secret")) {
            assertThatThrownBy(() -> DriverManager.getConnection(gateway.jdbcUrl()))
                    .isInstanceOf(SQLException.class)
                    .hasMessage("The Runnel gateway at http://127.0.0.1:" + gateway.port()
                            + " requires a user and password (HTTP 401)");
        }
    }

    @Test
    void aSessionTheGatewayRefusesCarriesItsReason() throws Exception {
        try (FakeGateway gateway = FakeGateway.refusing("unknown option 'table.nope'")) {
            assertThatThrownBy(() -> DriverManager.getConnection(gateway.jdbcUrl() + "?table.nope=1"))
                    .isInstanceOf(SQLException.class)
                    .hasMessage("The Runnel gateway at http://127.0.0.1:" + gateway.port()
                            + " refused the connection: unknown option 'table.nope'")
                    .extracting(e -> ((SQLException) e).getSQLState()).isEqualTo("42000");
        }
    }

    @Test
    void aServerThatIsNoGatewaySaysSo() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        server.start();
        try {
            int port = server.getAddress().getPort();
            assertThatThrownBy(() -> DriverManager.getConnection("jdbc:runnel://127.0.0.1:" + port))
                    .isInstanceOf(SQLException.class)
                    .hasMessage("The server at http://127.0.0.1:" + port
                            + " answered HTTP 404; is a Runnel gateway (runnel gateway) listening there?");
        } finally {
            server.stop(0);
        }
    }

    @Test
    @Timeout(30)
    void aServerThatHangsUpWithoutAnswerIsGivenUpOn() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread hangUp = new Thread(() -> {
                while (!server.isClosed()) {
                    try (Socket s = server.accept()) {
                        s.getInputStream().read();
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            hangUp.setDaemon(true);
            hangUp.start();
            int port = server.getLocalPort();
            assertThatThrownBy(() -> DriverManager.getConnection("jdbc:runnel://127.0.0.1:" + port))
                    .isInstanceOf(SQLException.class)
                    .hasMessage("The server at http://127.0.0.1:" + port + " closed the connection without"
                            + " an HTTP answer; is a Runnel gateway (runnel gateway) listening there?");
        }
    }

    /** A port nobody listens on: the OS hands out a free one, and we let it go again. */
    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
