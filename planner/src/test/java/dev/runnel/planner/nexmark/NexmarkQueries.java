package dev.runnel.planner.nexmark;

import dev.runnel.planner.session.Session;
import dev.runnel.runtime.connector.nexmark.NexmarkSchema;
import dev.runnel.runtime.connector.nexmark.NexmarkSideInput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The Nexmark query scripts that the shell ships ({@code shell/src/main/resources/nexmark}), read
 * from the source tree, and the setup a runner prepends: the {@code nexmark} table and its views.
 */
final class NexmarkQueries {
    private NexmarkQueries() {
    }

    static final List<String> NAMES = List.of("q0", "q1", "q2", "q3", "q4", "q5", "q7", "q8", "q9", "q11", "q12",
            "q13", "q14", "q15", "q16", "q17", "q18", "q19", "q20", "q21", "q22");

    private static final Path DIRECTORY = Path.of("..", "shell", "src", "main", "resources", "nexmark");

    private static Path sideInput;

    /** The side input file of q13, written once per JVM into a temporary file deleted at exit. */
    static synchronized Path sideInput() throws IOException {
        if (sideInput == null) {
            Path file = Files.createTempFile("nexmark-side-input", ".csv");
            file.toFile().deleteOnExit();
            NexmarkSideInput.write(file);
            sideInput = file;
        }
        return sideInput;
    }

    /**
     * The statements of a query's script, in order, without their terminating semicolons, with
     * {@code ${side_input}} replaced by the path of {@link #sideInput()}.
     */
    static List<String> statements(String query) {
        try {
            String text = NexmarkSideInput.substitute(Files.readString(DIRECTORY.resolve(query + ".sql")), sideInput());
            return Arrays.stream(text.split(";\\s*(\\n|$)")).map(String::strip).filter(s -> !s.isEmpty()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Creates the bounded {@code nexmark} table, with {@code eventTimeRate} events per second of
     * event time, and the person, auction and bid views in {@code session}.
     */
    static void createSource(Session session, long maxEvents, long eventTimeRate) {
        session.execute(NexmarkSchema.createTable("nexmark", "'connector' = 'nexmark', 'max-events' = '" + maxEvents
                + "', 'event-time-rate' = '" + eventTimeRate + "'"));
        NexmarkSchema.createViews("nexmark").forEach(session::execute);
    }
}
