package dev.runnel.runtime.operators.rank;

import static dev.runnel.runtime.testing.TestRows.row;
import static dev.runnel.runtime.testing.TestRows.rows;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.testing.CollectingOutput;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The ranking rules of a Top-N over rows {@code (name, score)}, ordered by score descending. */
class TopNBufferTest {
    private static final SortKeyComparator SCORE_DESC =
            new SortKeyComparator(new int[] {1}, new boolean[] {false}, new boolean[] {false});

    private final List<Row> sorted = new ArrayList<>();
    private final CollectingOutput out = new CollectingOutput();

    /** Inserts (or retracts, for -U/-D) each row and returns what was emitted. */
    private List<Row> apply(TopNBuffer ranking, String... lines) {
        out.clear();
        for (Row r : rows(lines)) {
            List<Row> before = ranking.output(sorted);
            Row value = new Row(RowKind.INSERT, r.fields());
            if (r.kind() == RowKind.UPDATE_BEFORE || r.kind() == RowKind.DELETE) {
                ranking.retract(sorted, value);
            } else {
                ranking.insert(sorted, value);
            }
            ranking.emitChanges(before, ranking.output(sorted), out);
        }
        return out.rows();
    }

    @Test
    void withoutRankNumberTheDisplacedRowIsDeletedBeforeTheNewOneIsInserted() {
        TopNBuffer top2 = new TopNBuffer(SCORE_DESC, RankType.ROW_NUMBER, 1, 2, false);

        assertThat(apply(top2, "a 10", "b 20")).isEqualTo(rows("+I a 10", "+I b 20"));
        assertThat(apply(top2, "c 15")).isEqualTo(rows("-D a 10", "+I c 15"));
        assertThat(apply(top2, "d 5")).isEmpty();
        // c moves up to rank 1 without leaving the top: nothing to say without rank numbers.
        assertThat(apply(top2, "e 30")).isEqualTo(rows("-D c 15", "+I e 30"));
    }

    @Test
    void withRankNumberEveryShiftedRankIsUpdated() {
        TopNBuffer top3 = new TopNBuffer(SCORE_DESC, RankType.ROW_NUMBER, 1, 3, true);

        assertThat(apply(top3, "a 10", "b 20")).isEqualTo(rows("+I a 10 1", "-U a 10 1", "+U b 20 1", "+I a 10 2"));
        assertThat(apply(top3, "c 15")).isEqualTo(rows("-U a 10 2", "+U c 15 2", "+I a 10 3"));
        assertThat(apply(top3, "d 30")).isEqualTo(rows(
                "-U b 20 1", "+U d 30 1", "-U c 15 2", "+U b 20 2", "-U a 10 3", "+U c 15 3"));
    }

    @Test
    void tiesKeepArrivalOrder() {
        TopNBuffer top2 = new TopNBuffer(SCORE_DESC, RankType.ROW_NUMBER, 1, 2, true);

        assertThat(apply(top2, "a 10", "b 10", "c 10")).isEqualTo(rows("+I a 10 1", "+I b 10 2"));
        assertThat(apply(top2, "d 11")).isEqualTo(rows("-U a 10 1", "+U d 11 1", "-U b 10 2", "+U a 10 2"));
    }

    @Test
    void retractingATopRowLetsTheNextOneIn() {
        TopNBuffer top2 = new TopNBuffer(SCORE_DESC, RankType.ROW_NUMBER, 1, 2, false);
        apply(top2, "a 10", "b 20", "c 5");

        assertThat(apply(top2, "-U b 20")).isEqualTo(rows("-D b 20", "+I c 5"));
        assertThat(apply(top2, "-D c 5")).isEqualTo(rows("-D c 5"));
        assertThat(apply(top2, "-D x 99")).isEmpty();
    }

    @Test
    void retractingWithRankNumbersShiftsTheRanksBelow() {
        TopNBuffer top2 = new TopNBuffer(SCORE_DESC, RankType.ROW_NUMBER, 1, 2, true);
        apply(top2, "a 10", "b 20");

        assertThat(apply(top2, "-D b 20")).isEqualTo(rows("-U b 20 1", "+U a 10 1", "-D a 10 2"));
    }

    @Test
    void rankAndDenseRankShareNumbersAmongTies() {
        TopNBuffer rank = new TopNBuffer(SCORE_DESC, RankType.RANK, 1, 2, true);
        apply(rank, "a 10", "b 10", "c 5");
        assertThat(rank.output(sorted)).isEqualTo(rows("a 10 1", "b 10 1"));

        TopNBuffer dense = new TopNBuffer(SCORE_DESC, RankType.DENSE_RANK, 1, 2, true);
        assertThat(dense.output(sorted)).isEqualTo(rows("a 10 1", "b 10 1", "c 5 2"));
    }

    @Test
    void aRankRangeThatStartsLaterSkipsTheFirstRanksAndUpdatesEachPosition() {
        TopNBuffer second = new TopNBuffer(SCORE_DESC, RankType.ROW_NUMBER, 2, 2, false);

        assertThat(apply(second, "a 10")).isEmpty();
        assertThat(apply(second, "b 20")).isEqualTo(rows("+I a 10"));
        // As Flink's Top-N with an offset: the position's row is updated, even without the number.
        assertThat(apply(second, "c 15")).isEqualTo(rows("-U a 10", "+U c 15"));
    }

    @Test
    void rowsPastTheRankEndAreDroppedForInsertOnlyInput() {
        TopNBuffer top2 = new TopNBuffer(SCORE_DESC, RankType.ROW_NUMBER, 1, 2, false);
        apply(top2, "a 10", "b 20", "c 30");

        top2.dropPastRankEnd(sorted);

        assertThat(sorted).isEqualTo(rows("c 30", "b 20"));
    }

    @Test
    void nullsSortWhereTheOrderSays() {
        SortKeyComparator nullsFirst = new SortKeyComparator(new int[] {1}, new boolean[] {false}, new boolean[] {true});
        TopNBuffer top2 = new TopNBuffer(nullsFirst, RankType.ROW_NUMBER, 1, 2, false);
        sorted.add(row("a 10"));

        top2.insert(sorted, row("b null"));
        top2.insert(sorted, row("c 20"));

        assertThat(sorted).isEqualTo(rows("b null", "c 20", "a 10"));
    }

    @Test
    void aRowThatTiesWithOrTrailsTheLastOfAFullTopIsPastTheRankEnd() {
        TopNBuffer top2 = new TopNBuffer(SCORE_DESC, RankType.ROW_NUMBER, 1, 2, false);
        sorted.addAll(rows("a 30", "b 20"));

        assertThat(top2.pastRankEnd(sorted, row("c 20"))).isTrue();
        assertThat(top2.pastRankEnd(sorted, row("c 10"))).isTrue();
        assertThat(top2.pastRankEnd(sorted, row("c 21"))).isFalse();
        assertThat(top2.pastRankEnd(sorted.subList(0, 1), row("c 10"))).as("top not full").isFalse();
        // A tie with the last row may still share its rank.
        assertThat(new TopNBuffer(SCORE_DESC, RankType.RANK, 1, 2, false).pastRankEnd(sorted, row("c 20"))).isFalse();
    }
}
