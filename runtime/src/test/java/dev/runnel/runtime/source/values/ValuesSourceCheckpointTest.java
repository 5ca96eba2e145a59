package dev.runnel.runtime.source.values;

import static dev.runnel.runtime.testing.SourceReaderHarness.readAll;
import static dev.runnel.runtime.testing.SourceReaderHarness.readWithRestore;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** VALUES readers checkpoint how many of their rows they emitted. */
class ValuesSourceCheckpointTest {
    private static final ValuesSourceFactory SOURCE = new ValuesSourceFactory(LongStream.range(0, 3001)
            .mapToObj(i -> Row.ofKind(i % 7 == 0 ? RowKind.DELETE : RowKind.INSERT, i, "v" + i)).toList());

    @ParameterizedTest(name = "{0} readers, restored into {1}")
    @CsvSource({"1, 1", "2, 1", "2, 4", "3, 2"})
    void aRestoredReadEmitsTheRemainingRowsOnce(int parallelism, int newParallelism) throws Exception {
        List<Row> all = readAll(SOURCE, 1);
        assertThat(all).hasSize(3001).doesNotHaveDuplicates();
        assertThat(readWithRestore(SOURCE, parallelism, 300, newParallelism)).containsExactlyInAnyOrderElementsOf(all);
    }
}
