package dev.runnel.runtime.connector.nexmark;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The bounded side input of Nexmark q13, as Flink's Nexmark setup writes it (its
 * {@code side_input_gen.sh}): a CSV file of {@value #ROWS} lines {@code i,i} for {@code i} from
 * 0, which q13 reads as its {@code side_input (key BIGINT, value VARCHAR)} lookup table through
 * the filesystem connector, looking up {@code MOD(auction, 10000)}. Query files name its path
 * {@code ${side_input}}; runners substitute the path of the file they wrote.
 */
public final class NexmarkSideInput {
    /** The lines of the file, so every {@code MOD(auction, 10000)} finds one. */
    public static final int ROWS = 10_000;
    /** The variable that query files use for the file's path. */
    public static final String VARIABLE = "side_input";

    private NexmarkSideInput() {
    }

    /** Writes the side input into {@code file}, replacing it. */
    public static void write(Path file) throws IOException {
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int i = 0; i < ROWS; i++) {
                out.write(i + "," + i + "\n");
            }
        }
    }

    /** {@code sql} with every {@code ${side_input}} replaced by {@code file}'s path, quoted for a string literal. */
    public static String substitute(String sql, Path file) {
        return sql.replace("${" + VARIABLE + "}", file.toAbsolutePath().toString().replace("'", "''"));
    }
}
