package dev.runnel.planner.graph;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.planner.TestTables;
import dev.runnel.planner.catalog.Catalog;
import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.planner.catalog.TableColumn;
import dev.runnel.planner.catalog.WatermarkSpec;
import dev.runnel.planner.codegen.CalcCodeGenerator;
import dev.runnel.planner.parse.StatementParser;
import dev.runnel.planner.session.QueryPlanner;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.jobgraph.JobEdge;
import dev.runnel.runtime.jobgraph.JobGraph;
import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.jobgraph.Partitioning;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JobGraphTranslatorTest {
    private final Catalog catalog = TestTables.catalog();
    private final QueryPlanner planner = new QueryPlanner(catalog);

    private JobGraph translate(String sql, int parallelism) {
        var planned = planner.plan(StatementParser.parse(sql));
        return new JobGraphTranslator(new CalcCodeGenerator(planner.typeFactory()), parallelism, ZoneOffset.UTC)
                .translate(planned.plan(), "job", new Configuration());
    }

    private static List<String> describe(JobGraph graph) {
        return graph.vertices().stream().map(v -> v.id() + " p" + v.parallelism() + " " + v.operators().size()
                + (v.isSource() ? " source" : "") + " inputs " + graph.inputsOf(v.id()).stream()
                .map(e -> e.sourceId() + ":" + e.partitioning()).toList()).toList();
    }

    @Test
    void insertChainsScanCalcAndSinkIntoOneVertex() {
        JobGraph graph = translate("INSERT INTO big_orders SELECT id, amount FROM orders WHERE amount > 400", 2);

        assertThat(describe(graph)).containsExactly("1 p2 2 source inputs []");
        JobVertex vertex = graph.vertices().get(0);
        assertThat(vertex.name()).contains("Calc(select=[id, CAST(amount AS DECIMAL(12, 2)) AS amount], where=[>(amount, 400)])");
    }

    @Test
    void parallelSelectGathersIntoOneCollectSubtask() {
        assertThat(describe(translate("SELECT id FROM orders", 2)))
                .containsExactly("1 p2 1 source inputs []", "2 p1 1 inputs [1:GLOBAL]");
        assertThat(describe(translate("SELECT id FROM orders", 1)))
                .containsExactly("1 p1 2 source inputs []");
    }

    @Test
    void unionAllFeedsOneVertexFromEachInput() {
        assertThat(describe(translate(
                "INSERT INTO big_orders SELECT id, CAST(amount AS DECIMAL(12, 2)) FROM orders UNION ALL SELECT 1, 2.5", 2)))
                .containsExactly(
                        "1 p2 1 source inputs []",
                        "2 p1 0 source inputs []",
                        "3 p2 1 inputs [1:FORWARD, 2:REBALANCE]");
    }

    @Test
    void sinkParallelismOptionAddsAnExchange() {
        Map<String, String> options = new HashMap<>(TestTables.bigOrders().options());
        options.put("sink.parallelism", "1");
        catalog.createTable(new CatalogTable("one_file", TestTables.bigOrders().schema(), options, null), false);

        JobGraph graph = translate("INSERT INTO one_file SELECT id, amount FROM orders", 2);

        assertThat(describe(graph)).containsExactly("1 p2 1 source inputs []", "2 p1 1 inputs [1:REBALANCE]");
        assertThat(graph.edges()).extracting(JobEdge::partitioning).containsExactly(new Partitioning.Rebalance());
    }

    @Test
    void aCalcOverAWatermarkedTablesComputedColumnsRunsAsOneCalcAfterTheSource() {
        catalog.createTable(CatalogTable.of("timed", List.of(
                new TableColumn.Physical("id", DataType.of(TypeRoot.BIGINT).notNull(), null),
                new TableColumn.Physical("ts", DataType.of(TypeRoot.TIMESTAMP, 3), null),
                new TableColumn.Computed("shifted", DataType.of(TypeRoot.TIMESTAMP, 3), "ts + INTERVAL '1' SECOND", null)),
                Map.of("connector", "datagen"), null, new WatermarkSpec("shifted", "shifted - INTERVAL '5' SECOND"),
                null, List.of()), false);

        JobGraph graph = translate("INSERT INTO big_orders SELECT id, 2.5 FROM timed WHERE id > 10", 1);

        // Scan (with the watermark, computed from the source's own columns) -> one calc -> sink:
        // the computed-column calc is merged away, and the unused computed column is not evaluated.
        assertThat(describe(graph)).containsExactly("1 p1 2 source inputs []");
        JobVertex vertex = graph.vertices().get(0);
        assertThat(vertex.name()).isEqualTo("TableSourceScan(table=[default_catalog.default_database.timed], "
                + "connector=[datagen]) -> WatermarkAssigner(rowtime=[shifted], "
                + "watermark=[-(+(ts, 1000:INTERVAL SECOND), 5000:INTERVAL SECOND)]) -> "
                + "Calc(select=[id, 2.50 AS amount], where=[>(id, 10)]) -> Sink(table=[default_catalog.default_database"
                + ".big_orders], connector=[filesystem], path=[/tmp/out], format=[json])");
    }
}
