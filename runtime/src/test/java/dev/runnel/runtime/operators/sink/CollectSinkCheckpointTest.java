package dev.runnel.runtime.operators.sink;

import static dev.runnel.runtime.testing.TestRows.rows;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.checkpoint.CheckpointOptions;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.testing.OperatorSnapshot;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** With checkpoints, the collect sink sends rows only once a checkpoint after them completed. */
class CollectSinkCheckpointTest {

    private static OperatorHarness harness() {
        Configuration config = new Configuration();
        config.set(CheckpointOptions.INTERVAL.key(), "1 s");
        return OperatorHarness.of(new CollectSinkOperatorFactory()).withConfiguration(config);
    }

    /** What a client that keeps the rows by their numbers gets: each number once. */
    private static List<Row> byOffset(OperatorHarness... harnesses) {
        List<Row> accepted = new ArrayList<>();
        for (OperatorHarness h : harnesses) {
            for (int i = 0; i < h.sentResults().size(); i++) {
                long offset = h.sentOffsets().get(i);
                assertThat(offset).isLessThanOrEqualTo(accepted.size());
                if (offset == accepted.size()) {
                    accepted.add(h.sentResults().get(i));
                }
            }
        }
        return accepted;
    }

    @Test
    void rowsWaitForTheCheckpointAfterThemAndTheEndOfInputSendsTheRest() throws Exception {
        try (OperatorHarness h = harness().open()) {
            h.processRows("+I 1 a", "-D 2 b");
            h.snapshot(1);
            h.processRows("+I 3 c");
            assertThat(h.sentResults()).isEmpty();
            h.notifyCheckpointComplete(1);
            assertThat(h.sentResults()).containsExactlyElementsOf(rows("+I 1 a", "-D 2 b"));
            h.snapshot(2);
            h.snapshot(3);
            h.processRows("+I 4 d");
            h.notifyCheckpointComplete(3).notifyCheckpointComplete(2);
            assertThat(h.sentResults()).containsExactlyElementsOf(rows("+I 1 a", "-D 2 b", "+I 3 c"));
            h.endInput();
            assertThat(h.sentResults()).containsExactlyElementsOf(rows("+I 1 a", "-D 2 b", "+I 3 c", "+I 4 d"));
            assertThat(h.sentOffsets()).containsExactly(0L, 1L, 2L, 3L);
        }
    }

    @Test
    void aRestoreSendsTheRowsOfItsCheckpointNumberedSoThatAClientKeepsEachOnce() throws Exception {
        OperatorHarness first = harness().open();
        Row nested = Row.of(1L, new BigDecimal("2.50"), "x", new Object[] {true, null, new byte[] {1}}, 1.5d);
        first.processRows(List.of(nested));
        first.processRows("+I 2 b");
        OperatorSnapshot checkpoint = first.snapshot(1);
        first.notifyCheckpointComplete(1); // the client got them...
        first.processRows("+I 3 c");
        first.crash(); // ...and the job failed before the next checkpoint

        OperatorHarness second = harness().withRestoredState(checkpoint).open();
        assertThat(second.sentOffsets()).containsExactly(0L, 1L);
        second.processRows("+I 3 c").processRows("+I 4 d"); // replayed after the checkpoint
        second.endInput();
        List<Row> expected = new ArrayList<>(List.of(nested));
        expected.addAll(rows("+I 2 b", "+I 3 c", "+I 4 d"));
        assertThat(byOffset(first, second)).containsExactlyElementsOf(expected);
        second.close();
    }

    @Test
    void withoutCheckpointsEveryBatchGoesOutAtOnce() throws Exception {
        try (OperatorHarness h = OperatorHarness.of(new CollectSinkOperatorFactory()).open()) {
            h.processRows("+I 1 a");
            assertThat(h.sentResults()).containsExactlyElementsOf(rows("+I 1 a"));
        }
    }
}
