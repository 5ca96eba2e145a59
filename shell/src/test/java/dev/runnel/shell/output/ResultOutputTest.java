package dev.runnel.shell.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.runnel.planner.session.ColumnInfo;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import dev.runnel.shell.engine.ShellSettings;
import dev.runnel.shell.fake.FakeQuery;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * How the formats for programs print a query while it runs: an unbounded query's rows or
 * changes as they arrive, a bounded updating query's final table only once it ended.
 */
class ResultOutputTest {
    private static final List<ColumnInfo> COLUMNS = List.of(
            new ColumnInfo("name", DataType.of(TypeRoot.VARCHAR)),
            new ColumnInfo("n", DataType.of(TypeRoot.BIGINT).notNull()));

    private final StringWriter text = new StringWriter();
    private final AtomicBoolean stop = new AtomicBoolean();

    /** What has been printed so far (a StringWriter may be read while the query prints on another thread). */
    private String printed() {
        return text.toString();
    }

    private CompletableFuture<Boolean> printAsync(FakeQuery query, OutputFormat format, Configuration session) {
        PrintWriter out = new PrintWriter(text, true);
        ResultOutput output = new ResultOutput(out, format, true);
        return CompletableFuture.supplyAsync(() -> output.print(query, session, stop::get));
    }

    private static Row row(RowKind kind, String name, long n) {
        return Row.ofKind(kind, name, n);
    }

    @Test
    void theFormOfAResultFollowsItsPlanUnlessTheChangelogIsAskedFor() {
        assertThat(ResultForm.of(true, true, false)).isEqualTo(ResultForm.ROWS);
        assertThat(ResultForm.of(true, false, false)).isEqualTo(ResultForm.ROWS);
        assertThat(ResultForm.of(false, true, false)).isEqualTo(ResultForm.FINAL_TABLE);
        assertThat(ResultForm.of(false, false, false)).as("no final table").isEqualTo(ResultForm.CHANGELOG);
        assertThat(ResultForm.of(true, true, true)).isEqualTo(ResultForm.CHANGELOG);
        assertThat(ResultForm.of(false, true, true)).isEqualTo(ResultForm.CHANGELOG);
    }

    @Test
    void onlyTheChangelogResultModeAsksForTheChangelog() {
        assertThat(ShellSettings.changelogRequested(new Configuration())).isFalse();
        assertThat(ShellSettings.changelogRequested(mode("table"))).isFalse();
        assertThat(ShellSettings.changelogRequested(mode("tableau"))).isFalse();
        assertThat(ShellSettings.changelogRequested(mode("CHANGELOG"))).isTrue();
    }

    private static Configuration mode(String mode) {
        return new Configuration(Map.of(ShellSettings.RESULT_MODE_KEY, mode));
    }

    @Test
    void anUnboundedUpdatingQueryPrintsItsChangesAsTheyArrive() throws Exception {
        FakeQuery query = FakeQuery.pushed(COLUMNS).updating();
        CompletableFuture<Boolean> printing = printAsync(query, OutputFormat.CSV, new Configuration());

        await().atMost(Duration.ofSeconds(10)).until(() -> printed().equals("op,name,n\n"));
        query.push(List.of(row(RowKind.INSERT, "alice", 1), row(RowKind.UPDATE_BEFORE, "alice", 1),
                row(RowKind.UPDATE_AFTER, "alice", 2)));
        await().atMost(Duration.ofSeconds(10)).until(() -> printed().equals("""
                op,name,n
                +I,alice,1
                -U,alice,1
                +U,alice,2
                """));
        stop.set(true);

        assertThat(printing.get()).as("stopped").isFalse();
        assertThat(query.cancelled()).isTrue();
    }

    @Test
    void anUnboundedInsertOnlyQueryPrintsItsRowsAsTheyArrive() throws Exception {
        FakeQuery query = FakeQuery.pushed(COLUMNS);
        CompletableFuture<Boolean> printing = printAsync(query, OutputFormat.JSON, new Configuration());

        query.push(List.of(row(RowKind.INSERT, "alice", 1)));
        await().atMost(Duration.ofSeconds(10)).until(() -> printed().equals("{\"name\":\"alice\",\"n\":1}\n"));
        stop.set(true);

        assertThat(printing.get()).isFalse();
    }

    @Test
    void aBoundedUpdatingQueryPrintsItsTableOnlyOnceItEnds() throws Exception {
        FakeQuery query = FakeQuery.pushedBounded(COLUMNS).updating();
        CompletableFuture<Boolean> printing = printAsync(query, OutputFormat.TSV, new Configuration());

        query.push(List.of(row(RowKind.INSERT, "alice", 1), row(RowKind.INSERT, "bob", 1)));
        query.push(List.of());
        // The first chunk is handled once the second one was fetched.
        await().atMost(Duration.ofSeconds(10)).until(() -> query.pendingChunks() == 0);
        assertThat(printed()).isEmpty();
        query.push(List.of(row(RowKind.UPDATE_BEFORE, "alice", 1), row(RowKind.UPDATE_AFTER, "alice", 2)));
        query.finish();

        assertThat(printing.get()).isTrue();
        assertThat(printed()).as("rows in the order of their last change").isEqualTo("name\tn\nbob\t1\nalice\t2\n");
    }

    @Test
    void aStoppedBoundedUpdatingQueryPrintsNoPartialTable() throws Exception {
        FakeQuery query = FakeQuery.pushedBounded(COLUMNS).updating();
        CompletableFuture<Boolean> printing = printAsync(query, OutputFormat.CSV, new Configuration());
        query.push(List.of(row(RowKind.INSERT, "alice", 1)));
        query.push(List.of());
        await().atMost(Duration.ofSeconds(10)).until(() -> query.pendingChunks() == 0);

        stop.set(true);

        assertThat(printing.get()).isFalse();
        assertThat(query.cancelled()).isTrue();
        assertThat(printed()).isEmpty();
    }
}
