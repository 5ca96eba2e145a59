package dev.runnel.runtime.arch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The runtime runs job graphs and knows nothing about SQL (DESIGN.md): neither Calcite nor the
 * planner may be on its classpath, and no runtime source may import them.
 */
class RuntimeIsSqlFreeTest {

    @Test
    void calciteAndPlannerAreNotOnTheRuntimeClasspath() {
        assertThatThrownBy(() -> Class.forName("org.apache.calcite.rel.RelNode"))
                .isInstanceOf(ClassNotFoundException.class);
        assertThatThrownBy(() -> Class.forName("dev.runnel.planner.session.Session"))
                .isInstanceOf(ClassNotFoundException.class);
    }

    @Test
    void noRuntimeSourceImportsSqlClasses() throws IOException {
        Path sources = Path.of("src/main/java");
        List<Path> offenders;
        try (Stream<Path> files = Files.walk(sources)) {
            offenders = files.filter(p -> p.toString().endsWith(".java"))
                    .filter(RuntimeIsSqlFreeTest::importsSql)
                    .toList();
        }
        assertThat(offenders).as("runtime sources importing Calcite or the planner").isEmpty();
    }

    private static boolean importsSql(Path file) {
        try {
            return Files.readAllLines(file).stream().anyMatch(line -> line.startsWith("import org.apache.calcite")
                    || line.startsWith("import dev.runnel.planner") || line.startsWith("import dev.runnel.sql"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
