package dev.runnel.runtime.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The runtime runs job graphs and knows nothing about SQL: no planner or Calcite imports. */
class RuntimeImportsTest {

    @Test
    void runtimeSourcesImportNeitherThePlannerNorCalcite() throws IOException {
        Path sources = Path.of("src/main/java");
        assertThat(sources).isDirectory();
        List<String> offenders;
        try (Stream<Path> files = Files.walk(sources)) {
            offenders = files.filter(f -> f.toString().endsWith(".java"))
                    .flatMap(f -> lines(f).filter(RuntimeImportsTest::forbidden).map(l -> sources.relativize(f) + ": " + l))
                    .toList();
        }
        assertThat(offenders).isEmpty();
    }

    private static boolean forbidden(String line) {
        String l = line.trim();
        return (l.startsWith("import ") || l.startsWith("import static "))
                && (l.contains("org.apache.calcite") || l.contains("dev.runnel.planner") || l.contains("dev.runnel.sql"));
    }

    private static Stream<String> lines(Path file) {
        try {
            return Files.readAllLines(file).stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
