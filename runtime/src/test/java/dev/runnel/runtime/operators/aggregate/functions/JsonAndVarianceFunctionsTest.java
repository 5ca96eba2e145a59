package dev.runnel.runtime.operators.aggregate.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** WELFORD_M2 (behind STDDEV and VAR) and the JSON aggregates, with and without retraction. */
class JsonAndVarianceFunctionsTest {
    private static final DataType INT = DataType.of(TypeRoot.INTEGER);
    private static final DataType STRING = DataType.of(TypeRoot.VARCHAR);

    /** One call over heap views: rows in, the result out. */
    private record Driver(AggregatesHandle handle, ViewSource views, Object[] acc) {
        static Driver of(boolean withRetraction, AggregateKind kind, DataType... argTypes) {
            int[] args = new int[argTypes.length];
            for (int i = 0; i < args.length; i++) {
                args[i] = i;
            }
            var handle = new AggregatesHandle(List.of(AggregateCall.of(kind, args, List.of(argTypes), STRING, "r")),
                    withRetraction);
            return new Driver(handle, ViewSource.heap(), handle.createAccumulators());
        }

        Driver add(Object... row) {
            handle.accumulate(acc, Row.of(row), views);
            return this;
        }

        Driver remove(Object... row) {
            handle.retract(acc, Row.of(row), views);
            return this;
        }

        Object value() {
            return handle.getValues(acc, views)[0];
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void welfordM2IsTheSumOfSquaredDeviationsAndRetractsBackToWhatItWas(boolean withRetraction) {
        Driver m2 = Driver.of(withRetraction, AggregateKind.WELFORD_M2, INT);
        assertThat(m2.value()).isNull();
        m2.add(20).add((Object) null).add(5);
        assertThat((Double) m2.value()).isEqualTo(112.5); // mean 12.5: 7.5² + 7.5²
        if (withRetraction) {
            m2.add(40).remove(40);
            assertThat((Double) m2.value()).isCloseTo(112.5, org.assertj.core.data.Offset.offset(1e-9));
            m2.remove(20).remove(5);
            assertThat(m2.value()).isNull();
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void welfordM2ReadsDecimalsAsDoubles(boolean withRetraction) {
        Driver m2 = Driver.of(withRetraction, AggregateKind.WELFORD_M2, DataType.decimal(10, 2));
        m2.add(new BigDecimal("1.50")).add(new BigDecimal("2.50"));
        assertThat((Double) m2.value()).isEqualTo(0.5);
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void jsonArrayAggKeepsArrivalOrderAndQuotesStrings(boolean withRetraction) {
        assertThat(Driver.of(withRetraction, AggregateKind.JSON_ARRAYAGG_ABSENT_ON_NULL, STRING).value()).isEqualTo("[]");
        assertThat(Driver.of(withRetraction, AggregateKind.JSON_ARRAYAGG_ABSENT_ON_NULL, STRING)
                .add("b").add((Object) null).add("a\"z").value()).isEqualTo("[\"b\",\"a\\\"z\"]");
        assertThat(Driver.of(withRetraction, AggregateKind.JSON_ARRAYAGG_NULL_ON_NULL, INT)
                .add(10).add((Object) null).add(20).value()).isEqualTo("[10,null,20]");
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void jsonArrayAggRetractsTheEarliestOccurrence(boolean nullOnNull) {
        Driver agg = Driver.of(true, nullOnNull ? AggregateKind.JSON_ARRAYAGG_NULL_ON_NULL
                : AggregateKind.JSON_ARRAYAGG_ABSENT_ON_NULL, INT);
        agg.add(1).add(2).add((Object) null).add(1).remove(1).remove((Object) null);
        assertThat(agg.value()).isEqualTo("[2,1]");
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void jsonObjectAggHasTheKeysInOrderAndFailsOnADuplicateKey(boolean withRetraction) {
        Driver agg = Driver.of(withRetraction, AggregateKind.JSON_OBJECTAGG_NULL_ON_NULL, STRING, INT);
        assertThat(agg.value()).isEqualTo("{}");
        agg.add("b", 2).add("a", null).add("c", 3);
        assertThat(agg.value()).isEqualTo("{\"a\":null,\"b\":2,\"c\":3}");
        assertThatThrownBy(() -> agg.add("b", 5))
                .hasMessage("Key 'b' is already present. Duplicate keys are not allowed in JSON_OBJECTAGG."
                        + " Please ensure that keys are unique.");

        Driver absent = Driver.of(withRetraction, AggregateKind.JSON_OBJECTAGG_ABSENT_ON_NULL, STRING, INT);
        assertThat(absent.add("b", 2).add("a", null).value()).isEqualTo("{\"b\":2}");
    }

    @org.junit.jupiter.api.Test
    void jsonObjectAggRetractsAPairAndLetsTheKeyComeBack() {
        Driver agg = Driver.of(true, AggregateKind.JSON_OBJECTAGG_NULL_ON_NULL, STRING, INT);
        agg.add("a", 1).add("b", 2).remove("a", 1).add("a", 3);
        assertThat(agg.value()).isEqualTo("{\"a\":3,\"b\":2}");
    }
}
