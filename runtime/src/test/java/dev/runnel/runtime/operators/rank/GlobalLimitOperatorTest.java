package dev.runnel.runtime.operators.rank;

import static dev.runnel.runtime.testing.TestRows.rows;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.testing.OperatorSnapshot;
import dev.runnel.runtime.testing.RestoresAfterEveryBatch;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Top-N operator as {@code LIMIT} and {@code ORDER BY … LIMIT} run it: no partition key, one
 * subtask, over rows {@code (item, sales)}; across a checkpoint restore on both state backends.
 */
@RestoresAfterEveryBatch
class GlobalLimitOperatorTest {
    private static final RowType INPUT = RowType.of(
            new RowType.Field("item", DataType.of(TypeRoot.VARCHAR)),
            new RowType.Field("sales", DataType.of(TypeRoot.BIGINT)));
    private static final SortKeyComparator NO_ORDER = new SortKeyComparator(new int[0], new boolean[0], new boolean[0]);
    private static final SortKeyComparator SALES_DESC =
            new SortKeyComparator(new int[] {1}, new boolean[] {false}, new boolean[] {false});

    @TempDir
    Path checkpoints;

    private OperatorHarness limit(SortKeyComparator order, long offset, long fetch, boolean retracting, String backend) {
        TopNBuffer ranking = new TopNBuffer(order, RankType.ROW_NUMBER, offset + 1, offset + fetch, false);
        var factory = new TopNOperatorFactory("Limit", new int[0], List.of(INPUT.type(0), INPUT.type(1)), ranking,
                retracting);
        return OperatorHarness.of(factory).withInputType(INPUT).withStateBackend(backend)
                .withCheckpointDirectory(checkpoints);
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void limitWithoutOrderKeepsTheFirstRowsAcrossARestore(String backend) throws Exception {
        OperatorSnapshot checkpoint;
        try (var h = limit(NO_ORDER, 1, 2, false, backend).open()) {
            h.processRows("+I a 1", "+I b 2");
            assertThat(h.takeOutput()).isEqualTo(rows(INPUT, "+I b 2"));
            checkpoint = h.snapshot(1);
        }
        try (var h = limit(NO_ORDER, 1, 2, false, backend).withRestoredState(checkpoint).open()) {
            h.processRows("+I c 3", "+I d 4");
            assertThat(h.output()).isEqualTo(rows(INPUT, "+I c 3"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void orderByLimitOverARetractingInputLetsTheNextRowInAfterARestore(String backend) throws Exception {
        OperatorSnapshot checkpoint;
        try (var h = limit(SALES_DESC, 0, 2, true, backend).open()) {
            h.processRows("+I a 10", "+I b 20", "+I c 5");
            assertThat(h.takeOutput()).isEqualTo(rows(INPUT, "+I a 10", "+I b 20"));
            checkpoint = h.snapshot(1);
        }
        try (var h = limit(SALES_DESC, 0, 2, true, backend).withRestoredState(checkpoint).open()) {
            h.processRows("-U b 20", "+U b 1");
            assertThat(h.output()).isEqualTo(rows(INPUT, "-D b 20", "+I c 5"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void anOffsetUpdatesEachPosition(String backend) throws Exception {
        try (var h = limit(SALES_DESC, 1, 2, false, backend).open()) {
            h.processRows("+I a 10", "+I b 20", "+I c 30");
            assertThat(h.output()).isEqualTo(rows(INPUT, "+I a 10", "-U a 10", "+U b 20", "+I a 10"));
        }
    }
}
