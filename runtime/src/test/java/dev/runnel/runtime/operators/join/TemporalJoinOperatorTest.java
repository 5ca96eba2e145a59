package dev.runnel.runtime.operators.join;

import static dev.runnel.runtime.operators.join.JoinTestSupport.BIGINT;
import static dev.runnel.runtime.operators.join.JoinTestSupport.STRING;
import static dev.runnel.runtime.operators.join.JoinTestSupport.feed;
import static dev.runnel.runtime.operators.join.JoinTestSupport.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.testing.Rescaling;
import dev.runnel.runtime.testing.RestoresAfterEveryBatch;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The event-time temporal join {@code orders o JOIN rates FOR SYSTEM_TIME AS OF o.ts r ON o.currency = r.currency}:
 * orders {@code (id, currency, ts)}, rate changes {@code (currency, rate, ts)}.
 */
@RestoresAfterEveryBatch
class TemporalJoinOperatorTest {

    private static TemporalJoinOperatorFactory factory(boolean leftOuter) {
        return new TemporalJoinOperatorFactory("TemporalJoin", leftOuter, new int[] {1}, new int[] {0},
                List.of(BIGINT, STRING, BIGINT), List.of(STRING, BIGINT, BIGINT), 2, 2, null);
    }

    private static OperatorHarness harness(boolean leftOuter, String backend) throws Exception {
        return OperatorHarness.of(factory(leftOuter)).withStateBackend(backend).open();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void eachOrderGetsTheRateValidAtItsTimeWhenTheWatermarkPasses(String backend) throws Exception {
        try (var h = harness(false, backend)) {
            feed(h, 1, "+I EUR 114 0", "+I USD 100 0");
            feed(h, 0, "+I 1 EUR 5", "+I 2 EUR 15", "+I 3 USD 12", "+I 4 EUR 25");
            feed(h, 1, "-U EUR 114 0", "+U EUR 116 10", "-U EUR 116 10", "+U EUR 119 20");
            assertThat(h.takeOutput()).isEmpty();
            h.processWatermark(15);
            assertThat(h.watermarks()).containsExactly(15L);
            assertThat(text(h.takeOutput())).containsExactly(
                    "+I[1, EUR, 5, EUR, 114, 0]", "+I[3, USD, 12, USD, 100, 0]", "+I[2, EUR, 15, EUR, 116, 10]");
            h.processWatermark(30);
            assertThat(h.watermarks()).containsExactly(30L);
            assertThat(text(h.takeOutput())).containsExactly("+I[4, EUR, 25, EUR, 119, 20]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void aDeletedOrNotYetValidVersionJoinsNothingAndLeftJoinPads(String backend) throws Exception {
        try (var h = harness(true, backend)) {
            feed(h, 1, "+I EUR 114 10", "-D EUR 114 20");
            feed(h, 0, "+I 1 EUR 5", "+I 2 EUR 15", "+I 3 EUR 25", "+I 4 GBP 25");
            h.processWatermark(100);
            // Timers of one time fire key by key, in no set order.
            assertThat(text(h.takeOutput())).containsExactlyInAnyOrder("+I[1, EUR, 5, null, null, null]",
                    "+I[2, EUR, 15, EUR, 114, 10]", "+I[3, EUR, 25, null, null, null]",
                    "+I[4, GBP, 25, null, null, null]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void oldVersionsAreDroppedOnceTheWatermarkPassesANewerOne(String backend) throws Exception {
        try (var h = harness(false, backend)) {
            feed(h, 1, "+I EUR 1 10", "+I EUR 2 20");
            h.processWatermark(20);
            // A late order at 15 finds no version: the one at 10 was dropped when the watermark passed 20.
            feed(h, 0, "+I 1 EUR 15", "+I 2 EUR 25");
            h.processWatermark(25);
            assertThat(text(h.takeOutput())).containsExactly("+I[2, EUR, 25, EUR, 2, 20]");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.runnel.runtime.operators.join.JoinTestSupport#backends")
    void leftRetractionsAreRejected(String backend) throws Exception {
        try (var h = harness(false, backend)) {
            assertThatThrownBy(() -> feed(h, 0, "-D 1 EUR 5")).hasMessageContaining("must be append-only");
        }
    }

    /**
     * Rate versions, waiting orders and their timers split by currency's key group, and the
     * watermark restored: orders waiting at the checkpoint join on their new subtasks, the
     * versions the checkpoint's watermark made obsolete stay dropped, and an order late at the
     * checkpoint's watermark joins at once (a restore at {@code Long.MIN_VALUE} would hold it
     * until the next watermark and join the USD change that arrives meanwhile).
     */
    @Test
    void rescalesOntoOneTwoAndThreeSubtasks() throws Exception {
        List<String> afterCheckpoint = text(Rescaling.of(factory(true))
                .keyedBy(new int[] {1}, new int[] {0})
                .before(Rescaling.rows(1, "+I EUR 114 0", "+I USD 100 0", "+I GBP 130 0", "+I JPY 1 0",
                                "+I CHF 105 0", "+I CAD 70 0", "-U EUR 114 0", "+U EUR 116 10"),
                        Rescaling.rows(0, "+I 1 EUR 5", "+I 2 USD 12", "+I 3 GBP 25", "+I 4 JPY 30"),
                        Rescaling.watermark(20))
                .after(Rescaling.rows(0, "+I 10 USD 15"), Rescaling.rows(1, "-U USD 100 0", "+U USD 101 12"),
                        Rescaling.rows(1, "-U GBP 130 0", "+U GBP 131 22", "+I AUD 60 21"),
                        Rescaling.rows(0, "+I 5 EUR 8", "+I 6 CHF 26", "+I 7 AUD 27", "+I 8 CAD 28", "+I 9 EUR 24"),
                        Rescaling.watermark(30))
                .verify());

        // The EUR version valid at 8 was dropped when the watermark passed 10, before the checkpoint.
        assertThat(afterCheckpoint).containsExactlyInAnyOrder("+I[10, USD, 15, USD, 100, 0]",
                "+I[3, GBP, 25, GBP, 131, 22]",
                "+I[4, JPY, 30, JPY, 1, 0]", "+I[5, EUR, 8, null, null, null]", "+I[6, CHF, 26, CHF, 105, 0]",
                "+I[7, AUD, 27, AUD, 60, 21]", "+I[8, CAD, 28, CAD, 70, 0]", "+I[9, EUR, 24, EUR, 116, 10]");
    }
}
