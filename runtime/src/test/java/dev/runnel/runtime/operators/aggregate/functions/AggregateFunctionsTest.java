package dev.runnel.runtime.operators.aggregate.functions;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.state.Serializers;
import dev.runnel.runtime.state.TypeSerializer;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.TypeRoot;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AggregateFunctionsTest {
    private static final DataType INT = DataType.of(TypeRoot.INTEGER);
    private static final DataType BIGINT = DataType.of(TypeRoot.BIGINT);
    private static final DataType STRING = DataType.of(TypeRoot.VARCHAR);
    private static final DataType DOUBLE = DataType.of(TypeRoot.DOUBLE);

    /** Drives one handle over heap views, the way an operator would. */
    private static final class Agg {
        final AggregatesHandle handle;
        final ViewSource views = ViewSource.heap();
        Object[] acc;

        Agg(boolean withRetraction, AggregateCall... calls) {
            handle = new AggregatesHandle(List.of(calls), withRetraction);
            acc = handle.createAccumulators();
        }

        Agg add(Object... row) {
            handle.accumulate(acc, Row.of(row), views);
            return this;
        }

        Agg remove(Object... row) {
            handle.retract(acc, Row.of(row), views);
            return this;
        }

        List<Object> values() {
            return Arrays.asList(handle.getValues(acc, views));
        }

        Object value() {
            return handle.getValues(acc, views)[0];
        }
    }

    private static AggregateCall call(AggregateKind kind, DataType argType, DataType result) {
        return call(0, kind, argType, result);
    }

    private static AggregateCall call(int arg, AggregateKind kind, DataType argType, DataType result) {
        return AggregateCall.of(kind, new int[] {arg}, List.of(argType), result, kind.name());
    }

    private static AggregateCall distinct(int arg, AggregateKind kind, DataType argType, DataType result) {
        return new AggregateCall(kind, new int[] {arg}, List.of(argType), result, true, -1, kind.name());
    }

    @Test
    void countStarCountsRowsAndCountSkipsNulls() {
        var agg = new Agg(true, AggregateCall.of(AggregateKind.COUNT_STAR, new int[0], List.of(), BIGINT.notNull(), "c"),
                call(AggregateKind.COUNT, INT, BIGINT.notNull()));
        assertThat(agg.values()).containsExactly(0L, 0L);
        agg.add(1).add((Object) null).add(3);
        assertThat(agg.values()).containsExactly(3L, 2L);
        agg.remove(1).remove((Object) null);
        assertThat(agg.values()).containsExactly(1L, 1L);
    }

    @Test
    void sumIsNullOverNoValuesAndSum0IsZero() {
        var agg = new Agg(true, call(AggregateKind.SUM, INT, INT), call(AggregateKind.SUM0, INT, INT.notNull()));
        agg.add((Object) null);
        assertThat(agg.values()).containsExactly(null, 0);
        agg.add(5).add(7);
        assertThat(agg.values()).containsExactly(12, 12);
        agg.remove(5).remove(7);
        assertThat(agg.values()).containsExactly(null, 0);
    }

    @Test
    void sumOfDecimalKeepsTheResultScale() {
        DataType dec = DataType.decimal(10, 2);
        var agg = new Agg(false, call(AggregateKind.SUM, dec, DataType.decimal(38, 2)));
        agg.add(new BigDecimal("1.25")).add(new BigDecimal("2.50"));
        assertThat(agg.value()).isEqualTo(new BigDecimal("3.75"));
    }

    @Test
    void avgOfIntegersTruncatesAndOfDoublesDivides() {
        var agg = new Agg(true, call(AggregateKind.AVG, INT, INT), call(1, AggregateKind.AVG, DOUBLE, DOUBLE));
        assertThat(agg.values()).containsExactly(null, null);
        agg.add(1, 1.0).add(2, 2.0);
        assertThat(agg.values()).containsExactly(1, 1.5);
        agg.remove(1, 1.0);
        assertThat(agg.values()).containsExactly(2, 2.0);
    }

    @Test
    void avgOfDecimalRoundsToTheResultScale() {
        var agg = new Agg(false, call(AggregateKind.AVG, DataType.decimal(10, 2), DataType.decimal(38, 6)));
        agg.add(new BigDecimal("1.00")).add(new BigDecimal("1.00")).add(new BigDecimal("2.00"));
        assertThat(agg.value()).isEqualTo(new BigDecimal("1.333333"));
    }

    @Test
    void minAndMaxWithoutRetractionUseNoViews() {
        var agg = new Agg(false, call(AggregateKind.MIN, STRING, STRING), call(AggregateKind.MAX, STRING, STRING));
        assertThat(agg.handle.views()).isEmpty();
        agg.add("b").add((Object) null).add("a").add("c");
        assertThat(agg.values()).containsExactly("a", "c");
        assertThatThrownBy(() -> agg.remove("a")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void minAndMaxWithRetractionFindTheNextExtreme() {
        var agg = new Agg(true, call(AggregateKind.MIN, INT, INT), call(AggregateKind.MAX, INT, INT));
        agg.add(3).add(1).add(1).add(7);
        assertThat(agg.values()).containsExactly(1, 7);
        agg.remove(1);
        assertThat(agg.values()).containsExactly(1, 7);
        agg.remove(1).remove(7);
        assertThat(agg.values()).containsExactly(3, 3);
        agg.remove(3);
        assertThat(agg.values()).containsExactly(null, null);
        agg.remove(42); // never seen: ignored
        assertThat(agg.values()).containsExactly(null, null);
    }

    @Test
    void countDistinctCountsEachValueOnceAndRetractsWhenItsLastRowGoes() {
        var agg = new Agg(true, distinct(0, AggregateKind.COUNT, STRING, BIGINT.notNull()),
                distinct(1, AggregateKind.SUM, INT, INT));
        assertThat(agg.handle.views()).extracting(ViewSpec::name).containsExactly("agg0_distinct", "agg1_distinct");
        agg.add("a", 1).add("a", 1).add("b", 2).add(null, null);
        assertThat(agg.values()).containsExactly(2L, 3);
        agg.remove("a", 1);
        assertThat(agg.values()).containsExactly(2L, 3);
        agg.remove("a", 1);
        assertThat(agg.values()).containsExactly(1L, 2);
    }

    private static AggregateCall distinctFiltered(int arg, AggregateKind kind, int filter) {
        return new AggregateCall(kind, new int[] {arg}, List.of(INT), kind == AggregateKind.SUM ? INT : BIGINT.notNull(),
                true, filter, kind.name());
    }

    @Test
    void distinctCallsOverTheSameArgumentShareOneViewAndKeepTheirFilters() {
        // COUNT(DISTINCT v), COUNT(DISTINCT v) FILTER (WHERE f), SUM(DISTINCT v) FILTER (WHERE g); rows (v, f, g)
        for (boolean retraction : new boolean[] {false, true}) {
            var agg = new Agg(retraction, distinctFiltered(0, AggregateKind.COUNT, -1),
                    distinctFiltered(0, AggregateKind.COUNT, 1), distinctFiltered(0, AggregateKind.SUM, 2));
            assertThat(agg.handle.views()).extracting(ViewSpec::name).containsExactly("distinct0_shared");
            assertThat(agg.handle.stateLayout()).isEqualTo(", shared distinct views");
            agg.add(1, true, false).add(1, false, true).add(2, false, false).add(3, true, true).add(3, true, true);
            assertThat(agg.values()).as("retraction " + retraction).containsExactly(3L, 2L, 4);
            if (retraction) {
                agg.remove(3, true, true);
                assertThat(agg.values()).containsExactly(3L, 2L, 4);
                agg.remove(3, true, true).remove(1, true, false);
                // 1 still reached the unfiltered call and SUM (through its second row), not the f call
                assertThat(agg.values()).containsExactly(2L, 0L, 1);
            }
        }
    }

    @Test
    void sharedDistinctViewsMerge() {
        AggregateCall[] calls = {distinctFiltered(0, AggregateKind.COUNT, -1), distinctFiltered(0, AggregateKind.COUNT, 1)};
        for (boolean retraction : new boolean[] {false, true}) {
            var left = new Agg(retraction, calls).add(1, true).add(2, false);
            var right = new Agg(retraction, calls).add(2, true).add(3, false);
            left.handle.merge(left.acc, left.views, right.acc, right.views);
            assertThat(left.values()).as("retraction " + retraction).containsExactly(3L, 2L);
            if (retraction) {
                left.remove(2, true);
                assertThat(left.values()).containsExactly(3L, 1L);
            }
        }
    }

    @Test
    void firstAndLastValueSkipNulls() {
        var agg = new Agg(false, call(AggregateKind.FIRST_VALUE, STRING, STRING),
                call(AggregateKind.LAST_VALUE, STRING, STRING));
        agg.add((Object) null).add("a").add("b").add((Object) null);
        assertThat(agg.values()).containsExactly("a", "b");
    }

    @Test
    void firstAndLastValueWithRetraction() {
        var agg = new Agg(true, call(AggregateKind.FIRST_VALUE, STRING, STRING),
                call(AggregateKind.LAST_VALUE, STRING, STRING));
        agg.add("a").add("b").add("c");
        agg.remove("c");
        assertThat(agg.values()).containsExactly("a", "b");
        agg.remove("a");
        assertThat(agg.values()).containsExactly("b", "b");
        agg.remove("b");
        assertThat(agg.values()).containsExactly(null, null);
    }

    @Test
    void listAggJoinsWithDefaultOrGivenSeparator() {
        var agg = new Agg(false, call(AggregateKind.LISTAGG, STRING, STRING),
                AggregateCall.of(AggregateKind.LISTAGG, new int[] {0, 1}, List.of(STRING, STRING), STRING, "l"));
        assertThat(agg.values()).containsExactly(null, null);
        agg.add("a", "-").add(null, "-").add("b", "-");
        assertThat(agg.values()).containsExactly("a,b", "a-b");
    }

    @Test
    void listAggWithRetractionRemovesOneValue() {
        var agg = new Agg(true, AggregateCall.of(AggregateKind.LISTAGG, new int[] {0, 1}, List.of(STRING, STRING),
                STRING, "l"));
        agg.add("a", ";").add("b", ";").add("a", ";");
        assertThat(agg.value()).isEqualTo("a;b;a");
        agg.remove("a", ";");
        assertThat(agg.value()).isEqualTo("a;b");
        agg.remove("a", ";").remove("b", ";");
        assertThat(agg.value()).isNull();
    }

    @Test
    void filterArgumentSelectsRows() {
        var agg = new Agg(true, new AggregateCall(AggregateKind.COUNT_STAR, new int[0], List.of(), BIGINT.notNull(),
                false, 1, "c"));
        agg.add(1, true).add(2, false).add(3, null).add(4, true);
        assertThat(agg.value()).isEqualTo(2L);
        agg.remove(4, true).remove(2, false);
        assertThat(agg.value()).isEqualTo(1L);
    }

    @Test
    void mergeFoldsAccumulators() {
        AggregateCall[] calls = {
                AggregateCall.of(AggregateKind.COUNT_STAR, new int[0], List.of(), BIGINT.notNull(), "c"),
                call(AggregateKind.SUM, INT, INT), call(AggregateKind.MAX, INT, INT),
                call(AggregateKind.FIRST_VALUE, INT, INT), call(AggregateKind.LAST_VALUE, INT, INT),
                distinct(0, AggregateKind.COUNT, INT, BIGINT.notNull())};
        for (boolean retraction : new boolean[] {false, true}) {
            var left = new Agg(retraction, calls).add(1).add(5);
            var right = new Agg(retraction, calls).add(5).add(3);
            left.handle.merge(left.acc, left.views, right.acc, right.views);
            assertThat(left.values()).as("retraction " + retraction).containsExactly(4L, 14, 5, 1, 3, 3L);
        }
    }

    @Test
    void decimalResultsHaveTheirTypesScaleEvenWhenStateNormalizedThem() {
        DataType dec = DataType.decimal(10, 2);
        var agg = new Agg(true, call(AggregateKind.SUM, dec, DataType.decimal(38, 2)), call(AggregateKind.MIN, dec, dec));
        agg.acc[0] = new BigDecimal("1.5"); // as a state backend hands back 1.50
        agg.acc[1] = 1L;
        agg.add(new BigDecimal("1.5"));
        assertThat(agg.values()).containsExactly(new BigDecimal("3.00"), new BigDecimal("1.50"));
    }

    @Test
    void accumulatorsSurviveTheStateSerializer() throws Exception {
        var agg = new Agg(true, call(AggregateKind.AVG, DataType.decimal(10, 2), DataType.decimal(38, 6)),
                call(1, AggregateKind.MIN, INT, INT), call(2, AggregateKind.LISTAGG, STRING, STRING));
        TypeSerializer<Row> serializer = Serializers.row(agg.handle.accumulatorTypes());
        agg.add(new BigDecimal("2.00"), 4, "x");
        var bytes = new ByteArrayOutputStream();
        serializer.serialize(Row.of(agg.acc), new DataOutputStream(bytes));
        Row back = serializer.deserialize(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        agg.acc = back.fields();
        agg.add(new BigDecimal("4.00"), 2, "y");
        assertThat(agg.values()).containsExactly(new BigDecimal("3.000000"), 2, "x,y");
    }
}
