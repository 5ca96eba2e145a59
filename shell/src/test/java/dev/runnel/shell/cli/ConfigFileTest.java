package dev.runnel.shell.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.config.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** conf/config.yaml as Flink 2 reads it: standard YAML, nested or flat keys, strict about what it holds. */
class ConfigFileTest {
    @TempDir
    Path dir;

    private Path file(String text) throws IOException {
        return Files.writeString(dir.resolve("config.yaml"), text);
    }

    @Test
    void nestedAndFlatKeysAreTheSameSettings() throws IOException {
        Path file = file("""
                # comments and blank lines are fine

                parallelism.default: 2
                execution:
                  checkpointing:
                    interval: 5 s
                    mode: EXACTLY_ONCE
                restart-strategy.type: fixed-delay
                jobmanager:
                  rpc:
                    port: 6124
                var.day: 2024-01-31
                """);
        assertThat(ConfigFile.read(file)).containsExactly(
                java.util.Map.entry("parallelism.default", "2"),
                java.util.Map.entry("execution.checkpointing.interval", "5 s"),
                java.util.Map.entry("execution.checkpointing.mode", "EXACTLY_ONCE"),
                java.util.Map.entry("restart-strategy.type", "fixed-delay"),
                java.util.Map.entry("jobmanager.rpc.port", "6124"),
                java.util.Map.entry("var.day", "2024-01-31"));
    }

    @Test
    void anEmptyFileHasNoSettings() throws IOException {
        assertThat(ConfigFile.read(file("# nothing set\n"))).isEmpty();
    }

    @Test
    void anUnknownKeyNamesTheLineAndTheKeyMeant() throws IOException {
        Path file = file("parallelism.default: 2\nexecution:\n  checkpointing:\n    intervall: 5 s\n");
        assertThatThrownBy(() -> ConfigFile.read(file)).isInstanceOf(ConfigException.class)
                .hasMessage(file + ":4: Unknown configuration key 'execution.checkpointing.intervall'."
                        + " Did you mean 'execution.checkpointing.interval'?");
    }

    @Test
    void aKeySetTwiceABadValueAndBrokenYamlAreErrorsWithTheirLine() throws IOException {
        Path twice = file("rest.port: 8081\nrest:\n  port: 8082\n");
        assertThatThrownBy(() -> ConfigFile.read(twice)).hasMessage(twice + ":3: the key 'rest.port' is set twice");
        Path bad = file("parallelism.default: 0\n");
        assertThatThrownBy(() -> ConfigFile.read(bad)).hasMessageStartingWith(bad + ":1: Invalid value '0' for option"
                + " 'parallelism.default'");
        Path broken = file("parallelism.default: [2\n");
        assertThatThrownBy(() -> ConfigFile.read(broken)).hasMessageStartingWith(broken + ":").hasMessageContaining(
                "not valid YAML");
    }
}
