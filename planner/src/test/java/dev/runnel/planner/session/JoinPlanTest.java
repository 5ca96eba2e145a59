package dev.runnel.planner.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.config.Configuration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How joins are planned: which join operator, its keys and condition, and its changelog mode. */
class JoinPlanTest {

    private static final String[] TABLES = {
        """
        CREATE TABLE orders (id BIGINT, customer STRING, amount DOUBLE, ts TIMESTAMP(3),
          WATERMARK FOR ts AS ts - INTERVAL '1' SECOND) WITH ('connector' = 'datagen')""",
        """
        CREATE TABLE customers (name STRING, city STRING, since INT) WITH ('connector' = 'datagen')""",
        """
        CREATE TABLE shipments (order_id BIGINT, ship_ts TIMESTAMP(3),
          WATERMARK FOR ship_ts AS ship_ts) WITH ('connector' = 'datagen')""",
        """
        CREATE TABLE rates (currency STRING, rate DOUBLE, rate_ts TIMESTAMP(3), PRIMARY KEY (currency) NOT ENFORCED,
          WATERMARK FOR rate_ts AS rate_ts) WITH ('connector' = 'datagen')""",
        """
        CREATE TABLE plain_shipments (order_id BIGINT, ship_ts TIMESTAMP(3)) WITH ('connector' = 'datagen')"""
    };

    static String explain(String query) {
        try (Session session = new Session(null, new Configuration(Map.of("parallelism.default", "2")))) {
            for (String ddl : TABLES) {
                session.execute(ddl);
            }
            var table = (StatementResult.Table) session.execute("EXPLAIN CHANGELOG_MODE " + query);
            String text = (String) table.rows().get(0).fields()[0];
            return text.substring(text.indexOf("== Optimized Physical Plan =="), text.indexOf("== Optimized Execution Plan =="));
        }
    }

    @Test
    void innerEquiJoinOfAppendOnlyInputsIsInsertOnly() {
        String plan = explain("SELECT o.id, c.city FROM orders o JOIN customers c ON o.customer = c.name");
        assertThat(plan).contains("Join(joinType=[InnerJoin], where=[=(customer, name)]")
                .contains("changelogMode=[I]");
    }

    @Test
    void outerJoinsRetract() {
        String plan = explain("SELECT o.id, c.city FROM orders o LEFT JOIN customers c ON o.customer = c.name AND c.since > 2000");
        assertThat(plan).contains("joinType=[LeftOuterJoin]").contains("changelogMode=[I,UB,UA,D]");
    }

    @Test
    void whereConditionsBecomeJoinKeys() {
        String plan = explain("SELECT o.id, c.city FROM orders o, customers c WHERE o.customer = c.name AND o.amount > c.since");
        assertThat(plan).contains("where=[AND(=(customer, name), >(amount, since))]");
    }

    @Test
    void timeBoundsOnRowtimesMakeAnIntervalJoin() {
        String plan = explain("SELECT o.id, s.ship_ts FROM orders o JOIN shipments s ON o.id = s.order_id"
                + " AND s.ship_ts BETWEEN o.ts AND o.ts + INTERVAL '4' HOUR");
        assertThat(plan).contains("IntervalJoin(");
    }

    @Test
    void timeBoundsOnPlainTimestampsStayARegularJoin() {
        String plan = explain("SELECT o.id, s.ship_ts FROM orders o JOIN plain_shipments s ON o.id = s.order_id"
                + " AND s.ship_ts BETWEEN o.ts AND o.ts + INTERVAL '4' HOUR");
        assertThat(plan).contains("Join(joinType=[InnerJoin]").doesNotContain("IntervalJoin");
    }

    /** A regular join's output has no time attributes (Flink materializes them), so no interval join over it. */
    @Test
    void timeBoundsOverARegularJoinsOutputStayARegularJoin() {
        String plan = explain("SELECT oc.id, s.ship_ts FROM"
                + " (SELECT o.id, o.ts FROM orders o JOIN customers c ON o.customer = c.name) oc"
                + " JOIN shipments s ON oc.id = s.order_id AND s.ship_ts BETWEEN oc.ts AND oc.ts + INTERVAL '4' HOUR");
        assertThat(plan).contains("Join(joinType=[InnerJoin]").doesNotContain("IntervalJoin");
    }

    @Test
    void forSystemTimeAsOfAVersionedTableIsATemporalJoin() {
        String plan = explain("SELECT o.id, r.rate FROM orders o"
                + " JOIN rates FOR SYSTEM_TIME AS OF o.ts AS r ON o.customer = r.currency AND r.rate > 1");
        assertThat(plan).contains("TemporalJoin(joinType=[InnerJoin], where=[AND(=(customer, currency), >(rate, 1))],"
                + " asOf=[ts]").contains("changelogMode=[I]");
    }

    @Test
    void temporalJoinNeedsAVersionedTable() {
        assertThatThrownBy(() -> explain("SELECT o.id FROM orders o"
                + " JOIN customers FOR SYSTEM_TIME AS OF o.ts AS c ON o.customer = c.name"))
                .hasMessageContaining("'customers' has no PRIMARY KEY");
        assertThatThrownBy(() -> explain("SELECT o.id FROM orders o"
                + " JOIN rates FOR SYSTEM_TIME AS OF o.ts AS r ON o.amount = r.rate"))
                .hasMessageContaining("must compare every column of the PRIMARY KEY");
    }
}
