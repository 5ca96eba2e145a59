package dev.runnel.planner.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** What a filesystem sink has committed: its part files (in-progress files start with a dot). */
public final class PartFiles {
    private PartFiles() {
    }

    /** Every line of every committed part file directly in {@code directory}, sorted. */
    public static List<String> lines(Path directory) throws IOException {
        List<String> lines = new ArrayList<>();
        try (Stream<Path> files = Files.list(directory)) {
            for (Path f : files.filter(p -> p.getFileName().toString().startsWith("part-")).toList()) {
                lines.addAll(Files.readAllLines(f));
            }
        }
        lines.sort(null);
        return lines;
    }
}
