package dev.runnel.runtime.operators.sink;

import static dev.runnel.runtime.testing.TestRows.rows;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.testing.RestoresAfterEveryBatch;
import org.junit.jupiter.api.Test;

@RestoresAfterEveryBatch
class CollectSinkOperatorTest {

    @Test
    void sendsEveryRowToTheClientAndEmitsNothing() throws Exception {
        try (var harness = OperatorHarness.of(new CollectSinkOperatorFactory()).open()) {
            harness.processRows("+I 1 a", "-D 2 b").processWatermark(5).processRows("+I 3 c").endInput();

            assertThat(harness.sentResults()).containsExactlyElementsOf(rows("+I 1 a", "-D 2 b", "+I 3 c"));
            assertThat(harness.elements()).isEmpty();
        }
    }
}
