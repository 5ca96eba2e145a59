package dev.runnel.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The packaged driver jar, as a tool gets it: self-contained, every third-party package
 * relocated, no engine classes, one driver registered, and speaking upstream Avatica's wire
 * protocol (the fake gateway runs unrelocated Avatica).
 */
@Timeout(60)
class ShadedJarIT {

    private static final Pattern ENGINE_REFERENCE = Pattern.compile("dev/runnel/(?!jdbc/)");
    private static final List<String> UNRELOCATED = List.of(
            "org/apache/calcite/", "com/google/protobuf/", "org/apache/hc/", "com/fasterxml/",
            "org/slf4j/", "org/joou/");

    private static Path jar;
    private static URLClassLoader isolated;
    private static Driver driver;

    @BeforeAll
    static void loadTheJarAlone() throws IOException {
        jar = Path.of(System.getProperty("runnel.jdbc.jar", "target/runnel-jdbc-driver.jar"));
        assertThat(jar).isRegularFile();
        // The platform loader as parent: java.sql, and nothing of this build's class path.
        isolated = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
        List<Driver> drivers = new ArrayList<>();
        ServiceLoader.load(Driver.class, isolated).forEach(drivers::add);
        assertThat(drivers).hasSize(1);
        driver = drivers.get(0);
    }

    @AfterAll
    static void close() throws IOException {
        isolated.close();
    }

    @Test
    void theJarRegistersRunnelsDriverAndNoOther() throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            JarEntry services = file.getJarEntry("META-INF/services/java.sql.Driver");
            String content = new String(file.getInputStream(services).readAllBytes(), StandardCharsets.UTF_8);
            assertThat(content.strip()).isEqualTo("dev.runnel.jdbc.RunnelDriver");
        }
        assertThat(driver.getClass().getName()).isEqualTo("dev.runnel.jdbc.RunnelDriver");
        assertThat(driver.getClass().getClassLoader()).isSameAs(isolated);
    }

    @Test
    void everyClassIsTheDriversOrRelocatedUnderIt() throws IOException {
        List<String> classes = entries().stream().filter(n -> n.endsWith(".class")).toList();
        assertThat(classes).isNotEmpty().allMatch(n -> n.startsWith("dev/runnel/jdbc/"));
        assertThat(classes).contains("dev/runnel/jdbc/RunnelDriver.class",
                "dev/runnel/jdbc/shaded/avatica/remote/Driver.class",
                "dev/runnel/jdbc/shaded/protobuf/Message.class");
        for (String prefix : UNRELOCATED) {
            assertThat(entries()).as("entries under %s", prefix).noneMatch(n -> n.startsWith(prefix));
        }
    }

    @Test
    void noClassRefersToTheEngineOrToAnUnrelocatedPackage() throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            for (JarEntry entry : file.stream().filter(e -> e.getName().endsWith(".class")).toList()) {
                // Class names sit in the constant pool as UTF-8; Latin-1 keeps every byte.
                String text = new String(file.getInputStream(entry).readAllBytes(), StandardCharsets.ISO_8859_1);
                assertThat(ENGINE_REFERENCE.matcher(text).find()).as("%s refers to dev/runnel/", entry).isFalse();
                for (String prefix : UNRELOCATED) {
                    assertThat(text).as("%s refers to %s", entry.getName(), prefix).doesNotContain(prefix);
                }
            }
        }
    }

    @Test
    void aGatewayThatIsNotThereGivesTheClearError() throws IOException {
        int port = RunnelDriverTest.freePort();
        assertThatThrownBy(() -> driver.connect("jdbc:runnel://127.0.0.1:" + port, new Properties()))
                .isInstanceOf(SQLException.class)
                .hasMessage("Cannot reach the Runnel gateway at http://127.0.0.1:" + port + ": Connection refused");
    }

    @Test
    void connectsToAGatewayAndRefusesAWrongPassword() throws Exception {
        try (FakeGateway gateway = FakeGateway.withBasicAuth("alice", "secret")) {
            try (Connection c = driver.connect(gateway.jdbcUrl(), credentials("alice", "secret"))) {
                assertThat(c.getMetaData().getDatabaseProductName()).isEqualTo("Runnel");
                assertThat(c.getClass().getClassLoader()).isSameAs(isolated);
            }
            assertThatThrownBy(() -> driver.connect(gateway.jdbcUrl(), credentials("alice", "guess")))
                    .isInstanceOf(SQLException.class)
                    .hasMessageStartingWith("Authentication failed for user 'alice' at http://127.0.0.1:");
        }
    }

    @Test
    void otherUrlsAreLeftToOtherDrivers() throws SQLException {
        assertThat(driver.acceptsURL("jdbc:avatica:remote:url=http://127.0.0.1:1")).isFalse();
        assertThat(driver.connect("jdbc:avatica:remote:url=http://127.0.0.1:1", new Properties())).isNull();
    }

    private static List<String> entries() throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.stream().map(JarEntry::getName).toList();
        }
    }

    private static Properties credentials(String user, String password) {
        Properties info = new Properties();
        info.setProperty("user", user);
        info.setProperty("password", password);
        return info;
    }
}
