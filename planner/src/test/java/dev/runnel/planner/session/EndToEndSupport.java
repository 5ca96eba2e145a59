package dev.runnel.planner.session;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.runnel.planner.testing.PartFiles;
import dev.runnel.runtime.cluster.ResultChunk;
import dev.runnel.runtime.data.Row;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What end-to-end session tests read back: a query's rows, a filesystem sink's files and the
 * names of a statement's job vertices.
 */
final class EndToEndSupport {
    private EndToEndSupport() {
    }

    /** Every row (change) of the bounded query {@code sql} run in {@code session}. */
    static List<Row> query(Session session, String sql) {
        return fetchAll((QueryResult) session.execute(sql));
    }

    /** The rows {@code changes} leave in a table, checking that each retraction takes back an earlier row. */
    static List<String> materialize(List<Row> changes) {
        List<String> table = new ArrayList<>();
        for (Row change : changes) {
            Row values = Row.of(change.fields());
            switch (change.kind()) {
                case INSERT, UPDATE_AFTER -> table.add(values.toString());
                case UPDATE_BEFORE, DELETE -> assertThat(table.remove(values.toString()))
                        .as("%s retracts an earlier row", change).isTrue();
            }
        }
        return table;
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
        return PartFiles.lines(directory);
    }

    /**
     * The names of the vertices of the job {@code statement} would submit, from
     * {@code EXPLAIN JSON_EXECUTION_PLAN}: what {@code EmbeddedCluster.failTask} takes.
     */
    static List<String> vertexNames(Session session, String statement) throws IOException {
        String plan = (String) ((StatementResult.Table) session.execute("EXPLAIN JSON_EXECUTION_PLAN " + statement))
                .rows().get(0).getField(0);
        String json = plan.substring(plan.indexOf('{', plan.indexOf("== Physical Execution Plan ==")));
        List<String> names = new ArrayList<>();
        new ObjectMapper().readTree(json).get("vertices").forEach(v -> names.add(v.get("name").asText()));
        return names;
    }
}
