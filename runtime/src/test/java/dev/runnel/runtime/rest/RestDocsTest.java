package dev.runnel.runtime.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/rest.md}'s table of endpoints is what the server answers: every endpoint it lists is
 * routed, and every route is listed, so that the two cannot drift apart.
 */
class RestDocsTest {
    /** A table row's first cell: {@code | `GET /jobs/:jobid/checkpoints` |}, the query or body after the path dropped. */
    private static final Pattern ENDPOINT = Pattern.compile("^\\| `(GET|POST|PATCH|DELETE|PUT) (/[^` ?]*)[^`]*` ");

    private static List<String> documented() throws IOException {
        return Files.readAllLines(Path.of("..", "docs", "rest.md"), StandardCharsets.UTF_8).stream()
                .map(ENDPOINT::matcher).filter(Matcher::find)
                .map(m -> m.group(1) + " " + m.group(2)).toList();
    }

    @Test
    void theDocumentedEndpointsAreTheRoutedOnes() throws IOException {
        List<String> routed = RestServer.routes(null).endpoints();

        assertThat(documented()).as("docs/rest.md's endpoints").isNotEmpty()
                .containsExactlyInAnyOrderElementsOf(routed);
    }
}
