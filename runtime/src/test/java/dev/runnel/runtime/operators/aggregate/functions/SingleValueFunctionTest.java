package dev.runnel.runtime.operators.aggregate.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code SINGLE_VALUE(x)}, which Calcite puts over a scalar sub-query: Flink's semantics. */
class SingleValueFunctionTest {
    private static final DataType INT = DataType.of(TypeRoot.INTEGER);
    private final AggregatesHandle handle = new AggregatesHandle(List.of(
            AggregateCall.of(AggregateKind.SINGLE_VALUE, new int[] {0}, List.of(INT), INT, "v")), true);
    private final ViewSource views = ViewSource.heap();
    private final Object[] acc = handle.createAccumulators();

    private Object value() {
        return handle.getValues(acc, views)[0];
    }

    @Test
    void isTheValueOfTheOnlyRowAndNullWithoutRows() {
        assertThat(value()).isNull();
        handle.accumulate(acc, Row.of(7), views);
        assertThat(value()).isEqualTo(7);
    }

    @Test
    void aSecondRowFailsWithFlinksMessage() {
        handle.accumulate(acc, Row.of(7), views);
        assertThatThrownBy(() -> handle.accumulate(acc, Row.of(8), views))
                .hasMessage("SingleValueAggFunction received more than one element.");
    }

    @Test
    void aRetractedRowMakesRoomForTheNextOne() {
        handle.accumulate(acc, Row.of(7), views);
        handle.retract(acc, Row.of(7), views);
        assertThat(value()).isNull();
        handle.accumulate(acc, Row.of(8), views);
        assertThat(value()).isEqualTo(8);
    }
}
