package dev.runnel.runtime.operators.join;

import static dev.runnel.runtime.operators.join.JoinTestSupport.BIGINT;
import static dev.runnel.runtime.operators.join.JoinTestSupport.STRING;
import static dev.runnel.runtime.operators.join.JoinTestSupport.feed;
import static dev.runnel.runtime.operators.join.JoinTestSupport.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.testing.OperatorSnapshot;
import dev.runnel.runtime.testing.RestoresAfterEveryBatch;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The processing-time interval join on {@code id} of left rows {@code (id, v)} and right rows
 * {@code (id, w)}: a row's time is the harness clock when it arrives, which the tests move. With
 * {@code l.p BETWEEN r.p - 10 AND r.p + 10} a row waits 10 ms for rows of the other side.
 */
@RestoresAfterEveryBatch
class ProcTimeIntervalJoinOperatorTest {
    @TempDir
    Path checkpoints;

    private static OperatorHarness harness(JoinType type, long lowerBound, long upperBound, String backend) {
        var factory = IntervalJoinOperatorFactory.of("IntervalJoin", type, new int[] {0}, new int[] {0},
                new boolean[] {false}, List.of(BIGINT, STRING), List.of(BIGINT, STRING), null,
                IntervalJoinOperatorFactory.PROCESSING_TIME, IntervalJoinOperatorFactory.PROCESSING_TIME, lowerBound,
                upperBound);
        return OperatorHarness.of(factory).withStateBackend(backend);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void rowsMeetWhenTheyArriveWithinTheBounds(String backend) throws Exception {
        try (var h = harness(JoinType.INNER, -10, 10, backend).open()) {
            h.setProcessingTime(100);
            feed(h, 0, "+I 1 a", "+I 2 b");
            h.setProcessingTime(110);
            feed(h, 1, "+I 1 x");
            h.setProcessingTime(111);
            // The left rows of 100 have expired: 111 - 100 > 10.
            feed(h, 1, "+I 2 y");
            feed(h, 0, "+I 1 c");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, a, 1, x]", "+I[1, c, 1, x]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void outerSidesArePaddedWhenTheTimerSaysTheyCanNoLongerMatch(String backend) throws Exception {
        try (var h = harness(JoinType.FULL, -10, 10, backend).open()) {
            h.setProcessingTime(100);
            feed(h, 0, "+I 1 a", "+I 2 b");
            h.setProcessingTime(105);
            feed(h, 1, "+I 2 x", "+I 3 y");
            h.setProcessingTime(110);
            assertThat(text(h.takeOutput())).containsExactly("+I[2, b, 2, x]");
            // A right row arriving at 110 can still match the left rows of 100; just after, they expire.
            h.setProcessingTime(111);
            assertThat(text(h.takeOutput())).containsExactly("+I[1, a, null, null]");
            h.setProcessingTime(116);
            assertThat(text(h.takeOutput())).containsExactly("+I[null, null, 3, y]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void aRowNoLaterRowCanMatchIsNotKeptAndPaddedAtOnce(String backend) throws Exception {
        // l.p BETWEEN r.p + 5 AND r.p + 10: a left row matches only right rows that arrived 5 to 10 ms before it.
        try (var h = harness(JoinType.LEFT, 5, 10, backend).open()) {
            h.setProcessingTime(100);
            feed(h, 1, "+I 1 x");
            h.setProcessingTime(104);
            feed(h, 0, "+I 1 a");
            h.setProcessingTime(107);
            feed(h, 0, "+I 1 b");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, a, null, null]", "+I[1, b, 1, x]");
            assertThat(h.processingTimeService().pendingCallbacks()).isOne();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void heldRowsAndTheirTimersSurviveARestore(String backend) throws Exception {
        OperatorSnapshot checkpoint;
        try (var h = harness(JoinType.LEFT, -10, 10, backend).withCheckpointDirectory(checkpoints).open()) {
            h.setProcessingTime(100);
            feed(h, 0, "+I 1 a", "+I 2 b");
            checkpoint = h.snapshot(1);
            feed(h, 1, "+I 2 lost");
        }
        String other = backend.equals("hashmap") ? "rocksdb" : "hashmap";
        try (var h = harness(JoinType.LEFT, -10, 10, other).withRestoredState(checkpoint)) {
            h.processingTimeService().setCurrentTime(104);
            h.open();
            feed(h, 1, "+I 1 x");
            h.setProcessingTime(111);
            assertThat(text(h.output())).containsExactly("+I[1, a, 1, x]", "+I[2, b, null, null]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void watermarksPassUnchangedAndTheEndOfInputPadsNothing(String backend) throws Exception {
        try (var h = harness(JoinType.FULL, -10, 10, backend).open()) {
            h.processWatermark(50);
            feed(h, 0, "+I 1 a");
            h.processWatermark(Long.MAX_VALUE);
            h.endInput(0);
            h.endInput(1);
            assertThat(h.watermarks()).containsExactly(50L, Long.MAX_VALUE);
            assertThat(h.output()).isEmpty();
        }
    }
}
