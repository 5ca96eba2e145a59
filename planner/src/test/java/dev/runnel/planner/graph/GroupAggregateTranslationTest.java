package dev.runnel.planner.graph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.TestTables;
import dev.runnel.planner.codegen.CalcCodeGenerator;
import dev.runnel.planner.parse.StatementParser;
import dev.runnel.planner.session.QueryPlanner;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.operators.aggregate.GroupAggregateOperatorFactory;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class GroupAggregateTranslationTest {
    private final QueryPlanner planner = new QueryPlanner(TestTables.catalog());

    private JobGraph translate(String sql, int parallelism) {
        var planned = planner.plan(StatementParser.parse(sql));
        return new JobGraphTranslator(new CalcCodeGenerator(planner.typeFactory()), parallelism, ZoneOffset.UTC)
                .translate(planned.plan(), "job", new Configuration());
    }

    private static List<String> describe(JobGraph graph) {
        return graph.vertices().stream().map(v -> v.id() + " p" + v.parallelism() + " " + v.name() + " inputs "
                + graph.inputsOf(v.id()).stream().map(e -> e.sourceId() + ":" + e.partitioning()).toList()).toList();
    }

    @Test
    void groupAggregateRunsInParallelBehindHashEdgesOnTheGroupKey() {
        JobGraph graph = translate("SELECT customer, COUNT(*) AS n, SUM(amount) AS s FROM orders GROUP BY customer", 2);

        assertThat(describe(graph)).containsExactly(
                "1 p2 TableSourceScan(table=[default_catalog.default_database.orders], connector=[datagen])"
                        + " -> Calc(select=[customer, amount]) inputs []",
                "2 p2 GroupAggregate(groupBy=[customer], select=[customer, COUNT(*) AS n, SUM(amount) AS s]) inputs [1:HASH[0]]",
                "3 p1 Collect inputs [2:GLOBAL]");
        var factory = (GroupAggregateOperatorFactory) graph.vertices().get(1).operators().get(0);
        assertThat(factory.aggregates().withRetraction()).isFalse();
        assertThat(factory.groupKeys()).containsExactly(0);
    }

    @Test
    void aggregateWithoutGroupByRunsAtParallelismOne() {
        JobGraph graph = translate("SELECT COUNT(*) AS n FROM orders", 2);

        // The collect sink (parallelism 1 too) chains to it.
        assertThat(describe(graph).get(1)).isEqualTo("2 p1 GroupAggregate(select=[COUNT(*) AS n]) -> Collect inputs [1:GLOBAL]");
    }

    @Test
    void aggregateOverAnUpdatingInputRetracts() {
        JobGraph graph = translate("SELECT n, COUNT(*) AS c FROM (SELECT customer, COUNT(*) AS n FROM orders"
                + " GROUP BY customer) GROUP BY n", 2);

        var outer = (GroupAggregateOperatorFactory) graph.vertices().get(2).operators().get(0);
        assertThat(outer.aggregates().withRetraction()).isTrue();
        assertThat(describe(graph).get(2)).isEqualTo(
                "3 p2 GroupAggregate(groupBy=[n], select=[n, COUNT(*) AS c]) inputs [2:HASH[0]]");
    }
}
