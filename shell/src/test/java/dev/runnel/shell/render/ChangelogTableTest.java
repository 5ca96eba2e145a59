package dev.runnel.shell.render;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChangelogTableTest {
    private final ChangelogTable table = new ChangelogTable();

    /** Applies changes written as {@code "+U 1 alice"}: a kind, then a long and a string. */
    private ChangelogTable apply(String... changes) {
        return apply(table, changes);
    }

    private static ChangelogTable apply(ChangelogTable table, String... changes) {
        for (String change : changes) {
            String[] parts = change.split(" ");
            table.apply(Row.ofKind(RowKind.fromShortString(parts[0]), Long.parseLong(parts[1]), parts[2]));
        }
        return table;
    }

    private static List<Row> rows(String... rows) {
        return Arrays.stream(rows).map(r -> {
            String[] parts = r.split(" ");
            return Row.of(Long.parseLong(parts[0]), parts[1]);
        }).toList();
    }

    @Test
    void insertsAppendInArrivalOrder() {
        apply("+I 1 a", "+I 2 b", "+I 3 c");
        assertThat(table.rows()).isEqualTo(rows("1 a", "2 b", "3 c"));
        assertThat(table.rows()).allSatisfy(r -> assertThat(r.kind()).isEqualTo(RowKind.INSERT));
        assertThat(table.size()).isEqualTo(3);
        assertThat(table.changes()).isEqualTo(3);
    }

    @Test
    void anUpdateReplacesTheRowItRetractedInPlace() {
        apply("+I 1 a", "+I 2 b", "+I 3 c", "-U 2 b", "+U 2 bb");
        assertThat(table.rows()).isEqualTo(rows("1 a", "2 bb", "3 c"));
        apply("-U 1 a", "+U 1 aa", "-U 2 bb", "+U 2 bbb");
        assertThat(table.rows()).isEqualTo(rows("1 aa", "2 bbb", "3 c"));
    }

    @Test
    void aTableAppendingUpdatesPutsAnUpdatedRowLastAsFlinksMaterializedResultDoes() {
        ChangelogTable table = ChangelogTable.appendingUpdates();
        apply(table, "+I 1 a", "+I 2 b", "+I 3 c", "-U 2 b", "+U 2 bb", "-D 1 a", "+I 1 a", "-U 1 a", "+U 1 aa");
        assertThat(table.rows()).isEqualTo(rows("3 c", "2 bb", "1 aa"));
    }

    @Test
    void anUpdateAfterWithoutRetractionAppends() {
        apply("+I 1 a", "+U 2 b", "-U 1 a", "+I 3 c", "+U 1 z");
        assertThat(table.rows()).isEqualTo(rows("2 b", "3 c", "1 z"));
    }

    @Test
    void deletesRemoveTheRow() {
        apply("+I 1 a", "+I 2 b", "-D 1 a");
        assertThat(table.rows()).isEqualTo(rows("2 b"));
        apply("-D 2 b");
        assertThat(table.rows()).isEmpty();
        assertThat(table.size()).isZero();
    }

    @Test
    void duplicatesAreKeptAndRetractedOneAtATime() {
        apply("+I 1 a", "+I 2 b", "+I 1 a");
        assertThat(table.rows()).isEqualTo(rows("1 a", "2 b", "1 a"));
        apply("-D 1 a");
        assertThat(table.rows()).isEqualTo(rows("1 a", "2 b"));
        apply("-U 1 a", "+U 1 x");
        assertThat(table.rows()).isEqualTo(rows("1 x", "2 b"));
    }

    @Test
    void aRetractionOfAMissingRowIsIgnoredAndCounted() {
        apply("+I 1 a", "-D 9 z", "-U 1 b", "+U 1 c");
        assertThat(table.rows()).isEqualTo(rows("1 a", "1 c"));
        assertThat(table.ignoredRetractions()).isEqualTo(2);
        assertThat(table.changes()).isEqualTo(4);
    }

    @Test
    void binaryValuesCompareByContent() {
        table.apply(Row.of(new byte[] {1, 2}));
        table.apply(Row.ofKind(RowKind.DELETE, (Object) new byte[] {1, 2}));
        assertThat(table.size()).isZero();
        assertThat(table.ignoredRetractions()).isZero();
    }

    @Test
    void manyChangesCompactAndKeepOrder() {
        for (long i = 0; i < 1_000; i++) {
            table.apply(Row.of(i, "v"));
        }
        for (long i = 0; i < 1_000; i++) {
            if (i % 10 != 0) {
                table.apply(Row.ofKind(RowKind.DELETE, i, "v"));
            }
        }
        // updates after compaction still land in place
        apply("-U 500 v", "+U 500 w");
        assertThat(table.size()).isEqualTo(100);
        assertThat(table.rows(49, 3)).isEqualTo(rows("490 v", "500 w", "510 v"));
        assertThat(table.rows(98, 10)).isEqualTo(rows("980 v", "990 v"));
    }
}
