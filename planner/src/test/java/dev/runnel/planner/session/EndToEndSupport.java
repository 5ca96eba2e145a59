package dev.runnel.planner.session;

import dev.runnel.runtime.cluster.ResultChunk;
import dev.runnel.runtime.data.Row;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** What end-to-end session tests read back: a query's rows and a filesystem sink's files. */
final class EndToEndSupport {
    private EndToEndSupport() {
    }

    /** Every row of a bounded query, fetching until the end of its result. */
    static List<Row> fetchAll(QueryResult result) {
        List<Row> rows = new ArrayList<>();
        while (true) {
            ResultChunk chunk = result.fetch(Duration.ofSeconds(10));
            rows.addAll(chunk.rows());
            if (chunk.endOfResult()) {
                return rows;
            }
        }
    }

    /** Every line of every committed part file in {@code directory}, sorted. */
    static List<String> partFileLines(Path directory) throws IOException {
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
