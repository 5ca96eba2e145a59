package dev.runnel.planner.session;

import static dev.runnel.planner.session.EndToEndSupport.fetchAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.planner.testing.EmbeddedClusterExtension;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.connector.nexmark.NexmarkSchema;
import dev.runnel.runtime.data.Row;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The nexmark connector with Flink's Nexmark table and views, read by queries. */
class NexmarkEndToEndTest {
    @RegisterExtension
    static final EmbeddedClusterExtension CLUSTER = new EmbeddedClusterExtension();

    private static Session session(int parallelism) {
        Session session = new Session(CLUSTER.cluster(), new Configuration(Map.of("parallelism.default", String.valueOf(parallelism))));
        session.execute(NexmarkSchema.createTable("nexmark", "'connector' = 'nexmark', 'max-events' = '1000'"));
        NexmarkSchema.createViews("nexmark").forEach(session::execute);
        return session;
    }

    @Test
    void theViewsSplitTheEventsOneToThreeToFortySix() {
        try (Session session = session(1)) {
            assertThat(fetchAll((QueryResult) session.execute("SELECT id FROM person"))).hasSize(20);
            assertThat(fetchAll((QueryResult) session.execute("SELECT id FROM auction"))).hasSize(60);
            assertThat(fetchAll((QueryResult) session.execute("SELECT auction FROM bid"))).hasSize(920);
        }
    }

    @Test
    void parallelGenerationYieldsTheEventsOfSerialGeneration() {
        String q1 = "SELECT auction, bidder, 0.908 * price AS price, dateTime, extra FROM bid";
        List<String> serial;
        try (Session session = session(1)) {
            serial = fetchAll((QueryResult) session.execute(q1)).stream().map(Row::toString).sorted().toList();
        }
        try (Session session = session(2)) {
            List<String> parallel = fetchAll((QueryResult) session.execute(q1)).stream().map(Row::toString).sorted().toList();
            assertThat(parallel).isEqualTo(serial);
        }
        assertThat(serial).hasSize(920);
    }

    @Test
    void eventTimeStartsAtTheBaseTimeAndTheComputedDateTimeMatchesTheEvent() {
        try (Session session = session(1)) {
            List<Row> rows = fetchAll((QueryResult) session.execute(
                    "SELECT CAST(MIN_DT AS STRING) FROM (SELECT dateTime AS MIN_DT, event_type FROM nexmark) WHERE event_type = 0"));
            assertThat(rows).isNotEmpty();
            assertThat((String) rows.get(0).getField(0)).startsWith("2015-07-15 00:00:00");
            List<Row> mismatches = fetchAll((QueryResult) session.execute(
                    "SELECT event_type FROM nexmark WHERE dateTime <> COALESCE(bid.dateTime, auction.dateTime, person.dateTime)"));
            assertThat(mismatches).isEmpty();
        }
    }

    @Test
    void aTableWithOtherColumnsIsRefusedAtCreateTable() {
        try (Session session = new Session(CLUSTER.cluster(), new Configuration(Map.of()))) {
            assertThatThrownBy(() -> session.execute("CREATE TABLE n (id BIGINT) WITH ('connector' = 'nexmark')"))
                    .hasMessageContaining("but the nexmark connector produces ROW<`event_type` INT");
            assertThatThrownBy(() -> session.execute(NexmarkSchema.createTable("n2",
                    "'connector' = 'nexmark', 'events-per-second' = '-1'")))
                    .hasMessageContaining("Invalid value '-1' for option 'events-per-second'");
        }
    }
}
