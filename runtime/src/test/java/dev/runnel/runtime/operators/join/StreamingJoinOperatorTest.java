package dev.runnel.runtime.operators.join;

import static dev.runnel.runtime.operators.join.JoinTestSupport.BIGINT;
import static dev.runnel.runtime.operators.join.JoinTestSupport.STRING;
import static dev.runnel.runtime.operators.join.JoinTestSupport.feed;
import static dev.runnel.runtime.operators.join.JoinTestSupport.greaterThan;
import static dev.runnel.runtime.operators.join.JoinTestSupport.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.codegen.GeneratedClass;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.operators.calc.CalcFunction;
import dev.runnel.runtime.state.StateOptions;
import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.testing.Rescaling;
import dev.runnel.runtime.testing.RestoresAfterEveryBatch;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The regular join on both state backends: left rows {@code (id, name)}, right rows
 * {@code (id, amount)}, joined on {@code id}; expected changelogs as Flink emits them.
 */
@RestoresAfterEveryBatch
class StreamingJoinOperatorTest {

    private static StreamingJoinOperatorFactory factory(JoinType type, GeneratedClass<CalcFunction> condition) {
        return new StreamingJoinOperatorFactory("Join", type, new int[] {0}, new int[] {0},
                new boolean[] {false}, List.of(BIGINT, STRING), List.of(BIGINT, BIGINT), condition);
    }

    private static OperatorHarness harness(JoinType type, GeneratedClass<CalcFunction> condition, String backend)
            throws Exception {
        return OperatorHarness.of(factory(type, condition)).withStateBackend(backend).open();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void innerJoinEmitsEachMatchingPairOncePerOccurrence(String backend) throws Exception {
        try (var h = harness(JoinType.INNER, null, backend)) {
            feed(h, 0, "+I 1 alice", "+I 2 bob");
            feed(h, 1, "+I 1 10", "+I 1 10", "+I 3 30");
            feed(h, 0, "+I 1 carol");
            assertThat(text(h.takeOutput())).containsExactly(
                    "+I[1, alice, 1, 10]", "+I[1, alice, 1, 10]", "+I[1, carol, 1, 10]", "+I[1, carol, 1, 10]");
        }
    }

    /** A join whose inputs the planner knows to be append-only. */
    private static OperatorHarness appendOnly(JoinType type, String backend, Configuration config) throws Exception {
        var factory = new StreamingJoinOperatorFactory("Join", type, new int[] {0}, new int[] {0},
                new boolean[] {false}, List.of(BIGINT, STRING), List.of(BIGINT, BIGINT), null,
                new boolean[] {true, true});
        return OperatorHarness.of(factory).withConfiguration(config).withStateBackend(backend).open();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void appendOnlyInnerSidesKeepEveryRowAndJoinAsCountedOnesDo(String backend) throws Exception {
        try (var h = appendOnly(JoinType.INNER, backend, new Configuration())) {
            feed(h, 0, "+I 1 alice", "+I 2 bob");
            feed(h, 1, "+I 1 10", "+I 1 10", "+I 3 30");
            feed(h, 0, "+I 1 carol", "+I 1 carol");
            assertThat(text(h.takeOutput())).containsExactly(
                    "+I[1, alice, 1, 10]", "+I[1, alice, 1, 10]", "+I[1, carol, 1, 10]", "+I[1, carol, 1, 10]",
                    "+I[1, carol, 1, 10]", "+I[1, carol, 1, 10]");
            feed(h, 1, "+I 1 20");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, alice, 1, 20]", "+I[1, carol, 1, 20]",
                    "+I[1, carol, 1, 20]");
        }
        assertThat(new StreamingJoinOperatorFactory("Join", JoinType.INNER, new int[] {0}, new int[] {0},
                new boolean[] {false}, List.of(BIGINT, STRING), List.of(BIGINT, BIGINT), null,
                new boolean[] {true, false}).stateSignature()).endsWith(", left=list");
    }

