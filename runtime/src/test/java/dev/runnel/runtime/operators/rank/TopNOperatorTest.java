package dev.runnel.runtime.operators.rank;

import static dev.runnel.runtime.testing.TestRows.rows;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.state.StateOptions;
import dev.runnel.runtime.state.VoidNamespace;
import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.testing.Rescaling;
import dev.runnel.runtime.testing.RestoresAfterEveryBatch;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Top-N per {@code category} over rows {@code (category, item, sales)}, highest sales first. */
@RestoresAfterEveryBatch
class TopNOperatorTest {
    private static final RowType INPUT = RowType.of(
            new RowType.Field("category", DataType.of(TypeRoot.VARCHAR)),
            new RowType.Field("item", DataType.of(TypeRoot.VARCHAR)),
            new RowType.Field("sales", DataType.of(TypeRoot.BIGINT)));
    private static final SortKeyComparator SALES_DESC =
            new SortKeyComparator(new int[] {2}, new boolean[] {false}, new boolean[] {false});

    private static OperatorHarness top(long n, boolean rankNumber, boolean retracting) throws Exception {
        return harness(RankType.ROW_NUMBER, n, rankNumber, retracting, "hashmap");
    }

    private static OperatorHarness harness(RankType type, long n, boolean rankNumber, boolean retracting,
                                           String stateBackend) throws Exception {
        return OperatorHarness.of(factory(type, n, rankNumber, retracting)).withInputType(INPUT)
                .withStateBackend(stateBackend).open();
    }

    /** The top {@code n} per category (field 0) by sales. */
    private static TopNOperatorFactory factory(RankType type, long n, boolean rankNumber, boolean retracting) {
        TopNBuffer ranking = new TopNBuffer(SALES_DESC, type, 1, n, rankNumber);
        return new TopNOperatorFactory("Rank", new int[] {0}, List.of(INPUT.type(0), INPUT.type(1), INPUT.type(2)),
                ranking, retracting);
    }

    /**
     * The rows of a partition in one batch share one read and one write of its state; the changes
     * must be those of the rows one batch each, whatever the rank type and input.
     */
    @Test
    void aBatchEmitsWhatItsRowsOneAtATimeWould() throws Exception {
        Random random = new Random(15);
        for (RankType type : RankType.values()) {
            for (boolean retracting : new boolean[] {false, true}) {
                for (boolean rankNumber : new boolean[] {false, true}) {
                    List<Row> input = randomInput(random, retracting);
                    try (var batched = harness(type, 3, rankNumber, retracting, "rocksdb");
                         // 400 one-row batches: restoring after each would only slow down this test of batching.
                         var single = harness(type, 3, rankNumber, retracting, "rocksdb").withoutRestores()) {
                        for (int from = 0; from < input.size(); from += 50) {
                            batched.processRows(input.subList(from, Math.min(input.size(), from + 50)));
                        }
                        for (Row row : input) {
                            single.processRows(List.of(row));
                        }
                        assertThat(batched.output()).as("%s, retracting %s, rank number %s", type, retracting, rankNumber)
                                .isNotEmpty().isEqualTo(single.output());
                    }
                }
            }
        }
    }

