package dev.runnel.runtime.operators.aggregate.functions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import dev.runnel.runtime.types.Values;
import java.math.BigDecimal;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** ARRAY_AGG and COLLECT: accumulate, retract (as Flink's list and map views do), merge, DISTINCT. */
class CollectionAggregateFunctionsTest {
    private static final DataType INT = DataType.of(TypeRoot.INTEGER);
    private static final DataType DECIMAL = DataType.decimal(5, 2);

    private static AggregateCall call(AggregateKind kind, DataType arg, boolean distinct) {
        DataType result = kind == AggregateKind.COLLECT ? DataType.multiset(arg) : DataType.array(arg);
        return new AggregateCall(kind, new int[] {0}, List.of(arg), result, distinct, -1, kind.name());
    }

    /** One accumulator of {@code calls} over heap views; values print as Flink prints them. */
    private static final class Accumulators {
        private final AggregatesHandle handle;
        private final List<AggregateCall> calls;
        final ViewSource views = ViewSource.heap();
        final Object[] acc;

        Accumulators(boolean retraction, AggregateCall... calls) {
            this.calls = List.of(calls);
            this.handle = new AggregatesHandle(this.calls, retraction);
            this.acc = handle.createAccumulators();
        }

        Accumulators add(Object... values) {
            for (Object v : values) {
                handle.accumulate(acc, Row.of(v), views);
            }
            return this;
        }

        Accumulators remove(Object... values) {
            for (Object v : values) {
                handle.retract(acc, Row.of(v), views);
            }
            return this;
        }

        List<String> printed() {
            Object[] values = handle.getValues(acc, views);
            return IntStream.range(0, values.length).mapToObj(i -> values[i] == null ? "NULL"
                    : Values.toText(values[i], calls.get(i).resultType())).toList();
        }
    }

    @Test
    void withoutRetractionArrayAggKeepsNullsAndArrivalOrderAndCollectSkipsNulls() {
        var acc = new Accumulators(false, call(AggregateKind.ARRAY_AGG, INT, false),
                call(AggregateKind.ARRAY_AGG_IGNORE_NULLS, INT, false), call(AggregateKind.COLLECT, INT, false));
        assertThat(acc.printed()).containsExactly("NULL", "NULL", "{}");
        acc.add(3, null, 1, 3);
        assertThat(acc.printed()).containsExactly("[3, NULL, 1, 3]", "[3, 1, 3]", "{3=2, 1=1}");
    }

    @Test
    void retractionRemovesTheEarliestEqualElementAndCountsDown() {
        var acc = new Accumulators(true, call(AggregateKind.ARRAY_AGG, INT, false), call(AggregateKind.COLLECT, INT, false));
        acc.add(1, 2, 1).remove(1);
        assertThat(acc.printed()).containsExactly("[2, 1]", "{1=1, 2=1}");
        acc.remove(7, null).remove(2, 1);
        assertThat(acc.printed()).containsExactly("NULL", "{}");
    }

    @Test
    void equalDecimalsOfAnotherScaleAreOneElementOfTheMultiset() {
        var acc = new Accumulators(true, call(AggregateKind.COLLECT, DECIMAL, false));
        acc.add(new BigDecimal("1.50"), new BigDecimal("1.5"));
        assertThat(acc.printed()).containsExactly("{1.50=2}");
    }

    @Test
    void distinctKeepsTheFirstOfEqualValuesAndArrayAggKeepsOneNull() {
        var acc = new Accumulators(true, call(AggregateKind.ARRAY_AGG, INT, true), call(AggregateKind.COLLECT, INT, true));
        acc.add(2, null, 2, 1, null);
        assertThat(acc.printed()).containsExactly("[2, NULL, 1]", "{2=1, 1=1}");
        acc.remove(2);
        assertThat(acc.printed()).containsExactly("[2, NULL, 1]", "{2=1, 1=1}");
        acc.remove(2);
        assertThat(acc.printed()).containsExactly("[NULL, 1]", "{1=1}");
    }

    @Test
    void mergeAppendsTheOtherAccumulatorsValues() {
        for (boolean retraction : new boolean[] {false, true}) {
            AggregateCall[] calls = {call(AggregateKind.ARRAY_AGG, INT, false), call(AggregateKind.COLLECT, INT, false)};
            var left = new Accumulators(retraction, calls).add(1, 5);
            var right = new Accumulators(retraction, calls).add(5, 3);
            new AggregatesHandle(List.of(calls), retraction).merge(left.acc, left.views, right.acc, right.views);
            assertThat(left.printed()).as("retraction " + retraction).containsExactly("[1, 5, 5, 3]", "{1=1, 5=2, 3=1}");
        }
    }
}