    /** A batch reads each key's other rows once and appends its rows of a key at once: same rows, same order. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void appendOnlyBatchesWithInterleavedKeysJoinRowByRow(String backend) throws Exception {
        try (var h = appendOnly(JoinType.INNER, backend, new Configuration())) {
            feed(h, 0, "+I 2 x");
            feed(h, 1, "+I 1 10", "+I 2 20", "+I 1 11", "+I 3 30", "+I 2 21");
            assertThat(text(h.takeOutput())).containsExactly("+I[2, x, 2, 20]", "+I[2, x, 2, 21]");
            feed(h, 0, "+I 1 a", "+I 2 b", "+I 1 c", "+I 4 d");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, a, 1, 10]", "+I[1, a, 1, 11]",
                    "+I[2, b, 2, 20]", "+I[2, b, 2, 21]", "+I[1, c, 1, 10]", "+I[1, c, 1, 11]");
            feed(h, 1, "+I 1 12", "+I 4 40");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, a, 1, 12]", "+I[1, c, 1, 12]",
                    "+I[4, d, 4, 40]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void anAppendOnlyOuterSideStillCountsItsMatches(String backend) throws Exception {
        try (var h = appendOnly(JoinType.LEFT, backend, new Configuration())) {
            feed(h, 0, "+I 1 alice");
            feed(h, 1, "+I 1 10", "+I 1 20");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, alice, null, null]", "-D[1, alice, null, null]",
                    "+I[1, alice, 1, 10]", "+I[1, alice, 1, 20]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void appendOnlyRowsExpireAfterTheTtl(String backend) throws Exception {
        Configuration config = new Configuration();
        config.set(StateOptions.STATE_TTL.key(), "10 s");
        try (var h = appendOnly(JoinType.INNER, backend, config)) {
            feed(h, 0, "+I 1 alice");
            h.setProcessingTime(5_000);
            feed(h, 1, "+I 1 10");
            h.setProcessingTime(20_000);
            feed(h, 1, "+I 1 20");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, alice, 1, 10]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void innerJoinPassesUpdatesThroughAndRetractsDeletes(String backend) throws Exception {
        try (var h = harness(JoinType.INNER, null, backend)) {
            feed(h, 0, "+I 1 alice");
            feed(h, 1, "+I 1 10");
            feed(h, 1, "-U 1 10", "+U 1 20");
            feed(h, 0, "-D 1 alice");
            feed(h, 1, "+I 1 30");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, alice, 1, 10]",
                    "-U[1, alice, 1, 10]", "+U[1, alice, 1, 20]", "-D[1, alice, 1, 20]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void leftJoinPadsUntilTheFirstMatchAndAfterTheLastIsRetracted(String backend) throws Exception {
        try (var h = harness(JoinType.LEFT, null, backend)) {
            feed(h, 0, "+I 1 alice");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, alice, null, null]");
            feed(h, 1, "+I 1 10");
            assertThat(text(h.takeOutput())).containsExactly("-D[1, alice, null, null]", "+I[1, alice, 1, 10]");
            feed(h, 1, "+I 1 20");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, alice, 1, 20]");
            feed(h, 1, "-D 1 10");
            assertThat(text(h.takeOutput())).containsExactly("-D[1, alice, 1, 10]");
            feed(h, 1, "-U 1 20");
            assertThat(text(h.takeOutput())).containsExactly("-U[1, alice, 1, 20]", "+I[1, alice, null, null]");
            feed(h, 0, "-D 1 alice");
            assertThat(text(h.takeOutput())).containsExactly("-D[1, alice, null, null]");
            // A right row without left rows emits nothing in a left join.
            feed(h, 1, "+I 2 5");
            assertThat(h.takeOutput()).isEmpty();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void leftOuterRowRetractedWhileMatchedRetractsItsJoinedRows(String backend) throws Exception {
        try (var h = harness(JoinType.LEFT, null, backend)) {
            feed(h, 1, "+I 1 10");
            feed(h, 0, "+I 1 alice");
            feed(h, 0, "-U 1 alice", "+U 1 alicia");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, alice, 1, 10]",
                    "-D[1, alice, 1, 10]", "+I[1, alicia, 1, 10]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void rightJoinPadsTheRightSide(String backend) throws Exception {
        try (var h = harness(JoinType.RIGHT, null, backend)) {
            feed(h, 1, "+I 1 10");
            feed(h, 0, "+I 1 alice", "+I 1 bob");
            feed(h, 0, "-D 1 alice", "-D 1 bob");
            assertThat(text(h.takeOutput())).containsExactly("+I[null, null, 1, 10]",
                    "-D[null, null, 1, 10]", "+I[1, alice, 1, 10]", "+I[1, bob, 1, 10]",
                    "-D[1, alice, 1, 10]", "-D[1, bob, 1, 10]", "+I[null, null, 1, 10]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void fullJoinPadsBothSidesAndDuplicatesRetractOnePaddingEach(String backend) throws Exception {
        try (var h = harness(JoinType.FULL, null, backend)) {
            feed(h, 1, "+I 1 10", "+I 1 10");
            feed(h, 0, "+I 1 alice", "+I 2 bob");
            feed(h, 1, "-D 1 10", "-D 1 10");
            assertThat(text(h.takeOutput())).containsExactly(
                    "+I[null, null, 1, 10]", "+I[null, null, 1, 10]",
                    "-D[null, null, 1, 10]", "-D[null, null, 1, 10]", "+I[1, alice, 1, 10]", "+I[1, alice, 1, 10]",
                    "+I[2, bob, null, null]",
                    "-D[1, alice, 1, 10]", "-D[1, alice, 1, 10]", "+I[1, alice, null, null]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void residualConditionDecidesWhatMatches(String backend) throws Exception {
        // ON l.id = r.id AND r.amount > 15: the amount is field 3 of the joined row.
        try (var h = harness(JoinType.LEFT, greaterThan(3, 15), backend)) {
            feed(h, 0, "+I 1 alice");
            feed(h, 1, "+I 1 10", "+I 1 20");
            feed(h, 1, "-D 1 20");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, alice, null, null]",
                    "-D[1, alice, null, null]", "+I[1, alice, 1, 20]",
                    "-D[1, alice, 1, 20]", "+I[1, alice, null, null]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void nullKeysMatchNothing(String backend) throws Exception {
        try (var h = harness(JoinType.FULL, null, backend)) {
            feed(h, 0, "+I null alice");
            feed(h, 1, "+I null 10");
            assertThat(text(h.takeOutput())).containsExactly("+I[null, alice, null, null]", "+I[null, null, null, 10]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void nullSafeKeysMatchNulls(String backend) throws Exception {
        var factory = new StreamingJoinOperatorFactory("Join", JoinType.INNER, new int[] {0}, new int[] {0},
                new boolean[] {true}, List.of(BIGINT, STRING), List.of(BIGINT, BIGINT), null);
        try (var h = OperatorHarness.of(factory).withStateBackend(backend).open()) {
            feed(h, 0, "+I null alice");
            feed(h, 1, "+I null 10");
            assertThat(text(h.takeOutput())).containsExactly("+I[null, alice, null, 10]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void idleStateExpiresAfterTheTtl(String backend) throws Exception {
        Configuration config = new Configuration();
        config.set(StateOptions.STATE_TTL.key(), "10 s");
        var factory = new StreamingJoinOperatorFactory("Join", JoinType.INNER, new int[] {0}, new int[] {0},
                new boolean[] {false}, List.of(BIGINT, STRING), List.of(BIGINT, BIGINT), null);
        try (var h = OperatorHarness.of(factory).withConfiguration(config).withStateBackend(backend).open()) {
            feed(h, 0, "+I 1 alice");
            h.setProcessingTime(5_000);
            feed(h, 1, "+I 1 10");
            h.setProcessingTime(20_000);
            feed(h, 1, "+I 1 20");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, alice, 1, 10]");
        }
    }

    /**
     * Both sides' rows and their match counts are keyed state: split by key groups, each key's
     * new rows and retractions find the rows and paddings of before the checkpoint, in the same
     * order per pair of sides' keys.
     */
    @Test
    void rescalesOntoOneTwoAndThreeSubtasks() throws Exception {
        List<String> afterCheckpoint = text(Rescaling.of(factory(JoinType.FULL, null))
                .keyedBy(new int[] {0}, new int[] {0})
                .before(Rescaling.rows(0, "+I 1 a", "+I 2 b", "+I 3 c", "+I 4 d", "+I 5 e"),
                        Rescaling.rows(1, "+I 1 10", "+I 3 30", "+I 6 60", "+I 7 70", "+I 8 80"))
                .after(Rescaling.rows(1, "+I 2 20", "-D 3 30", "+I 4 40", "+I 6 61"),
                        Rescaling.rows(0, "+I 6 f", "-D 1 a", "+I 7 g", "+I 9 i"),
                        Rescaling.rows(1, "-D 8 80", "+I 1 11"))
                .outputKeyedBy(0, 2)
                .verify());

        assertThat(afterCheckpoint).contains("-D[2, b, null, null]", "+I[2, b, 2, 20]", "-D[3, c, 3, 30]",
                "+I[3, c, null, null]", "-D[1, a, 1, 10]", "+I[null, null, 1, 10]", "-D[null, null, 8, 80]");
    }
}
