package dev.runnel.runtime.operators.calc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.testing.OperatorHarness;
import org.junit.jupiter.api.Test;

/** Rows {@code (n, name)} become {@code n} rows {@code (n, name, name)} of the input row's kind. */
class ReplicateRowsOperatorTest {

    @Test
    void emitsEachRowAsOftenAsItsCountSaysWithItsKind() throws Exception {
        try (var h = OperatorHarness.of(new ReplicateRowsOperatorFactory("ReplicateRows")).open()) {
            h.processRows("+I 2 a", "+U 1 b", "-U 3 c", "+I 0 d", "+I null e", "-D -1 f");
            assertThat(h.output()).extracting(Object::toString).containsExactly(
                    "+I[2, a, a]", "+I[2, a, a]", "+U[1, b, b]", "-U[3, c, c]", "-U[3, c, c]", "-U[3, c, c]");
        }
    }
}
