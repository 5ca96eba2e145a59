package dev.runnel.planner.eventtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.session.Session;
import dev.runnel.planner.session.StatementResult;
import dev.runnel.runtime.config.Configuration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What EXPLAIN shows of a table's WATERMARK: the assigner in the plans, and where it runs in the job graph. */
class EventTimeExplainTest {
    static final String ORDERS = """
            CREATE TABLE orders (
              id BIGINT,
              amount INT,
              ts TIMESTAMP(3),
              WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
            ) WITH ('connector' = 'filesystem', 'path' = '/tmp/nowhere', 'format' = 'csv')""";

    static final String CLICKS = """
            CREATE TABLE clicks (
              id BIGINT,
              millis BIGINT,
              ts AS TO_TIMESTAMP_LTZ(millis, 3),
              pt AS PROCTIME(),
              WATERMARK FOR ts AS ts - INTERVAL '1' SECOND
            ) WITH ('connector' = 'datagen', 'number-of-rows' = '10')""";

    static String explain(String sql) {
        try (Session session = new Session(null, new Configuration(Map.of("parallelism.default", "2")))) {
            session.execute(ORDERS);
            session.execute(CLICKS);
            var table = (StatementResult.Table) session.execute(sql);
            return (String) table.rows().get(0).fields()[0];
        }
    }

    @Test
    void thePlansShowTheWatermarkAssignerAndTheJobGraphShowsItInTheSource() {
        String text = explain("EXPLAIN JSON_EXECUTION_PLAN SELECT id, ts FROM orders WHERE amount > 10");
        assertThat(text).contains("""
                == Abstract Syntax Tree ==
                LogicalProject(id=[$0], ts=[$2])
                +- LogicalFilter(condition=[>($1, 10)])
                   +- LogicalWatermarkAssigner(rowtime=[ts], watermark=[-($2, 5000:INTERVAL SECOND)])
                      +- LogicalTableScan(table=[[default_catalog, default_database, orders]])
                """);
        assertThat(text).contains("""
                == Optimized Physical Plan ==
                Calc(select=[id, ts], where=[>(amount, 10)])
                +- WatermarkAssigner(rowtime=[ts], watermark=[-(ts, 5000:INTERVAL SECOND)])
                   +- TableSourceScan(table=[default_catalog.default_database.orders], connector=[filesystem], fields=[id, amount, ts])
                """);
        assertThat(text).contains("\"source\" : \"TableSourceScan(table=[default_catalog.default_database.orders], "
                + "connector=[filesystem], path=[/tmp/nowhere], format=[csv]) -> WatermarkAssigner(rowtime=[ts], "
                + "watermark=[-(ts, 5000:INTERVAL SECOND)])\"");
    }

    @Test
    void aComputedRowtimesAssignerRunsInTheSourceOverTheSourcesColumnsEvenWhenTheQueryDropsIt() {
        String text = explain("EXPLAIN JSON_EXECUTION_PLAN SELECT id FROM clicks");
        // The computed-column calc is merged into the query's calc, which drops the computed columns.
        assertThat(text).contains("""
                == Optimized Physical Plan ==
                Calc(select=[id])
                +- WatermarkAssigner(rowtime=[ts], watermark=[-(TO_TIMESTAMP_LTZ(millis, 3), 1000:INTERVAL SECOND)])
                   +- TableSourceScan(table=[default_catalog.default_database.clicks], connector=[datagen], fields=[id, millis])
                """);
        assertThat(text).contains("\"source\" : \"TableSourceScan(table=[default_catalog.default_database.clicks], "
                + "connector=[datagen]) -> WatermarkAssigner(rowtime=[ts], "
                + "watermark=[-(TO_TIMESTAMP_LTZ(millis, 3), 1000:INTERVAL SECOND)])\"");
        assertThat(text).contains("\"operators\" : [ \"Calc(select=[id])\"");
    }

    @Test
    void aComputedColumnCalcUsingProctimeTwiceStaysACalcOfItsOwn() {
        String text = explain("EXPLAIN SELECT id, pt, CAST(pt AS STRING) AS s FROM clicks");
        assertThat(text).contains("""
                == Optimized Physical Plan ==
                Calc(select=[id, pt, CAST(pt AS VARCHAR(2147483647) NOT NULL) AS s])
                +- Calc(select=[id, millis, TO_TIMESTAMP_LTZ(millis, 3) AS ts, PROCTIME() AS pt])
                   +- WatermarkAssigner(rowtime=[ts], watermark=[-(TO_TIMESTAMP_LTZ(millis, 3), 1000:INTERVAL SECOND)])
                """);
    }
}
