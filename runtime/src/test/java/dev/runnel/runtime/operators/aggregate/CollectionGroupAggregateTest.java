package dev.runnel.runtime.operators.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.aggregate.functions.AggregateCall;
import dev.runnel.runtime.operators.aggregate.functions.AggregateKind;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.state.StateOptions;
import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.testing.OperatorSnapshot;
import dev.runnel.runtime.testing.RestoresAfterEveryBatch;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import dev.runnel.runtime.types.Values;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A group aggregate keyed on an ARRAY column, with ARRAY_AGG and COLLECT results: equal arrays are
 * one group, on both state backends and across a snapshot and restore, and the collection
 * aggregates retract.
 */
@RestoresAfterEveryBatch
class CollectionGroupAggregateTest {
    private static final DataType TAGS = DataType.array(DataType.of(TypeRoot.VARCHAR));
    private static final DataType INT = DataType.of(TypeRoot.INTEGER);
    private static final AggregateCall COUNT = AggregateCall.of(AggregateKind.COUNT_STAR, new int[0], List.of(),
            DataType.of(TypeRoot.BIGINT).notNull(), "cnt");
    private static final AggregateCall ARRAY_AGG = AggregateCall.of(AggregateKind.ARRAY_AGG, new int[] {1},
            List.of(INT), DataType.array(INT), "values");
    private static final AggregateCall COLLECT = AggregateCall.of(AggregateKind.COLLECT, new int[] {1}, List.of(INT),
            DataType.multiset(INT).notNull(), "bag");
    private static final List<DataType> OUTPUT = List.of(TAGS, DataType.of(TypeRoot.BIGINT), DataType.array(INT),
            DataType.multiset(INT));

    private static OperatorHarness harness(String backend) {
        return OperatorHarness.of(new GroupAggregateOperatorFactory("GroupAggregate", new int[] {0}, List.of(TAGS),
                new AggregatesHandle(List.of(COUNT, ARRAY_AGG, COLLECT), true), null)).withStateBackend(backend);
    }

    private Configuration rocksDbDirectory() {
        return new Configuration(Map.of(StateOptions.ROCKSDB_LOCAL_DIR.key(), dir.resolve("rocksdb").toString()));
    }

    /** A row {@code (tags, value)}; a fresh list each time, so that groups are found by value. */
    private static Row row(RowKind kind, Integer value, String... tags) {
        return Row.ofKind(kind, new ArrayList<>(Arrays.asList(tags)), value);
    }

    /** The output as Flink prints it: {@code +I [a, b] 1 [5] {5=1}}. */
    private static List<String> printed(List<Row> rows) {
        return rows.stream().map(r -> {
            StringBuilder sb = new StringBuilder(r.kind().shortString());
            for (int i = 0; i < OUTPUT.size(); i++) {
                String text = Values.toText(r.getField(i), OUTPUT.get(i));
                sb.append(' ').append(text == null ? "NULL" : text);
            }
            return sb.toString();
        }).toList();
    }

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void groupsByArrayValueAndAggregatesIntoCollectionsAcrossARestore(String backend) throws Exception {
        OperatorSnapshot snapshot;
        try (var h = harness(backend).withConfiguration(rocksDbDirectory())
                .withCheckpointDirectory(dir.resolve("checkpoints")).open()) {
            h.processRows(List.of(row(RowKind.INSERT, 5, "a", "b"), row(RowKind.INSERT, 7, "b", "a"),
                    row(RowKind.INSERT, 5, "a", "b")));
            assertThat(printed(h.takeOutput())).containsExactly(
                    "+I [a, b] 1 [5] {5=1}",
                    "+I [b, a] 1 [7] {7=1}",
                    "-U [a, b] 1 [5] {5=1}", "+U [a, b] 2 [5, 5] {5=2}");
            snapshot = h.snapshot(1);
        }
        try (var h = harness(backend).withConfiguration(rocksDbDirectory()).withRestoredState(snapshot)
                .open()) {
            h.processRows(List.of(row(RowKind.INSERT, null, "a", "b"), row(RowKind.DELETE, 5, "a", "b"),
                    row(RowKind.DELETE, 7, "b", "a")));
            assertThat(printed(h.takeOutput())).containsExactly(
                    "-U [a, b] 2 [5, 5] {5=2}", "+U [a, b] 3 [5, 5, NULL] {5=2}",
                    "-U [a, b] 3 [5, 5, NULL] {5=2}", "+U [a, b] 2 [5, NULL] {5=1}",
                    "-D [b, a] 1 [7] {7=1}");
        }
    }
}
