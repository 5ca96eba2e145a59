package dev.runnel.runtime.source.watermark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.source.values.ValuesSourceFactory;
import dev.runnel.runtime.testing.OperatorSnapshot;
import dev.runnel.runtime.testing.SourceReaderHarness;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** A source with a watermark checkpoints its reader's positions; the watermark restarts from there. */
class WatermarkedSourceCheckpointTest {
    // WATERMARK FOR the first field AS it - 10
    private static final WatermarkStrategy STRATEGY = new WatermarkStrategy(new GeneratedClass<>("MinusTen",
            "public final class MinusTen implements dev.runnel.runtime.source.watermark.WatermarkExpression {\n"
            + "  public long watermarkOf(dev.runnel.runtime.data.Row row) {\n"
            + "    return ((Long) row.getField(0)).longValue() - 10L;\n"
            + "  }\n}\n"), "it - 10");

    @Test
    void theWrappedReadersPositionsAreSnapshotAndRestored() throws Exception {
        List<Row> values = LongStream.range(0, 3000).mapToObj(i -> Row.of(i)).toList();
        WatermarkedSource source = new WatermarkedSource(new ValuesSourceFactory(values), STRATEGY);
        SourceReaderHarness first = SourceReaderHarness.of(source, 0, 1).open().pollUntil(1);
        List<Row> rows = new ArrayList<>(first.rows());
        OperatorSnapshot snapshot = first.snapshot(1);
        first.crash();
        assertThat(snapshot.splitLists().values()).singleElement().satisfies(e -> assertThat(e).hasSize(1));
        try (SourceReaderHarness second = SourceReaderHarness.of(source, 0, 1).withRestoredState(snapshot).open()) {
            rows.addAll(second.readToEnd().rows());
        }
        assertThat(rows).containsExactlyElementsOf(values);
    }
}
