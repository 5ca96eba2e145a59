package dev.runnel.shell.complete;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.shell.engine.SessionEngine;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Tab inside {@code WITH (…)} against the real connectors of an embedded engine: only options
 * the table would then be accepted with, for each column's type and the format chosen.
 */
class WithOptionsCompletionTest {
    private static SessionEngine engine;

    @BeforeAll
    static void start() {
        engine = SessionEngine.start(new Configuration(Map.of("parallelism.default", "1")));
    }

    @AfterAll
    static void stop() {
        engine.close();
    }

    private static List<String> offered(String input) {
        return Offered.values(new SqlCompletions(engine.metadata()), input, s -> true);
    }

    @Test
    void fieldOptionsFollowTheColumnsTypes() {
        String table = "CREATE TABLE t (id BIGINT NOT NULL, name VARCHAR(10), price DECIMAL(10, 2),"
                + " tags ARRAY<STRING>, total AS price * 2, ts TIMESTAMP(3), PRIMARY KEY (id) NOT ENFORCED)"
                + " WITH ('connector' = 'datagen', ";
        assertThat(offered(table + "'fields.id.|"))
                .containsExactly("'fields.id.kind'", "'fields.id.max'", "'fields.id.min'");
        assertThat(offered(table + "'fields.name.|")).containsExactly("'fields.name.kind'", "'fields.name.length'",
                "'fields.name.null-rate'", "'fields.name.var-len'");
        assertThat(offered(table + "'fields.price.|")).contains("'fields.price.min'")
                .doesNotContain("'fields.price.length'");
        assertThat(offered(table + "'fields.tags.|")).contains("'fields.tags.length'")
                .doesNotContain("'fields.tags.min'");
        assertThat(offered(table + "'fields.ts.|")).contains("'fields.ts.max-past'");
        assertThat(offered(table + "'fields.|")).as("a computed column is not generated")
                .noneMatch(k -> k.startsWith("'fields.total."));
        assertThat(offered(table + "'fields.id.kind' = 'sequence', 'fields.id.|"))
                .containsExactly("'fields.id.end'", "'fields.id.start'");
    }

    @Test
    void formatOptionsOnlyForTheFormatChosen() {
        String table = "CREATE TABLE t (id INT) WITH ('connector' = 'filesystem', 'path' = '/tmp/x', ";
        assertThat(offered(table + "'|")).contains("'format'").noneMatch(k -> k.startsWith("'json."));
        assertThat(offered(table + "'format' = 'csv', '|")).contains("'csv.field-delimiter'")
                .noneMatch(k -> k.startsWith("'json.")).doesNotContain("'path'", "'format'");
    }

    @Test
    void alterTableOffersOptionsForTheTablesColumns() {
        engine.execute("CREATE TABLE numbers (n BIGINT) WITH ('connector' = 'datagen')");
        assertThat(offered("ALTER TABLE numbers SET ('connector' = 'datagen', 'fields.|")).contains("'fields.n.kind'");
    }
}
