package dev.runnel.runtime.connector.nexmark;

import static dev.runnel.runtime.testing.SourceReaderHarness.readAll;
import static dev.runnel.runtime.testing.SourceReaderHarness.readWithRestore;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.data.Row;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Nexmark readers checkpoint the next event of their strided split and resume there. */
class NexmarkCheckpointTest {
    private static final NexmarkSource SOURCE = new NexmarkSource("nexmark",
            new NexmarkConfig(0, 6_001, 0, 42, 1_700_000_000_000L, 10_000, 4_000));

    @ParameterizedTest(name = "{0} readers, restored into {1}")
    @CsvSource({"1, 1", "2, 2", "2, 1", "2, 4", "4, 3"})
    void aRestoredRunEmitsTheEventsOfAnUninterruptedOneExactlyOnce(int parallelism, int newParallelism)
            throws Exception {
        List<Row> uninterrupted = readAll(SOURCE, 1);
        assertThat(uninterrupted).hasSize(6_001).doesNotHaveDuplicates();
        List<Row> restored = readWithRestore(SOURCE, parallelism, 1_100, newParallelism);
        assertThat(restored).containsExactlyInAnyOrderElementsOf(uninterrupted);
    }
}
