package dev.runnel.shell.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.shell.ShellRun;
import dev.runnel.shell.engine.EngineFactory;
import dev.runnel.shell.gateway.security.GatewayUsers;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GatewayCommandTest {
    private static final EngineFactory NO_ENGINE = configuration -> {
        throw new AssertionError("runnel gateway add-user starts no engine");
    };

    @TempDir
    Path dir;

    @AfterEach
    void forgetHome() {
        System.clearProperty("runnel.home");
    }

    @Test
    void addUserReadsThePasswordFromAFileIntoTheUserFileUnderRunnelHome() throws IOException {
        System.setProperty("runnel.home", dir.resolve("home").toString());
        Path password = Files.writeString(dir.resolve("alice.pw"), "s3cret\n");

        ShellRun run = ShellRun.of(NO_ENGINE, "gateway", "add-user", "alice", "--password-file", password.toString());

        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isZero();
        Path file = dir.resolve("home/conf/gateway-users");
        assertThat(GatewayUsers.defaultFile()).isEqualTo(file);
        assertThat(run.out()).contains("Added gateway user alice in " + file);
        assertThat(Files.readString(file)).doesNotContain("s3cret");
        assertThat(GatewayUsers.load(file).verify("alice", "s3cret".toCharArray())).isTrue();
        assertThat(GatewayUsers.load(file).verify("alice", "s3cret\n".toCharArray())).isFalse();
    }

    @Test
    void addUserWithADashReadsStandardInputAndReplacesAPassword() {
        Path file = dir.resolve("users");
        ShellRun first = ShellRun.withInput(stdin("first\n"), NO_ENGINE, "gateway", "add-user", "bob",
                "--password-file", "-", "--users-file", file.toString());
        ShellRun second = ShellRun.withInput(stdin("second\n"), NO_ENGINE, "gateway", "add-user", "bob",
                "--password-file", "-", "--users-file", file.toString());

        assertThat(first.exitCode()).isZero();
        assertThat(second.exitCode()).isZero();
        assertThat(second.out()).contains("Set the password of gateway user bob");
        GatewayUsers users = GatewayUsers.load(file);
        assertThat(users.verify("bob", "first".toCharArray())).isFalse();
        assertThat(users.verify("bob", "second".toCharArray())).isTrue();

        ShellRun removed = ShellRun.of(NO_ENGINE, "gateway", "remove-user", "bob", "--users-file", file.toString());
        assertThat(removed.exitCode()).isZero();
        assertThat(GatewayUsers.load(file).isEmpty()).isTrue();
        ShellRun again = ShellRun.of(NO_ENGINE, "gateway", "remove-user", "bob", "--users-file", file.toString());
        assertThat(again.exitCode()).isEqualTo(1);
        assertThat(again.err()).contains("has no gateway user bob");
    }

    @Test
    void aPasswordIsNeverTakenFromTheCommandLine() throws IOException {
        Path file = dir.resolve("users");
        Path password = Files.writeString(dir.resolve("alice.pw"), "s3cret\n");
        ShellRun withoutFile = ShellRun.of(NO_ENGINE, "gateway", "add-user", "alice", "--users-file", file.toString());
        ShellRun withPassword = ShellRun.of(NO_ENGINE, "gateway", "add-user", "alice", "--password", "s3cret",
                "--password-file", password.toString(), "--users-file", file.toString());

        assertThat(withoutFile.exitCode()).isEqualTo(2);
        assertThat(withoutFile.err()).contains("--password-file");
        assertThat(withPassword.exitCode()).isEqualTo(2);
        assertThat(withPassword.err()).contains("Unknown options: '--password'");
        assertThat(file).doesNotExist();
    }

    @Test
    void anEmptyOrMissingPasswordFileIsRefused() throws IOException {
        Path file = dir.resolve("users");
        Path empty = Files.writeString(dir.resolve("empty.pw"), "\n");
        ShellRun emptyRun = ShellRun.of(NO_ENGINE, "gateway", "add-user", "alice", "--password-file", empty.toString(),
                "--users-file", file.toString());
        ShellRun missingRun = ShellRun.of(NO_ENGINE, "gateway", "add-user", "alice", "--password-file",
                dir.resolve("absent.pw").toString(), "--users-file", file.toString());

        assertThat(emptyRun.exitCode()).isEqualTo(1);
        assertThat(emptyRun.err()).contains("[ERROR] The password file " + empty + " (--password-file) is empty");
        assertThat(missingRun.exitCode()).isEqualTo(1);
        assertThat(missingRun.err()).contains("[ERROR] Cannot read the password file");
        assertThat(file).doesNotExist();
    }

    private static ByteArrayInputStream stdin(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }
}
