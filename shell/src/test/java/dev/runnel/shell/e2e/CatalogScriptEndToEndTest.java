package dev.runnel.shell.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.shell.ShellRun;
import dev.runnel.shell.engine.SessionEngine;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Catalog statements (databases, views, ALTER TABLE, the SHOW forms) in a script run by the
 * shell on an embedded cluster; its whole output is compared with {@code e2e/catalog_objects.out}
 * ({@code -Drunnel.e2e.regenerate=true} rewrites it).
 */
class CatalogScriptEndToEndTest {
    private static final Path EXPECTED = Path.of("src/test/resources/e2e/catalog_objects.out");

    @TempDir
    Path tmp;

    @Test
    void databasesViewsAndAlteredTablesInAScript() throws IOException {
        Path out = tmp.resolve("big_out");
        String script = read("catalog_objects.sql").replace("${OUT}", out.toString());
        Path file = tmp.resolve("catalog_objects.sql");
        Files.writeString(file, script);

        ShellRun run = ShellRun.of(SessionEngine::start, "-f", file.toString());

        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isZero();
        String actual = ShellEndToEndTest.maskJobIds(run.out());
        if (Boolean.getBoolean("runnel.e2e.regenerate")) {
            Files.writeString(EXPECTED, actual);
        }
        assertThat(actual).isEqualTo(read("catalog_objects.out"));
        assertThat(ShellEndToEndTest.linesOfFilesIn(out)).containsExactlyInAnyOrder("3,12", "4,13", "5,14");
    }

    private static String read(String resource) throws IOException {
        try (InputStream in = CatalogScriptEndToEndTest.class.getResourceAsStream("/e2e/" + resource)) {
            if (in == null) {
                throw new IOException("No test resource e2e/" + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
