package dev.runnel.runtime.operators.rank;

import static dev.runnel.runtime.testing.TestRows.rows;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.state.StateOptions;
import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.testing.OperatorSnapshot;
import dev.runnel.runtime.testing.Rescaling;
import dev.runnel.runtime.testing.RestoresAfterEveryBatch;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** ChangelogNormalize by {@code id} of upserts and deletes {@code (id, v)}, as an upsert-kafka source reads them. */
@RestoresAfterEveryBatch
class ChangelogNormalizeOperatorTest {
    private static final RowType INPUT = RowType.of(
            new RowType.Field("id", DataType.of(TypeRoot.BIGINT)),
            new RowType.Field("v", DataType.of(TypeRoot.VARCHAR)));

    @TempDir
    Path dir;
    private int harnesses;

    /** Normalizes by id (field 0). */
    private static ChangelogNormalizeOperatorFactory factory() {
        return new ChangelogNormalizeOperatorFactory("ChangelogNormalize(key=[id])", new int[] {0},
                List.of(INPUT.type(0), INPUT.type(1)));
    }

    private OperatorHarness normalize(String backend, Map<String, String> options) {
        Map<String, String> config = new HashMap<>(options);
        config.put(StateOptions.ROCKSDB_LOCAL_DIR.key(), dir.resolve("rocksdb-" + harnesses++).toString());
        return OperatorHarness.of(factory()).withInputType(INPUT).withStateBackend(backend)
                .withConfiguration(new Configuration(config)).withCheckpointDirectory(dir.resolve("checkpoints"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void upsertsBecomeInsertsAndUpdatesAndDeletesCarryTheKeptRow(String backend) throws Exception {
        try (var h = normalize(backend, Map.of()).open()) {
            h.processRows("+I 1 a", "+U 2 b", "+U 1 c", "-D 2 NULL", "-D 3 NULL", "+U 1 c");

            assertThat(h.output()).isEqualTo(rows(INPUT, "+I 1 a", "+I 2 b", "-U 1 a", "+U 1 c", "-D 2 b"))
                    .as("a delete of a key that holds nothing and an upsert equal to the kept row emit nothing");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void anUpsertEqualToTheKeptRowIsForwardedWhenStateExpires(String backend) throws Exception {
        try (var h = normalize(backend, Map.of(StateOptions.STATE_TTL.key(), "1 h")).open()) {
            h.processRows("+I 1 a", "+I 1 a");

            assertThat(h.output()).isEqualTo(rows(INPUT, "+I 1 a", "-U 1 a", "+U 1 a"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void theKeptRowsSurviveARestore(String backend) throws Exception {
        OperatorSnapshot snapshot;
        try (var h = normalize(backend, Map.of()).open()) {
            h.processRows("+I 1 a", "+I 2 b", "-D 2 NULL");
            snapshot = h.snapshot(1);
        }
        try (var h = normalize(backend, Map.of()).withRestoredState(snapshot).open()) {
            h.processRows("+U 1 z", "-D 2 NULL", "+I 2 c");

            assertThat(h.output()).isEqualTo(rows(INPUT, "-U 1 a", "+U 1 z", "+I 2 c"));
        }
    }

    /** The rows of a key in one batch share one read and one write of its state: the changes are those of one row at a time. */
    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void aBatchEmitsWhatItsRowsOneAtATimeWould(String backend) throws Exception {
        Random random = new Random(16);
        List<Row> input = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            long id = random.nextInt(6);
            input.add(random.nextInt(4) == 0 ? Row.ofKind(RowKind.DELETE, id, null)
                    : Row.ofKind(random.nextBoolean() ? RowKind.INSERT : RowKind.UPDATE_AFTER, id, "v" + random.nextInt(3)));
        }
        try (var batched = normalize(backend, Map.of()).open(); var single = normalize(backend, Map.of()).open()) {
            for (int from = 0; from < input.size(); from += 50) {
                batched.processRows(input.subList(from, Math.min(input.size(), from + 50)));
            }
            for (Row row : input) {
                single.processRows(List.of(row));
            }
            assertThat(batched.output()).hasSizeGreaterThan(50).isEqualTo(single.output());
        }
    }

    /**
     * The row kept per id is keyed state: split by key groups, each id's upserts and deletes
     * after the checkpoint update, retract or repeat the row kept before it, in the same order.
     */
    @Test
    void rescalesOntoOneTwoAndThreeSubtasks() throws Exception {
        List<Row> afterCheckpoint = Rescaling.of(factory()).keyedBy(0).withInputType(0, INPUT)
                .before(Rescaling.rows("+I 1 a", "+I 2 b", "+U 3 c", "+I 4 d", "+I 5 e", "+I 6 f", "+I 7 g", "+I 8 h",
                        "-D 8 NULL"))
                .after(Rescaling.rows("+U 1 z", "-D 2 NULL", "+U 3 c", "+U 4 y", "-D 5 NULL", "+I 5 x", "+U 6 f",
                        "+I 8 w", "+U 9 v", "-D 7 NULL"))
                .outputKeyedBy(0)
                .verify();

        // 3 and 6 repeat the kept row: nothing to say.
        assertThat(afterCheckpoint).isEqualTo(rows(INPUT, "-U 1 a", "+U 1 z", "-D 2 b", "-U 4 d", "+U 4 y",
                "-D 5 e", "+I 5 x", "+I 8 w", "+I 9 v", "-D 7 g"));
    }
}
