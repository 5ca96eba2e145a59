package dev.runnel.planner.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.parse.StatementParser;
import dev.runnel.planner.session.QueryPlanner;
import dev.runnel.planner.session.Session;
import dev.runnel.runtime.config.Configuration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.apache.calcite.rel.RelNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Which fields of optimized physical plans are time attributes. */
class TimeAttributesTest {
    private Session session;

    @BeforeEach
    void createTables() {
        session = new Session(null, new Configuration(Map.of()));
        session.execute("""
                CREATE TABLE clicks (
                  id BIGINT,
                  millis BIGINT,
                  ts AS TO_TIMESTAMP_LTZ(millis, 3),
                  pt AS PROCTIME(),
                  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND
                ) WITH ('connector' = 'datagen')""");
        session.execute("CREATE TABLE plain (id BIGINT, ts TIMESTAMP(3)) WITH ('connector' = 'datagen')");
    }

    @AfterEach
    void close() {
        session.close();
    }

    private RelNode plan(String sql) {
        return new QueryPlanner(session.catalog()).plan(StatementParser.parse(sql)).plan();
    }

    @Test
    void theWatermarkedColumnIsRowtimeAndProctimeComputedColumnsAreProctime() {
        RelNode rel = plan("SELECT pt, id, ts FROM clicks WHERE id > 3");

        assertThat(TimeAttributes.of(rel, 0)).contains(TimeAttributes.Kind.PROCTIME);
        assertThat(TimeAttributes.of(rel, 1)).isEmpty();
        assertThat(TimeAttributes.isRowtime(rel, 2)).isTrue();
        assertThat(TimeAttributes.rowtimeField(rel)).hasValue(2);
        // The watermark is generated in the source, and the calc computes ts as the table does.
        assertThat(TimeAttributes.inputField(rel, 2)).isEmpty();
    }

    @Test
    void anExpressionOverTheRowtimeIsAPlainTimestamp() {
        RelNode rel = plan("SELECT ts + INTERVAL '1' SECOND AS later, ts AS t FROM clicks");

        assertThat(TimeAttributes.of(rel, 0)).isEmpty();
        assertThat(TimeAttributes.isRowtime(rel, 1)).isTrue();
        assertThat(TimeAttributes.inputField(rel, 0)).isEmpty();
    }

    @Test
    void aUnionKeepsAnAttributeOnlyWhereEveryInputHasIt() {
        assertThat(TimeAttributes.isRowtime(plan("SELECT id, ts FROM clicks UNION ALL SELECT id, ts FROM clicks"), 1))
                .isTrue();
        assertThat(TimeAttributes.of(plan("SELECT id, ts FROM clicks UNION ALL SELECT id, CAST(ts AS TIMESTAMP_LTZ(3))"
                + " FROM plain"), 1)).isEqualTo(Optional.empty());
    }

    @Test
    void aTableWithoutWatermarkHasNoRowtime() {
        assertThat(TimeAttributes.rowtimeField(plan("SELECT id, ts FROM plain"))).isEqualTo(OptionalInt.empty());
    }
}
