package dev.runnel.runtime.operators.aggregate;

import static dev.runnel.runtime.testing.TestRows.rows;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.operators.aggregate.functions.AggregateCall;
import dev.runnel.runtime.operators.aggregate.functions.AggregateKind;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.testing.OperatorHarness;
import dev.runnel.runtime.testing.OperatorSnapshot;
import dev.runnel.runtime.testing.RestoresAfterEveryBatch;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A group aggregate of {@code $WELFORD_M2(v), JSON_ARRAYAGG(v), JSON_OBJECTAGG(item VALUE v)} per
 * {@code k} over a retracting input {@code (k, item, v)}, across a checkpoint restore.
 */
@RestoresAfterEveryBatch
class RetractingAggregatesRestoreTest {
    private static final DataType STRING = DataType.of(TypeRoot.VARCHAR);
    private static final DataType BIGINT = DataType.of(TypeRoot.BIGINT);
    private static final DataType DOUBLE = DataType.of(TypeRoot.DOUBLE);
    private static final RowType INPUT = RowType.of(new RowType.Field("k", STRING), new RowType.Field("item", STRING),
            new RowType.Field("v", BIGINT));
    private static final RowType OUTPUT = RowType.of(new RowType.Field("k", STRING), new RowType.Field("m2", DOUBLE),
            new RowType.Field("ja", STRING), new RowType.Field("jo", STRING));

    @TempDir
    Path checkpoints;

    private OperatorHarness aggregate(String backend) {
        var calls = List.of(
                AggregateCall.of(AggregateKind.WELFORD_M2, new int[] {2}, List.of(BIGINT), DOUBLE, "m2"),
                AggregateCall.of(AggregateKind.JSON_ARRAYAGG_ABSENT_ON_NULL, new int[] {2}, List.of(BIGINT), STRING, "ja"),
                AggregateCall.of(AggregateKind.JSON_OBJECTAGG_NULL_ON_NULL, new int[] {1, 2}, List.of(STRING, BIGINT),
                        STRING, "jo"));
        var factory = new GroupAggregateOperatorFactory("GroupAggregate", new int[] {0}, List.of(STRING),
                new AggregatesHandle(calls, true), null);
        return OperatorHarness.of(factory).withInputType(INPUT).withStateBackend(backend)
                .withCheckpointDirectory(checkpoints);
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void retractionsAfterARestoreTakeBackWhatWasAccumulatedBeforeIt(String backend) throws Exception {
        OperatorSnapshot checkpoint;
        try (var h = aggregate(backend).open()) {
            h.processRows("+I a x 2", "+I a y 4");
            assertThat(h.takeOutput()).isEqualTo(rows(OUTPUT, "+I a 0.0 [2] {\"x\":2}",
                    "-U a 0.0 [2] {\"x\":2}", "+U a 2.0 [2,4] {\"x\":2,\"y\":4}"));
            checkpoint = h.snapshot(1);
        }
        try (var h = aggregate(backend).withRestoredState(checkpoint).open()) {
            h.processRows("-U a x 2", "+U a x 8");
            assertThat(h.output()).isEqualTo(rows(OUTPUT,
                    "-U a 2.0 [2,4] {\"x\":2,\"y\":4}", "+U a 0.0 [4] {\"y\":4}",
                    "-U a 0.0 [4] {\"y\":4}", "+U a 8.0 [4,8] {\"x\":8,\"y\":4}"));
        }
    }
}
