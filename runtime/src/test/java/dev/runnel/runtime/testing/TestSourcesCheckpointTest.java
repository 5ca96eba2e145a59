package dev.runnel.runtime.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.data.Row;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The test sources resume after their checkpointed positions, so recovery tests can count rows. */
class TestSourcesCheckpointTest {

    @Test
    void aRestoredSequenceEmitsTheRestOnceAtAnotherParallelism() throws Exception {
        var source = new TestSources.Sequence(1_000, 7);
        List<Row> all = SourceReaderHarness.readAll(source, 1);
        assertThat(all).hasSize(1_000).doesNotHaveDuplicates();
        assertThat(SourceReaderHarness.readWithRestore(source, 2, 100, 3)).containsExactlyInAnyOrderElementsOf(all);
    }

    @Test
    void anUnboundedSequenceContinuesAfterItsPosition() throws Exception {
        var source = new TestSources.Unbounded(5);
        SourceReaderHarness first = SourceReaderHarness.of(source, 1, 2).open().pollUntil(10);
        OperatorSnapshot snapshot = first.snapshot(1);
        first.crash();
        SourceReaderHarness second = SourceReaderHarness.of(source, 0, 1).withRestoredState(snapshot).open().pollUntil(5);
        assertThat(first.rows()).containsExactly(Row.of(1L), Row.of(3L), Row.of(5L), Row.of(7L), Row.of(9L),
                Row.of(11L), Row.of(13L), Row.of(15L), Row.of(17L), Row.of(19L));
        assertThat(second.rows()).containsExactly(Row.of(21L), Row.of(23L), Row.of(25L), Row.of(27L), Row.of(29L));
        second.close();
    }
}
