package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.fetchAll;
import static dev.runnel.planner.session.EndToEndSupport.partFileLines;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.cluster.JobStatus;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Columns of ROW type: declared in DDL, read from nested JSON, accessed by field, written back. */
class RowTypeEndToEndTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    @TempDir
    Path dir;

    private Session sessionWithPeople() throws Exception {
        Path in = Files.createDirectories(dir.resolve("in"));
        Files.writeString(in.resolve("people.json"), """
                {"id": 1, "person": {"name": "Ann", "address": {"city": "Bend", "zip": 97701}}}
                {"id": 2, "person": {"name": "Bob", "address": null}}
                {"id": 3, "person": null}
                """);
        Session session = new Session(CLUSTER.cluster(), new Configuration(Map.of("parallelism.default", "1")));
        session.execute("CREATE TABLE people (id BIGINT, person ROW<name STRING, address ROW<city STRING, zip INT NOT NULL>>)"
                + " WITH ('connector' = 'filesystem', 'path' = '" + in + "', 'format' = 'json')");
        return session;
    }

    @Test
    void describeShowsTheNestedTypeInFlinkSpelling() throws Exception {
        try (Session session = sessionWithPeople()) {
            List<Row> rows = ((StatementResult.Table) session.execute("DESCRIBE people")).rows();
            // Unlike Flink, a field of a nullable row is nullable (Calcite's rule: a NULL row has NULL fields).
            assertThat(rows.get(1).getField(1))
                    .isEqualTo("ROW<`name` STRING, `address` ROW<`city` STRING, `zip` INT>>");
        }
    }

    @Test
    void nestedFieldsAreReadByNameAndNullRowsGiveNullFields() throws Exception {
        try (Session session = sessionWithPeople()) {
            QueryResult result = (QueryResult) session.execute(
                    "SELECT id, person.name, people.person.address.city, person.address.zip + 1 FROM people");
            assertThat(fetchAll(result)).extracting(Row::toString).containsExactlyInAnyOrder(
                    "+I[1, Ann, Bend, 97702]", "+I[2, Bob, null, null]", "+I[3, null, null, null]");
        }
    }

    @Test
    void filtersOnNestedFields() throws Exception {
        try (Session session = sessionWithPeople()) {
            QueryResult result = (QueryResult) session.execute(
                    "SELECT id FROM people WHERE person.address.city = 'Bend' OR person.name = 'Bob'");
            assertThat(fetchAll(result)).extracting(r -> r.getField(0)).containsExactlyInAnyOrder(1L, 2L);
        }
    }

    @Test
    void aWholeRowColumnIsWrittenAsANestedJsonObject() throws Exception {
        try (Session session = sessionWithPeople()) {
            Path out = dir.resolve("out");
            session.execute("CREATE TABLE copy (id BIGINT, person ROW<name STRING, address ROW<city STRING, zip INT>>)"
                    + " WITH ('connector' = 'filesystem', 'path' = '" + out + "', 'format' = 'json')");
            var job = (StatementResult.JobSubmitted) session.execute("INSERT INTO copy SELECT id, person FROM people WHERE id = 1");
            assertThat(CLUSTER.cluster().jobTermination(job.jobId()).get(60, TimeUnit.SECONDS).status()).isEqualTo(JobStatus.FINISHED);
            assertThat(partFileLines(out)).containsExactly(
                    "{\"id\":1,\"person\":{\"name\":\"Ann\",\"address\":{\"city\":\"Bend\",\"zip\":97701}}}");
        }
    }

    @Test
    void theCsvFormatRefusesANestedRowAtCreateTable() throws Exception {
        try (Session session = sessionWithPeople()) {
            assertThatThrownBy(() -> session.execute("CREATE TABLE c (id BIGINT, p ROW<a INT>) WITH ("
                    + "'connector' = 'filesystem', 'path' = '" + dir.resolve("c") + "', 'format' = 'csv')"))
                    .hasMessageContaining("column 'p' of type ROW<`a` INT>");
        }
    }
}
