package dev.runnel.shell.gateway.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GatewayUsersTest {
    /** Few rounds, so that tests are quick; the file stores the count per line. */
    static final int FAST = 1_000;

    @TempDir
    Path dir;

    @Test
    void aSavedUserIsVerifiedWithTheirPasswordOnly() {
        Path file = dir.resolve("conf/gateway-users");
        GatewayUsers.load(file).with("alice", "s3cret".toCharArray(), FAST).with("bob", "hunter2".toCharArray(), FAST)
                .save();

        GatewayUsers users = GatewayUsers.load(file);
        assertThat(users.names()).containsExactly("alice", "bob");
        assertThat(users.verify("alice", "s3cret".toCharArray())).isTrue();
        assertThat(users.verify("bob", "hunter2".toCharArray())).isTrue();
        assertThat(users.verify("alice", "hunter2".toCharArray())).as("another user's password").isFalse();
        assertThat(users.verify("alice", "s3cret ".toCharArray())).isFalse();
        assertThat(users.verify("alice", new char[0])).isFalse();
        assertThat(users.verify("carol", "s3cret".toCharArray())).as("unknown user").isFalse();
        assertThat(users.verify(null, "s3cret".toCharArray())).isFalse();
    }

    @Test
    void eachLineHoldsSchemeIterationsSaltAndHash() throws IOException {
        Path file = dir.resolve("users");
        GatewayUsers.load(file).with("alice", "pw".toCharArray()).with("bob", "pw".toCharArray(), FAST).save();

        List<String> lines = Files.readAllLines(file).stream().filter(line -> !line.startsWith("#")).toList();
        assertThat(lines).hasSize(2);
        String[] alice = lines.get(0).split(":");
        String[] bob = lines.get(1).split(":");
        assertThat(alice[0]).isEqualTo("alice");
        assertThat(alice[1]).isEqualTo("pbkdf2-sha256");
        assertThat(Integer.parseInt(alice[2])).isEqualTo(GatewayUsers.DEFAULT_ITERATIONS).isGreaterThanOrEqualTo(600_000);
        assertThat(Base64.getDecoder().decode(alice[3])).hasSize(16);
        assertThat(Base64.getDecoder().decode(alice[4])).hasSize(32);
        assertThat(bob[2]).isEqualTo(String.valueOf(FAST));
        assertThat(bob[3]).as("a salt of its own, so equal passwords hash apart").isNotEqualTo(alice[3]);
        assertThat(bob[4]).isNotEqualTo(alice[4]);
        assertThat(GatewayUsers.load(file).verify("alice", "pw".toCharArray())).isTrue();
    }

    @Test
    void settingAPasswordAgainReplacesIt() {
        Path file = dir.resolve("users");
        GatewayUsers.load(file).with("alice", "old".toCharArray(), FAST).save();
        GatewayUsers.load(file).with("alice", "new".toCharArray(), FAST).save();

        GatewayUsers users = GatewayUsers.load(file);
        assertThat(users.names()).containsExactly("alice");
        assertThat(users.verify("alice", "old".toCharArray())).isFalse();
        assertThat(users.verify("alice", "new".toCharArray())).isTrue();
        users.without("alice").save();
        assertThat(GatewayUsers.load(file).isEmpty()).isTrue();
    }

    @Test
    void aMissingFileHasNoUsers() {
        assertThat(GatewayUsers.load(dir.resolve("absent")).isEmpty()).isTrue();
    }

    @Test
    void theFileIsTheOwnersOnlyAndReplacedWithoutLeavingTemporaryFiles() throws IOException {
        Path file = dir.resolve("users");
        GatewayUsers.load(file).with("alice", "pw".toCharArray(), FAST).save();
        GatewayUsers.load(file).with("bob", "pw".toCharArray(), FAST).save();

        try (var entries = Files.list(dir)) {
            assertThat(entries).containsExactly(file);
        }
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
            assertThat(GatewayUsers.permissionProblem(file)).isEmpty();
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
            assertThat(GatewayUsers.permissionProblem(file)).hasValueSatisfying(problem ->
                    assertThat(problem).contains(file.toString()).contains("chmod 600"));
        }
    }

    @Test
    void aMalformedLineIsAnErrorNamingFileAndLine() throws IOException {
        Path file = dir.resolve("users");
        GatewayUsers.load(file).with("alice", "pw".toCharArray(), FAST).save();
        String good = Files.readString(file);
        long lines = good.lines().count();

        Files.writeString(file, good + "\nbob:pbkdf2-sha256:1000:notbase64!:AAAA\n");
        assertThatThrownBy(() -> GatewayUsers.load(file)).isInstanceOf(GatewaySecurityException.class)
                .hasMessageStartingWith(file + ":" + (lines + 2) + ": ").hasMessageContaining("base64");

        Files.writeString(file, "bob:plain:secret\n");
        assertThatThrownBy(() -> GatewayUsers.load(file)).hasMessageStartingWith(file + ":1: ")
                .hasMessageContaining("NAME:pbkdf2-sha256:ITERATIONS:SALT:HASH");

        Files.writeString(file, "bob:md5:1:AAAA:AAAA\n");
        assertThatThrownBy(() -> GatewayUsers.load(file)).hasMessageContaining(":1: unknown password scheme 'md5'");

        Files.writeString(file, good + good.lines().filter(line -> line.startsWith("alice")).findFirst().orElseThrow());
        assertThatThrownBy(() -> GatewayUsers.load(file)).hasMessageContaining("user 'alice' appears twice");
    }

    @Test
    void aNameMustFitTheFile() {
        GatewayUsers users = GatewayUsers.load(dir.resolve("users"));
        assertThatThrownBy(() -> users.with("al:ice", "pw".toCharArray(), FAST))
                .isInstanceOf(GatewaySecurityException.class).hasMessageContaining("'al:ice' is not a user name");
        assertThatThrownBy(() -> users.with("alice", new char[0], FAST)).hasMessageContaining("must not be empty");
    }

    @Test
    void aPasswordFileGivesItsFirstLineWithoutTheLineEnd() throws IOException {
        Path file = dir.resolve("pw");
        Files.writeString(file, "s3cret pass\r\nsecond line\n");
        assertThat(PasswordFile.read(file.toString(), null, "--password-file")).containsExactly("s3cret pass".toCharArray());
        Files.writeString(file, "no newline");
        assertThat(PasswordFile.read(file.toString(), null, "--password-file")).containsExactly("no newline".toCharArray());
        assertThat(PasswordFile.read("-", new ByteArrayInputStream("from stdin\n".getBytes(StandardCharsets.UTF_8)),
                "--password-file")).containsExactly("from stdin".toCharArray());

        Files.writeString(file, "\nsecond");
        assertThatThrownBy(() -> PasswordFile.read(file.toString(), null, "--password-file"))
                .isInstanceOf(GatewaySecurityException.class).hasMessageContaining("(--password-file) is empty");
        assertThatThrownBy(() -> PasswordFile.read(dir.resolve("absent").toString(), null, "--password-file"))
                .hasMessageContaining("Cannot read the password file").hasMessageContaining("absent");
    }
}
