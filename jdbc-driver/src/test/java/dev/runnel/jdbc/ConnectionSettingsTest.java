package dev.runnel.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConnectionSettingsTest {

    @Test
    void aBareUrlIsPlainHttpWithProtobufAndNoAuthentication() throws SQLException {
        ConnectionSettings s = ConnectionSettings.of("jdbc:runnel://localhost:8765", new Properties());

        assertThat(s.gatewayUrl()).isEqualTo("http://localhost:8765");
        assertThat(s.user()).isEmpty();
        assertThat(s.fetchSize()).isEqualTo(100);
        assertThat(s.connectTimeoutSeconds()).isEqualTo(10);
        assertThat(s.toAvaticaProperties()).containsOnly(
                Map.entry("url", "http://localhost:8765"),
                Map.entry("serialization", "PROTOBUF"),
                Map.entry("factory", GatewayServiceFactory.class.getName()),
                Map.entry("httpclient_impl", GatewayHttpClient.class.getName()),
                Map.entry("hostname_verification", "STRICT"),
                Map.entry("fetch_size", "100"),
                Map.entry("http_connection_timeout", "10000"));
    }

    @Test
    void aUserInTheUrlTurnsOnBasicAuthentication() throws SQLException {
        Properties avatica = ConnectionSettings.of(
                "jdbc:runnel://h:1?user=bob&password=pw", null).toAvaticaProperties();

        assertThat(avatica).contains(
                Map.entry("authentication", "BASIC"),
                Map.entry("avatica_user", "bob"),
                Map.entry("avatica_password", "pw"),
                Map.entry("user", "bob"));
        assertThat(avatica).doesNotContainKey("password");
    }

    @Test
    void theGetConnectionUserAndPasswordWinOverTheUrls() throws SQLException {
        ConnectionSettings s = ConnectionSettings.of(
                "jdbc:runnel://h:1?user=url-user&password=url-pw", credentials("alice", "secret"));

        assertThat(s.user()).contains("alice");
        assertThat(s.password()).isEqualTo("secret");
    }

    @Test
    void blankCredentialsFromATool() throws SQLException {
        ConnectionSettings fromUrl = ConnectionSettings.of(
                "jdbc:runnel://h:1?user=bob&password=pw", credentials("", ""));
        assertThat(fromUrl.user()).contains("bob");
        assertThat(fromUrl.password()).isEqualTo("pw");

        ConnectionSettings none = ConnectionSettings.of("jdbc:runnel://h:1", credentials("", ""));
        assertThat(none.user()).isEmpty();
        assertThat(none.toAvaticaProperties()).doesNotContainKey("authentication");
    }

    @Test
    void aUserWithoutAPasswordSendsAnEmptyOne() throws SQLException {
        ConnectionSettings s = ConnectionSettings.of("jdbc:runnel://h:1", credentials("bob", null));
        assertThat(s.toAvaticaProperties()).contains(Map.entry("avatica_password", ""));
    }

    @Test
    void knownKeysMatchWhateverTheirCase() throws SQLException {
        Properties info = new Properties();
        info.setProperty("User", "bob");
        ConnectionSettings s = ConnectionSettings.of("jdbc:runnel://h:1?SSL=TRUE&Fetch_Size=500", info);
        assertThat(s.user()).contains("bob");
        assertThat(s.ssl()).isTrue();
        assertThat(s.fetchSize()).isEqualTo(500);
    }

    @Test
    void sslSwitchesToHttpsWithATruststore(@TempDir Path dir) throws SQLException, IOException {
        File store = Files.createFile(dir.resolve("trust.p12")).toFile();
        ConnectionSettings s = ConnectionSettings.of("jdbc:runnel://gw:8443?ssl=true&truststore="
                + store.getPath() + "&truststore_password=changeit&hostname_verification=none", null);

        assertThat(s.gatewayUrl()).isEqualTo("https://gw:8443");
        assertThat(s.toAvaticaProperties()).contains(
                Map.entry("url", "https://gw:8443"),
                Map.entry("truststore", store.getPath()),
                Map.entry("truststore_password", "changeit"),
                Map.entry("hostname_verification", "NONE"));
    }

    @Test
    void anIpv6GatewayUrlKeepsItsBrackets() throws SQLException {
        assertThat(ConnectionSettings.of("jdbc:runnel://[::1]:9", null).gatewayUrl())
                .isEqualTo("http://[::1]:9");
    }

    @Test
    void keysWithADotAreSessionOptionsForTheGateway() throws SQLException {
        Properties info = new Properties();
        info.setProperty("execution.runtime-mode", "batch");
        ConnectionSettings s = ConnectionSettings.of(
                "jdbc:runnel://h:1?table.exec.mini-batch.enabled=true&table.exec.mini-batch.size=5000", info);

        assertThat(s.sessionOptions()).containsExactly(
                Map.entry("table.exec.mini-batch.enabled", "true"),
                Map.entry("table.exec.mini-batch.size", "5000"),
                Map.entry("execution.runtime-mode", "batch"));
        assertThat(s.toAvaticaProperties()).contains(Map.entry("execution.runtime-mode", "batch"));
    }

    @Test
    void anUnknownUrlPropertyIsNamedWithTheKnownOnes() {
        assertThatThrownBy(() -> ConnectionSettings.of("jdbc:runnel://h:1?user=a&password=p&colour=red", null))
                .isInstanceOf(SQLException.class)
                .hasMessage("Unknown property 'colour' in the Runnel JDBC URL"
                        + " 'jdbc:runnel://h:1?user=a&password=***&colour=red'; known properties: user, password,"
                        + " ssl, truststore, truststore_password, hostname_verification, fetch_size,"
                        + " connect_timeout, and session options with a dot in their name"
                        + " (table.exec.mini-batch.enabled=true)");
    }

    @Test
    void anUnknownConnectionPropertyIsRefusedToo() {
        Properties info = new Properties();
        info.setProperty("serialization", "JSON");
        assertThatThrownBy(() -> ConnectionSettings.of("jdbc:runnel://h:1", info))
                .isInstanceOf(SQLException.class)
                .hasMessageStartingWith("Unknown property 'serialization' among the connection properties;");
    }

    @Test
    void badValuesSayWhatIsExpected() {
        assertInvalid("jdbc:runnel://h:1?ssl=yes", "ssl must be true or false, not 'yes'");
        assertInvalid("jdbc:runnel://h:1?fetch_size=0", "fetch_size must be a positive whole number, not '0'");
        assertInvalid("jdbc:runnel://h:1?connect_timeout=soon",
                "connect_timeout must be a positive whole number, not 'soon'");
        assertInvalid("jdbc:runnel://h:1?ssl=true&hostname_verification=lax",
                "hostname_verification must be STRICT or NONE, not 'lax'");
        assertInvalid("jdbc:runnel://h:1?password=pw", "a password is given without a user");
        assertInvalid("jdbc:runnel://h:1?truststore=/x", "'truststore' applies only with ssl=true");
        assertInvalid("jdbc:runnel://h:1?ssl=true&truststore=/no/such/file",
                "cannot read the truststore file '/no/such/file'");
    }

    private static void assertInvalid(String url, String reason) {
        assertThatThrownBy(() -> ConnectionSettings.of(url, null))
                .isInstanceOf(SQLException.class)
                .hasMessage("Invalid Runnel connection settings: " + reason);
    }

    private static Properties credentials(String user, String password) {
        Properties info = new Properties();
        Optional.ofNullable(user).ifPresent(u -> info.setProperty("user", u));
        Optional.ofNullable(password).ifPresent(p -> info.setProperty("password", p));
        return info;
    }
}