    /** Rows over three categories with few distinct sales (ties); retractions only of rows sent before. */
    private static List<Row> randomInput(Random random, boolean retracting) {
        List<Row> input = new ArrayList<>();
        List<Row> sent = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            if (retracting && !sent.isEmpty() && random.nextInt(4) == 0) {
                Row gone = sent.remove(random.nextInt(sent.size()));
                input.add(new Row(RowKind.DELETE, gone.fields()));
                continue;
            }
            Row row = Row.of("c" + random.nextInt(3), "item" + i, (long) random.nextInt(8));
            input.add(row);
            sent.add(row);
        }
        return input;
    }

    @Test
    void insertOnlyInputDisplacesTheLastRowOfItsPartitionOnly() throws Exception {
        try (var h = top(2, false, false)) {
            h.processRows("+I fruit apple 10", "+I veg leek 3", "+I fruit pear 20", "+I fruit plum 15", "+I fruit fig 1");

            assertThat(h.output()).isEqualTo(rows(INPUT,
                    "+I fruit apple 10", "+I veg leek 3", "+I fruit pear 20", "-D fruit apple 10", "+I fruit plum 15"));
        }
    }

    @Test
    void rankNumbersChangeAsRowsOvertakeOthers() throws Exception {
        try (var h = top(3, true, false)) {
            h.processRows("+I fruit apple 10", "+I fruit pear 20");
            assertThat(h.takeOutput()).isEqualTo(rows(
                    "+I fruit apple 10 1", "-U fruit apple 10 1", "+U fruit pear 20 1", "+I fruit apple 10 2"));

            h.processRows("+I fruit plum 15", "+I fruit fig 30");

            assertThat(h.takeOutput()).isEqualTo(rows(
                    "-U fruit apple 10 2", "+U fruit plum 15 2", "+I fruit apple 10 3",
                    "-U fruit pear 20 1", "+U fruit fig 30 1", "-U fruit plum 15 2", "+U fruit pear 20 2",
                    "-U fruit apple 10 3", "+U fruit plum 15 3"));
        }
    }

    @Test
    void tiesRankInArrivalOrder() throws Exception {
        try (var h = top(2, true, false)) {
            h.processRows("+I fruit apple 10", "+I fruit pear 10", "+I fruit plum 10");

            assertThat(h.output()).isEqualTo(rows("+I fruit apple 10 1", "+I fruit pear 10 2"));
        }
    }

    @Test
    void retractingInputBringsBackTheNextRow() throws Exception {
        try (var h = top(2, false, true)) {
            h.processRows("+I fruit apple 10", "+I fruit pear 20", "+I fruit plum 5");
            h.takeOutput();

            // An upstream aggregate lowers pear from 20 to 1.
            h.processRows("-U fruit pear 20", "+U fruit pear 1");

            // pear at 1 is below plum, so the +U leaves the top two as they are.
            assertThat(h.takeOutput()).isEqualTo(rows("-D fruit pear 20", "+I fruit plum 5"));
            h.processRows("-D fruit apple 10");
            assertThat(h.output()).isEqualTo(rows("-D fruit apple 10", "+I fruit pear 1"));
        }
    }

    @Test
    void insertOnlyInputKeepsOnlyTheTopRowsInState() throws Exception {
        try (var h = top(1, false, false)) {
            h.processRows("+I fruit apple 10", "+I fruit pear 20", "+I fruit plum 5");

            h.stateBackend().setCurrentKey(Row.of("fruit"));
            var state = h.stateBackend().valueState(
                    StateDescriptor.of("rows", new RowListSerializer(Serializers.row(INPUT)), Duration.ZERO));
            state.setCurrentNamespace(VoidNamespace.INSTANCE);
            assertThat(state.value()).isEqualTo(rows("fruit pear 20"));
        }
    }

    @Test
    void stateExpiresAfterTheConfiguredTtl() throws Exception {
        TopNBuffer ranking = new TopNBuffer(SALES_DESC, RankType.ROW_NUMBER, 1, 1, false);
        var factory = new TopNOperatorFactory("Rank", new int[] {0}, List.of(INPUT.type(0), INPUT.type(1), INPUT.type(2)),
                ranking, false);
        Configuration config = new Configuration();
        config.set(StateOptions.STATE_TTL.key(), "100 ms");
        try (var h = OperatorHarness.of(factory).withInputType(INPUT).withConfiguration(config).open()) {
            h.processRows("+I fruit pear 20");
            h.setProcessingTime(1_000);

            h.processRows("+I fruit apple 10");

            // The expired pear no longer holds rank 1, so apple takes it without retracting pear.
            assertThat(h.output()).isEqualTo(rows("+I fruit pear 20", "+I fruit apple 10"));
        }
    }

    /**
     * Each category's ranking is keyed state: split by key groups, new rows and retractions
     * displace and bring back rows ranked before the checkpoint, in the same order per category.
     */
    @Test
    void rescalesOntoOneTwoAndThreeSubtasks() throws Exception {
        List<Row> afterCheckpoint = Rescaling.of(factory(RankType.ROW_NUMBER, 2, true, true)).keyedBy(0)
                .withInputType(0, INPUT)
                .before(Rescaling.rows("c1 a 10", "c1 b 20", "c1 c 5", "c2 a 1", "c3 a 3", "c3 b 4", "c4 a 7",
                        "c5 a 2", "c6 a 6", "c7 a 9", "c8 a 8"))
                .after(Rescaling.rows("-D c1 b 20", "c2 b 2", "c3 c 5", "c4 b 1", "-D c5 a 2", "c6 b 60", "c7 b 9",
                        "c8 b 80", "c9 a 1"))
                .outputKeyedBy(0)
                .verify();

        // c1 lost its top row: c, ranked third before the checkpoint, comes back.
        assertThat(afterCheckpoint).containsSubsequence(rows("-U c1 b 20 1", "+U c1 a 10 1",
                "-U c1 a 10 2", "+U c1 c 5 2"));
    }
}
