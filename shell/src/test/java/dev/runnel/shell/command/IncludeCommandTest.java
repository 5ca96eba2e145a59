package dev.runnel.shell.command;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.shell.fake.FakeEngine;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code \i FILE}: runs the file's statements, or says why it cannot. */
class IncludeCommandTest {
    @TempDir
    Path dir;

    private final List<String> ran = new ArrayList<>();
    private final ShellCommands commands = new ShellCommands(new FakeEngine(), (name, script, out) -> ran.add(name));

    private String run(String line) {
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            assertThat(commands.run(line, out)).as("the shell keeps running").isTrue();
        }
        return text.toString().strip();
    }

    @Test
    void aMissingFileIsSaidNotToExist() {
        Path missing = dir.resolve("missing.sql");

        assertThat(run("\\i " + missing)).startsWith("[ERROR] \\i: " + missing + " does not exist (relative paths start at ");
        assertThat(ran).isEmpty();
    }

    @Test
    void aDirectoryIsSaidToBeOne() {
        assertThat(run("\\i " + dir)).isEqualTo("[ERROR] \\i: cannot read " + dir + ": it is a directory");
    }

    @Test
    void anExistingFileIsRun() throws Exception {
        Path script = Files.writeString(dir.resolve("setup.sql"), "SELECT 1;\n");

        assertThat(run("\\i " + script)).isEmpty();
        assertThat(ran).containsExactly(script.toString());
    }
}
