package dev.runnel.runtime.operators.join;

import static dev.runnel.runtime.operators.join.JoinTestSupport.BIGINT;
import static dev.runnel.runtime.operators.join.JoinTestSupport.feed;
import static dev.runnel.runtime.operators.join.JoinTestSupport.greaterThan;
import static dev.runnel.runtime.operators.join.JoinTestSupport.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.operators.calc.CalcFunction;
import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.testing.Rescaling;
import dev.runnel.runtime.testing.RestoresAfterEveryBatch;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The event-time interval join {@code l.ts BETWEEN r.ts - 10 AND r.ts} (so {@code -10 <= l.ts - r.ts <= 0})
 * on {@code id}: left rows {@code (id, ts)}, right rows {@code (id, ts, amount)}. A left row at
 * {@code t} waits for right rows until the watermark reaches {@code t + 10}; a right row at
 * {@code t} waits until the watermark reaches {@code t}.
 */
@RestoresAfterEveryBatch
class IntervalJoinOperatorTest {

    private static IntervalJoinOperatorFactory factory(JoinType type, GeneratedClass<CalcFunction> condition) {
        return IntervalJoinOperatorFactory.of("IntervalJoin", type, new int[] {0}, new int[] {0},
                new boolean[] {false}, List.of(BIGINT, BIGINT), List.of(BIGINT, BIGINT, BIGINT), condition,
                1, 1, -10, 0);
    }

    private static OperatorHarness harness(JoinType type, GeneratedClass<CalcFunction> condition, String backend)
            throws Exception {
        return OperatorHarness.of(factory(type, condition)).withStateBackend(backend).open();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void innerJoinMatchesRowsWithinTheBounds(String backend) throws Exception {
        try (var h = harness(JoinType.INNER, null, backend)) {
            feed(h, 0, "+I 1 100", "+I 2 100");
            feed(h, 1, "+I 1 105 7", "+I 1 111 8", "+I 1 99 9", "+I 2 110 5");
            feed(h, 0, "+I 1 101");
            assertThat(text(h.takeOutput())).containsExactly(
                    "+I[1, 100, 1, 105, 7]", "+I[2, 100, 2, 110, 5]", "+I[1, 101, 1, 105, 7]", "+I[1, 101, 1, 111, 8]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void watermarkExpiresRowsSoLateRowsNoLongerMatch(String backend) throws Exception {
        try (var h = harness(JoinType.INNER, null, backend)) {
            feed(h, 0, "+I 1 100");
            feed(h, 1, "+I 1 120 1");
            h.processWatermark(109);
            feed(h, 1, "+I 1 109 2");
            h.processWatermark(110);
            // The left row at 100 expired at watermark 110: a right row at 110 is late and finds nothing.
            feed(h, 1, "+I 1 110 3");
            // The right row at 120 is still held (until watermark 120): a left row at 115 joins it.
            feed(h, 0, "+I 1 115");
            h.processWatermark(120);
            feed(h, 0, "+I 1 118");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, 100, 1, 109, 2]", "+I[1, 115, 1, 120, 1]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void outputWatermarkIsHeldBackByTheLongestWait(String backend) throws Exception {
        try (var h = harness(JoinType.INNER, null, backend)) {
            h.processWatermark(110);
            h.processWatermark(Long.MAX_VALUE);
            assertThat(h.watermarks()).containsExactly(100L, Long.MAX_VALUE);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void leftOuterJoinPadsRowsThatExpireUnmatched(String backend) throws Exception {
        try (var h = harness(JoinType.LEFT, null, backend)) {
            feed(h, 0, "+I 1 100", "+I 2 100", "+I 1 100");
            feed(h, 1, "+I 2 104 5");
            h.processWatermark(109);
            assertThat(text(h.takeOutput())).containsExactly("+I[2, 100, 2, 104, 5]");
            h.processWatermark(110);
            assertThat(text(h.takeOutput())).containsExactly("+I[1, 100, null, null, null]",
                    "+I[1, 100, null, null, null]");
            // A late left row is joined with what is held and padded at once.
            feed(h, 0, "+I 3 50");
            assertThat(text(h.takeOutput())).containsExactly("+I[3, 50, null, null, null]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void fullOuterJoinPadsBothSidesAndAppliesTheCondition(String backend) throws Exception {
        // ... AND r.amount > 5: the amount is field 4 of the joined row.
        try (var h = harness(JoinType.FULL, greaterThan(4, 5), backend)) {
            feed(h, 0, "+I 1 100");
            feed(h, 1, "+I 1 105 3", "+I 1 106 9", "+I 7 300 1");
            h.processWatermark(Long.MAX_VALUE);
            assertThat(text(h.takeOutput())).containsExactly("+I[1, 100, 1, 106, 9]",
                    "+I[null, null, 1, 105, 3]", "+I[null, null, 7, 300, 1]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void rowsWithoutTimeMatchNothing(String backend) throws Exception {
        try (var h = harness(JoinType.LEFT, null, backend)) {
            feed(h, 1, "+I 1 100 1");
            feed(h, 0, "+I 1 null");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, null, null, null, null]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void retractionsAreRejected(String backend) throws Exception {
        try (var h = harness(JoinType.INNER, null, backend)) {
            assertThatThrownBy(() -> feed(h, 0, "-D 1 100")).hasMessageContaining("consumes only inserts");
        }
    }

    /**
     * Held rows and their expiry timers split by key groups, and the watermark restored: left rows
     * of before the checkpoint still match and are padded when they expire on their new subtasks,
     * and a left row late at the checkpoint's watermark is padded at once (a restore at
     * {@code Long.MIN_VALUE} would hold it and join the late right row of its key).
     */
    @Test
    void rescalesOntoOneTwoAndThreeSubtasks() throws Exception {
        List<String> afterCheckpoint = text(Rescaling.of(factory(JoinType.LEFT, null))
                .keyedBy(new int[] {0}, new int[] {0})
                .before(Rescaling.rows(0, "+I 1 100", "+I 2 100", "+I 3 102", "+I 4 103", "+I 7 90"),
                        Rescaling.rows(1, "+I 1 105 7", "+I 5 120 1", "+I 6 125 2", "+I 8 130 3"),
                        Rescaling.watermark(101))
                .after(Rescaling.rows(1, "+I 2 104 5", "+I 4 111 4"),
                        Rescaling.rows(0, "+I 5 115", "+I 6 118", "+I 9 50"), Rescaling.rows(1, "+I 9 55 1"),
                        Rescaling.watermark(110), Rescaling.watermark(120), Rescaling.rows(0, "+I 8 89"),
                        Rescaling.watermark(Long.MAX_VALUE))
                .verify());

        assertThat(afterCheckpoint).containsExactlyInAnyOrder("+I[2, 100, 2, 104, 5]", "+I[4, 103, 4, 111, 4]",
                "+I[5, 115, 5, 120, 1]", "+I[6, 118, 6, 125, 2]", "+I[9, 50, null, null, null]",
                "+I[3, 102, null, null, null]", "+I[8, 89, null, null, null]");
    }
}
