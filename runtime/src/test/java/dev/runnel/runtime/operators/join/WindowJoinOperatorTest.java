package dev.runnel.runtime.operators.join;

import static dev.runnel.runtime.operators.join.JoinTestSupport.BIGINT;
import static dev.runnel.runtime.operators.join.JoinTestSupport.feed;
import static dev.runnel.runtime.operators.join.JoinTestSupport.greaterThan;
import static dev.runnel.runtime.operators.join.JoinTestSupport.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.operators.calc.CalcFunction;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.state.StateDescriptor;
import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.testing.Rescaling;
import dev.runnel.runtime.testing.RestoresAfterEveryBatch;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The window join on {@code id} of left rows {@code (id, window_end)} and right rows
 * {@code (id, window_end, amount)}: rows of a window wait until the watermark reaches
 * {@code window_end - 1}.
 */
@RestoresAfterEveryBatch
class WindowJoinOperatorTest {

    private static WindowJoinOperatorFactory factory(JoinType type, GeneratedClass<CalcFunction> condition) {
        return WindowJoinOperatorFactory.of("WindowJoin", type, new int[] {0}, new int[] {0},
                new boolean[] {false}, List.of(BIGINT, BIGINT), List.of(BIGINT, BIGINT, BIGINT), condition, 1, 1);
    }

    private static OperatorHarness harness(JoinType type, GeneratedClass<CalcFunction> condition, String backend)
            throws Exception {
        return OperatorHarness.of(factory(type, condition)).withStateBackend(backend).open();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void innerJoinFiresWhenTheWatermarkPassesTheWindowEnd(String backend) throws Exception {
        try (var h = harness(JoinType.INNER, null, backend)) {
            feed(h, 0, "+I 1 10", "+I 2 10", "+I 1 20");
            feed(h, 1, "+I 1 10 7", "+I 1 10 8", "+I 3 10 9", "+I 1 20 5");
            h.processWatermark(8);
            assertThat(h.takeOutput()).isEmpty();
            h.processWatermark(9);
            assertThat(text(h.takeOutput())).containsExactlyInAnyOrder("+I[1, 10, 1, 10, 7]", "+I[1, 10, 1, 10, 8]");
            h.processWatermark(Long.MAX_VALUE);
            assertThat(text(h.takeOutput())).containsExactly("+I[1, 20, 1, 20, 5]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void leftOuterJoinPadsUnmatchedLeftRows(String backend) throws Exception {
        try (var h = harness(JoinType.LEFT, null, backend)) {
            feed(h, 0, "+I 1 10", "+I 2 10", "+I 2 20");
            feed(h, 1, "+I 1 10 7", "+I 2 20 8", "+I 3 10 9");
            h.processWatermark(9);
            assertThat(text(h.takeOutput())).containsExactlyInAnyOrder("+I[1, 10, 1, 10, 7]",
                    "+I[2, 10, null, null, null]");
            h.processWatermark(19);
            assertThat(text(h.takeOutput())).containsExactly("+I[2, 20, 2, 20, 8]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void fullOuterJoinPadsBothSidesAndAppliesTheCondition(String backend) throws Exception {
        // joined[4] (amount) > 7
        try (var h = harness(JoinType.FULL, greaterThan(4, 7), backend)) {
            feed(h, 0, "+I 1 10", "+I 2 10");
            feed(h, 1, "+I 1 10 7", "+I 2 10 8", "+I 3 10 9");
            h.processWatermark(9);
            assertThat(text(h.takeOutput())).containsExactlyInAnyOrder("+I[1, 10, null, null, null]",
                    "+I[2, 10, 2, 10, 8]", "+I[null, null, 1, 10, 7]", "+I[null, null, 3, 10, 9]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void lateRowsAreDroppedAndCountedAndFiredWindowsAreCleared(String backend) throws Exception {
        try (var h = harness(JoinType.LEFT, null, backend)) {
            feed(h, 0, "+I 1 10");
            feed(h, 1, "+I 1 10 7");
            h.processWatermark(9);
            assertThat(text(h.takeOutput())).containsExactly("+I[1, 10, 1, 10, 7]");
            // Window 10 fired: these rows are late.
            feed(h, 0, "+I 1 10");
            feed(h, 1, "+I 1 10 8");
            assertThat(h.counter("numLateRecordsDropped")).isEqualTo(2);
            // A row of a later window joins nothing that was held for window 10: its state is gone.
            feed(h, 0, "+I 1 20");
            h.processWatermark(Long.MAX_VALUE);
            assertThat(text(h.takeOutput())).containsExactly("+I[1, 20, null, null, null]");
            h.stateBackend().setCurrentKey(Row.of(1L));
            for (String side : List.of("window-join-left", "window-join-right")) {
                var state = h.stateBackend().listState(new StateDescriptor<>(side, Serializers.LONG, null,
                        Serializers.row(List.of(BIGINT, BIGINT, BIGINT)), Duration.ZERO));
                state.setCurrentNamespace(10L);
                assertThat(state.get()).isEmpty();
                state.setCurrentNamespace(20L);
                assertThat(state.get()).isEmpty();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void rejectsRetractions(String backend) throws Exception {
        try (var h = harness(JoinType.INNER, null, backend)) {
            assertThatThrownBy(() -> feed(h, 0, "-D 1 10")).hasMessageContaining("consumes only inserts");
        }
    }

    /**
     * Held rows of open windows and their timers split by key groups, and the watermark restored:
     * rows of window 10, which fired before the checkpoint, are still late on every new subtask.
     */
    @Test
    void rescalesOntoOneTwoAndThreeSubtasks() throws Exception {
        List<String> afterCheckpoint = text(Rescaling.of(factory(JoinType.FULL, null))
                .keyedBy(new int[] {0}, new int[] {0})
                .before(Rescaling.rows(0, "+I 1 10", "+I 2 20", "+I 3 20", "+I 4 20"),
                        Rescaling.rows(1, "+I 1 10 7", "+I 2 20 8", "+I 5 20 9", "+I 6 20 10"),
                        Rescaling.watermark(9))
                .after(Rescaling.rows(0, "+I 1 10", "+I 5 20", "+I 7 20"),
                        Rescaling.rows(1, "+I 2 10 100", "+I 3 20 11", "+I 8 30 12"),
                        Rescaling.watermark(19), Rescaling.rows(0, "+I 6 20", "+I 8 30"),
                        Rescaling.watermark(Long.MAX_VALUE))
                .verify());

        assertThat(afterCheckpoint).containsExactlyInAnyOrder("+I[2, 20, 2, 20, 8]", "+I[3, 20, 3, 20, 11]",
                "+I[4, 20, null, null, null]", "+I[5, 20, 5, 20, 9]", "+I[7, 20, null, null, null]",
                "+I[null, null, 6, 20, 10]", "+I[8, 30, 8, 30, 12]");
    }
}
