package dev.runnel.runtime.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.jobgraph.JobVertex;
import dev.runnel.runtime.operators.aggregate.GroupAggregateOperatorFactory;
import dev.runnel.runtime.operators.aggregate.functions.AggregateCall;
import dev.runnel.runtime.operators.aggregate.functions.AggregateKind;
import dev.runnel.runtime.operators.aggregate.functions.AggregatesHandle;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An operator's id is its place in the job graph, and its descriptor what its state means: a
 * savepoint's state goes to the operator at the same place with the same descriptor.
 */
class OperatorIdsTest {
    private static final DataType BIGINT = DataType.of(TypeRoot.BIGINT);
    private static final AggregatesHandle COUNT = new AggregatesHandle(List.of(AggregateCall.of(
            AggregateKind.COUNT_STAR, new int[0], List.of(), BIGINT.notNull(), "n")), false);

    private static GroupAggregateOperatorFactory countBy(DataType keyType) {
        return new GroupAggregateOperatorFactory("GroupAggregate(groupBy=[k], select=[k, COUNT(*) AS n])",
                new int[] {0}, List.of(keyType), COUNT, null);
    }

    private static OperatorIds.OperatorRef first(JobVertex vertex) {
        return OperatorIds.of(vertex).get(0);
    }

    @Test
    void theVertexNameAndTheOtherOperatorsOfTheChainDoNotChangeTheDescriptor() {
        // The vertex name holds the names of the operators chained to it, e.g. a sink's path.
        JobVertex before = new JobVertex(2, "GroupAggregate -> Sink(path=[/out/a])", 2, null, List.of(countBy(BIGINT)));
        JobVertex after = new JobVertex(2, "GroupAggregate -> Sink(path=[/out/b])", 4, null, List.of(countBy(BIGINT)));

        assertThat(first(after)).isEqualTo(first(before));
        assertThat(first(after).id()).isEqualTo("2-0");
    }

    @Test
    void anotherKeyTypeIsAnotherDescriptor() {
        JobVertex bigint = new JobVertex(2, "GroupAggregate", 2, null, List.of(countBy(BIGINT)));
        JobVertex integer = new JobVertex(2, "GroupAggregate", 2, null, List.of(countBy(DataType.of(TypeRoot.INTEGER))));

        assertThat(first(integer).id()).isEqualTo(first(bigint).id());
        assertThat(first(integer).descriptor()).isNotEqualTo(first(bigint).descriptor()).contains("INT");
    }
}
