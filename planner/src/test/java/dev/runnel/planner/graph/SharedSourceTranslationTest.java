package dev.runnel.planner.graph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.TestTables;
import dev.runnel.planner.codegen.CalcCodeGenerator;
import dev.runnel.planner.parse.StatementParser;
import dev.runnel.planner.plan.physical.SinkPhysicalRel;
import dev.runnel.planner.session.QueryPlanner;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Several inserts (a statement set) or a self-union translate into one graph with one source per table. */
class SharedSourceTranslationTest {
    private final QueryPlanner planner = new QueryPlanner(TestTables.catalog());

    private JobGraphTranslator translator(int parallelism) {
        return new JobGraphTranslator(new CalcCodeGenerator(planner.typeFactory()), parallelism, ZoneOffset.UTC);
    }

    private SinkPhysicalRel sink(String sql) {
        return (SinkPhysicalRel) planner.plan(StatementParser.parse(sql)).plan();
    }

    private static List<String> describe(JobGraph graph) {
        return graph.vertices().stream().map(v -> v.id() + " p" + v.parallelism() + " " + v.operators().size()
                + (v.isSource() ? " source" : "") + " inputs " + graph.inputsOf(v.id()).stream()
                .map(e -> e.sourceId() + ":" + e.partitioning()).toList()).toList();
    }

    @Test
    void twoInsertsReadingOneTableShareOneSourceVertex() {
        JobGraph graph = translator(2).translate(List.of(
                sink("INSERT INTO big_orders SELECT id, amount FROM orders WHERE amount > 400"),
                sink("INSERT INTO big_orders SELECT id, price FROM orders WHERE amount < 10")), "set", new Configuration());

        assertThat(describe(graph)).containsExactly(
                "1 p2 0 source inputs []",
                "2 p2 2 inputs [1:FORWARD]",
                "3 p2 2 inputs [1:FORWARD]");
        assertThat(graph.outputsOf(1)).hasSize(2);
    }

    @Test
    void insertsReadingDifferentTablesKeepTheirOwnChains() {
        JobGraph graph = translator(1).translate(List.of(
                sink("INSERT INTO big_orders SELECT id, amount FROM orders"),
                sink("INSERT INTO big_orders SELECT id, amount FROM big_orders")), "set", new Configuration());

        assertThat(describe(graph)).containsExactly("1 p1 2 source inputs []", "2 p1 1 source inputs []");
    }

    @Test
    void aTableReadTwiceInOneQueryIsReadOnce() {
        var plan = planner.plan(StatementParser.parse("SELECT id FROM orders UNION ALL SELECT id FROM orders")).plan();
        JobGraph graph = translator(1).translate(plan, "q", new Configuration());

        assertThat(graph.vertices().stream().filter(JobVertex::isSource)).hasSize(1);
        assertThat(describe(graph)).containsExactly(
                "1 p1 0 source inputs []",
                "2 p1 1 inputs [1:FORWARD]",
                "3 p1 1 inputs [1:FORWARD]",
                "4 p1 1 inputs [2:GLOBAL, 3:GLOBAL]");
    }
}
