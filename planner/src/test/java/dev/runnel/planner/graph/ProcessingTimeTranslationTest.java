package dev.runnel.planner.graph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.codegen.CalcCodeGenerator;
import dev.runnel.planner.parse.StatementParser;
import dev.runnel.planner.session.QueryPlanner;
import dev.runnel.planner.session.Session;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.operators.join.IntervalJoinOperatorFactory;
import dev.runnel.runtime.operators.over.OverAggregateOperatorFactory;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * OVER aggregations and interval joins on a {@code PROCTIME()} attribute become operators that
 * order and match rows by their arrival (the operators' processing-time variants), those on a rowtime
 * the event-time ones: the outputs of bounded runs can look alike, so the job graph tells them apart.
 */
class ProcessingTimeTranslationTest {

    private static List<OperatorFactory> operators(String sql) {
        try (Session session = new Session(null, new Configuration())) {
            for (String table : List.of("a", "b")) {
                session.execute("CREATE TABLE " + table + " (id INT, ts TIMESTAMP(3), pt AS PROCTIME(),"
                        + " WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen')");
            }
            QueryPlanner planner = new QueryPlanner(session.catalog());
            JobGraph graph = new JobGraphTranslator(new CalcCodeGenerator(planner.typeFactory()), 1, ZoneOffset.UTC)
                    .translate(planner.plan(StatementParser.parse(sql)).plan(), "job", new Configuration());
            return graph.vertices().stream().flatMap(v -> v.operators().stream()).toList();
        }
    }

    private static <T> T only(List<OperatorFactory> operators, Class<T> type) {
        return operators.stream().filter(type::isInstance).map(type::cast).findFirst().orElseThrow();
    }

    @Test
    void anOverAggregationOrderedByProcessingTimeOrdersByArrival() {
        var proctime = only(operators("SELECT id, COUNT(*) OVER (PARTITION BY id ORDER BY pt) FROM a"),
                OverAggregateOperatorFactory.class);
        assertThat(proctime.rowtimeField()).isEqualTo(OverAggregateOperatorFactory.PROCESSING_TIME);
        var rowtime = only(operators("SELECT id, COUNT(*) OVER (PARTITION BY id ORDER BY ts) FROM a"),
                OverAggregateOperatorFactory.class);
        assertThat(rowtime.rowtimeField()).isEqualTo(1);
    }

    @Test
    void anIntervalJoinOfProcessingTimesMatchesByArrival() {
        var proctime = only(operators("SELECT a.id FROM a JOIN b ON a.id = b.id"
                + " AND a.pt BETWEEN b.pt - INTERVAL '1' SECOND AND b.pt"), IntervalJoinOperatorFactory.class);
        assertThat(proctime.processingTime()).isTrue();
        assertThat(proctime.lowerBound()).isEqualTo(-1000);
        assertThat(proctime.upperBound()).isZero();
        var rowtime = only(operators("SELECT a.id FROM a JOIN b ON a.id = b.id"
                + " AND a.ts BETWEEN b.ts - INTERVAL '1' SECOND AND b.ts"), IntervalJoinOperatorFactory.class);
        assertThat(rowtime.processingTime()).isFalse();
    }
}
