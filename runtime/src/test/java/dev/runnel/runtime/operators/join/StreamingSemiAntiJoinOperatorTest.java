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
import dev.runnel.runtime.testing.OperatorSnapshot;
import dev.runnel.runtime.testing.RestoresAfterEveryBatch;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The semi and anti joins on both state backends: left rows {@code (id, name)}, right rows
 * {@code (id, amount)}, joined on {@code id}; the output is the left row alone, with the
 * changelog Flink's {@code StreamingSemiAntiJoinOperator} emits.
 */
@RestoresAfterEveryBatch
class StreamingSemiAntiJoinOperatorTest {
    @TempDir
    Path checkpoints;

    private static StreamingJoinOperatorFactory factory(JoinType type, int[] keys,
                                                        GeneratedClass<CalcFunction> condition) {
        return new StreamingJoinOperatorFactory("Join", type, keys, keys, new boolean[keys.length],
                List.of(BIGINT, STRING), List.of(BIGINT, BIGINT), condition);
    }

    private static OperatorHarness harness(JoinType type, String backend) throws Exception {
        return OperatorHarness.of(factory(type, new int[] {0}, null)).withStateBackend(backend).open();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void semiJoinEmitsALeftRowOnceWhateverTheNumberOfMatches(String backend) throws Exception {
        try (var h = harness(JoinType.SEMI, backend)) {
            feed(h, 1, "+I 1 10");
            feed(h, 0, "+I 1 alice", "+I 2 bob");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, alice]");
            feed(h, 1, "+I 1 20", "+I 2 30", "+I 2 40");
            assertThat(text(h.takeOutput())).containsExactly("+I[2, bob]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void semiJoinRetractsALeftRowWhenItsLastMatchGoes(String backend) throws Exception {
        try (var h = harness(JoinType.SEMI, backend)) {
            feed(h, 0, "+I 1 alice", "+I 1 alice");
            feed(h, 1, "+I 1 10", "+I 1 20");
            feed(h, 1, "-D 1 10");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, alice]", "+I[1, alice]");
            feed(h, 1, "-D 1 20");
            assertThat(text(h.takeOutput())).containsExactly("-D[1, alice]", "-D[1, alice]");
        }
    }

    /** The kind of the right row that changes the match passes to the left row, as in Flink. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void semiJoinEmitsTheLeftRowWithTheKindOfTheRightChange(String backend) throws Exception {
        try (var h = harness(JoinType.SEMI, backend)) {
            feed(h, 0, "+I 1 alice");
            feed(h, 1, "+U 1 10");
            feed(h, 1, "-U 1 10");
            assertThat(text(h.takeOutput())).containsExactly("+U[1, alice]", "-U[1, alice]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void leftChangesPassWithTheirOwnKindWhileTheyQualify(String backend) throws Exception {
        try (var h = harness(JoinType.SEMI, backend)) {
            feed(h, 1, "+I 1 10");
            feed(h, 0, "+I 1 alice", "-U 1 alice", "+U 1 alicia", "+I 2 bob", "-D 2 bob");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, alice]", "-U[1, alice]", "+U[1, alicia]");
            // The retracted left row is gone from state: its match going away emits nothing for it.
            feed(h, 1, "-D 1 10");
            assertThat(text(h.takeOutput())).containsExactly("-D[1, alicia]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void antiJoinEmitsUnmatchedRowsAndDeletesThemWhenAMatchArrives(String backend) throws Exception {
        try (var h = harness(JoinType.ANTI, backend)) {
            feed(h, 0, "+I 1 alice", "+I 2 bob");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, alice]", "+I[2, bob]");
            feed(h, 1, "+I 1 10", "+I 1 20");
            assertThat(text(h.takeOutput())).containsExactly("-D[1, alice]");
            feed(h, 1, "-D 1 10");
            assertThat(h.takeOutput()).isEmpty();
            feed(h, 1, "-U 1 20");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, alice]");
            feed(h, 0, "-D 2 bob");
            assertThat(text(h.takeOutput())).containsExactly("-D[2, bob]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void aNullKeyMatchesNothing(String backend) throws Exception {
        try (var semi = harness(JoinType.SEMI, backend); var anti = harness(JoinType.ANTI, backend)) {
            for (OperatorHarness h : List.of(semi, anti)) {
                feed(h, 1, "+I null 10");
                feed(h, 0, "+I null alice");
                feed(h, 1, "+I null 20");
            }
            assertThat(semi.takeOutput()).isEmpty();
            assertThat(text(anti.takeOutput())).containsExactly("+I[null, alice]");
        }
    }

    /** {@code NOT EXISTS (… WHERE r.id = l.id AND r.amount > 15)}: the amount is field 3 of the joined row. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void theResidualConditionDecidesWhatMatches(String backend) throws Exception {
        try (var h = OperatorHarness.of(factory(JoinType.ANTI, new int[] {0}, greaterThan(3, 15)))
                .withStateBackend(backend).open()) {
            feed(h, 0, "+I 1 alice");
            feed(h, 1, "+I 1 10", "+I 1 20", "-D 1 10", "-D 1 20");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, alice]", "-D[1, alice]", "+I[1, alice]");
        }
    }

    /** Without equi-keys (NOT IN over nullable columns) every row meets every row under one key. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void aJoinWithoutKeysComparesEveryPair(String backend) throws Exception {
        try (var h = OperatorHarness.of(factory(JoinType.SEMI, new int[0], greaterThan(3, 15)))
                .withStateBackend(backend).open()) {
            feed(h, 0, "+I 1 alice", "+I 2 bob");
            feed(h, 1, "+I 7 10");
            assertThat(h.takeOutput()).isEmpty();
            feed(h, 1, "+I 8 20");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, alice]", "+I[2, bob]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void aRestoredJoinKnowsBothSidesAndTheMatchCounts(String backend) throws Exception {
        OperatorSnapshot checkpoint;
        try (var h = OperatorHarness.of(factory(JoinType.ANTI, new int[] {0}, null)).withStateBackend(backend)
                .withCheckpointDirectory(checkpoints).open()) {
            feed(h, 0, "+I 1 alice", "+I 2 bob");
            feed(h, 1, "+I 1 10", "+I 1 20");
            checkpoint = h.snapshot(1);
            feed(h, 1, "-D 1 10", "-D 1 20");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, alice]", "+I[2, bob]", "-D[1, alice]",
                    "+I[1, alice]");
        }
        try (var h = OperatorHarness.of(factory(JoinType.ANTI, new int[] {0}, null)).withStateBackend(backend)
                .withRestoredState(checkpoint).open()) {
            feed(h, 1, "-D 1 10");
            assertThat(h.takeOutput()).as("alice still has a match").isEmpty();
            feed(h, 1, "-D 1 20", "+I 2 5");
            assertThat(text(h.takeOutput())).containsExactly("+I[1, alice]", "-D[2, bob]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void idleStateExpiresAfterTheTtl(String backend) throws Exception {
        Configuration config = new Configuration();
        config.set(StateOptions.STATE_TTL.key(), "10 s");
        try (var h = OperatorHarness.of(factory(JoinType.SEMI, new int[] {0}, null)).withConfiguration(config)
                .withStateBackend(backend).open()) {
            feed(h, 1, "+I 1 10");
            h.setProcessingTime(20_000);
            feed(h, 0, "+I 1 alice");
            assertThat(h.takeOutput()).as("the right row expired").isEmpty();
        }
    }
}
