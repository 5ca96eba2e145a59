package dev.runnel.planner.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.config.Configuration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code FOR SYSTEM_TIME AS OF} a processing-time attribute of a table that cannot be looked up:
 * Flink 2.3 runs a processing-time temporal join only as a lookup join and refuses the others,
 * checking the join key, then the primary key; Runnel refuses them with Flink's messages, at the
 * table in the statement. Lookup joins of tables that can be looked up are {@code LookupJoinEndToEndTest}'s.
 */
class ProcessingTimeTemporalJoinTest {
    private Session session;

    @BeforeEach
    void createTables() {
        session = new Session(null, new Configuration(Map.of("parallelism.default", "1")));
        session.execute("CREATE TABLE orders (id INT, currency STRING, amount INT, p AS PROCTIME())"
                + " WITH ('connector' = 'datagen')");
        session.execute("CREATE TABLE rates (currency STRING, rate INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts,"
                + " PRIMARY KEY (currency) NOT ENFORCED) WITH ('connector' = 'datagen')");
        session.execute("CREATE TABLE keyless (currency STRING, rate INT) WITH ('connector' = 'datagen')");
    }

    @AfterEach
    void close() {
        session.close();
    }

    /** Asserts that {@code sql} fails with {@code message} at the first occurrence of {@code at}, on line 1. */
    private void assertRefused(String sql, String message, String at) {
        assertThatThrownBy(() -> session.execute(sql)).isInstanceOfSatisfying(SqlExecutionException.class, e -> {
            assertThat(e.getMessage()).startsWith(message);
            assertThat(e.line()).isEqualTo(1);
            assertThat(e.column()).isEqualTo(sql.indexOf(at) + 1);
        });
    }

    @Test
    void aVersionedTableIsRefusedWithFlinksMessage() {
        assertRefused("SELECT o.id, r.rate FROM orders o JOIN rates FOR SYSTEM_TIME AS OF o.p AS r"
                + " ON o.currency = r.currency", "Processing-time temporal join is not supported yet.", "rates");
        assertRefused("SELECT o.id, r.rate FROM orders o LEFT JOIN rates FOR SYSTEM_TIME AS OF o.p AS r"
                + " ON o.currency = r.currency", "Processing-time temporal join is not supported yet.", "rates");
    }

    /** An expression of the left row compared with the table's key is a join key, as Flink pushes it into a projection. */
    @Test
    void anExpressionOfTheLeftRowIsAJoinKey() {
        assertRefused("SELECT o.id FROM orders o JOIN rates FOR SYSTEM_TIME AS OF o.p AS r"
                + " ON UPPER(o.currency) = r.currency", "Processing-time temporal join is not supported yet.", "rates");
    }

    @Test
    void theMessageSaysWhatCanBeLookedUp() {
        assertThatThrownBy(() -> session.execute("SELECT o.id FROM orders o JOIN rates FOR SYSTEM_TIME AS OF o.p"
                + " ON o.currency = rates.currency"))
                .hasMessageContaining("rates (connector 'datagen') is unbounded, so a lookup join cannot load it");
    }

    @Test
    void aTableWithoutAPrimaryKeyOrWhoseKeyTheConditionMissesIsRefused() {
        String message = "Temporal Table Join requires primary key in versioned table, but no primary key can be found.";
        assertRefused("SELECT o.id FROM orders o JOIN keyless FOR SYSTEM_TIME AS OF o.p AS k"
                + " ON o.currency = k.currency", message, "keyless");
        assertRefused("SELECT o.id FROM orders o JOIN rates FOR SYSTEM_TIME AS OF o.p AS r ON o.amount = r.rate",
                message, "rates");
    }

    @Test
    void aConditionWithoutAnEqualityIsRefusedFirst() {
        assertRefused("SELECT o.id FROM orders o JOIN keyless FOR SYSTEM_TIME AS OF o.p AS k"
                + " ON o.currency > k.currency", "Currently the join key in Temporal Table Join can not be empty.",
                "keyless");
    }

    @Test
    void theErrorPointsAtTheTableItIsAbout() {
        String sql = "SELECT o.id FROM orders o\n  JOIN rates FOR SYSTEM_TIME AS OF o.p AS r ON o.currency = r.currency";
        assertThatThrownBy(() -> session.execute(sql)).isInstanceOfSatisfying(SqlExecutionException.class, e -> {
            assertThat(e.line()).isEqualTo(2);
            assertThat(e.column()).isEqualTo(8);
        });
    }
}
