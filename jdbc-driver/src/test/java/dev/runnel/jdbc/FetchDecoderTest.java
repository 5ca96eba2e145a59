package dev.runnel.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.proto.Responses;
import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.Test;

/** {@link FetchDecoder} gives, value and class, what Avatica's own parse of the same answer gives. */
class FetchDecoderTest {
    private final ProtobufTranslation avatica = new ProtobufTranslationImpl();
    private final ProtobufTranslation decoder = new FetchDecoder(new ProtobufTranslationImpl());

    /** Per type the gateway sends, its edge values: column i of row j holds value j of type i (or null). */
    private static final List<List<Object>> EDGES = List.of(
            List.of(0L, 1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, 1L << 40),
            List.of(0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE),
            List.of("", "a", "é – 日本 😀", "z".repeat(1_000)),
            List.of(0.0, -0.0, 1.5, Double.NaN, Double.NEGATIVE_INFINITY, Double.MIN_VALUE),
            List.of(true, false),
            List.of((short) 0, Short.MIN_VALUE, Short.MAX_VALUE),
            List.of((byte) 0, Byte.MIN_VALUE, Byte.MAX_VALUE),
            List.of(0.0f, -0.0f, Float.NaN, Float.MAX_VALUE),
            List.of(BigDecimal.ZERO, new BigDecimal("12.50"), new BigDecimal("-1E+30")));

    @Test
    void scalarsOfEveryTypeTheGatewaySends() throws IOException {
        List<Object> rows = new ArrayList<>();
        for (int j = 0; j < 8; j++) {
            Object[] row = new Object[EDGES.size()];
            for (int i = 0; i < row.length; i++) {
                List<Object> values = EDGES.get(i);
                row[i] = j < values.size() ? values.get(j) : null;
            }
            rows.add(row);
        }
        assertSameAsAvatica(fetch(new Meta.Frame(7, false, rows)));
    }

    @Test
    void bytesArraysAndDatesAreAvaticasToRead() throws IOException {
        assertSameAsAvatica(fetch(new Meta.Frame(3, true, List.of(
                new Object[] {new byte[] {1, 2, 3}, List.of(1L, 2L), List.of("a", "b"),
                        new java.sql.Timestamp(1_000), new java.sql.Date(86_400_000L), 'c'},
                new Object[] {new byte[0], List.of(), Arrays.asList(null, "c"), null, null, null}))));
    }

    @Test
    void anOldStyleColumnAndTheOldDecimalAreAvaticasToRead() throws IOException {
        Common.TypedValue oldDecimal = Common.TypedValue.newBuilder().setType(Common.Rep.BIG_DECIMAL)
                .setBytesValue(ByteString.copyFrom(new java.math.BigInteger("1234").toByteArray()))
                .setNumberValue(2).build();
        Common.TypedValue text = Common.TypedValue.newBuilder().setType(Common.Rep.STRING).setStringValue("t").build();
        Common.Frame frame = Common.Frame.newBuilder().setOffset(2).addRows(Common.Row.newBuilder()
                .addValue(Common.ColumnValue.newBuilder().addValue(text)) // Calcite 1.5's column: no scalar_value
                .addValue(Common.ColumnValue.newBuilder().addValue(text).addValue(text))
                .addValue(Common.ColumnValue.newBuilder().setScalarValue(oldDecimal))).build();
        assertSameAsAvatica(wire(frame));
    }

    @Test
    void theFlagsTheMetadataAndAnAnswerWithoutFrame() throws IOException {
        assertSameAsAvatica(avatica.serializeResponse(new Service.FetchResponse(
                new Meta.Frame(0, true, List.of()), true, false, new Service.RpcMetadataResponse("gw:1"))));
        assertSameAsAvatica(avatica.serializeResponse(new Service.FetchResponse(
                null, false, true, null)));
    }

    @Test
    void aLargeFrame() throws IOException {
        SplittableRandom random = new SplittableRandom(7);
        List<Object> rows = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            rows.add(new Object[] {random.nextLong(), "name-" + random.nextInt(), random.nextDouble(),
                    random.nextBoolean() ? null : random.nextInt()});
        }
        assertSameAsAvatica(fetch(new Meta.Frame(123_456_789_012L, false, rows)));
    }

    @Test
    void otherAnswersGoToAvatica() throws IOException {
        Service.Response response = new Service.OpenConnectionResponse(new Service.RpcMetadataResponse("gw"));
        assertThat(decoder.parseResponse(avatica.serializeResponse(response))).isEqualTo(response);
    }

    @Test
    void aColumnWithBothAScalarAndAnArrayFailsAsInAvatica() throws IOException {
        Common.TypedValue one = Common.TypedValue.newBuilder().setType(Common.Rep.LONG).setNumberValue(1).build();
        Common.Frame frame = Common.Frame.newBuilder().addRows(Common.Row.newBuilder().addValue(Common.ColumnValue
                .newBuilder().setScalarValue(one).setHasArrayValue(true).addArrayValue(one))).build();
        assertThatThrownBy(() -> avatica.parseResponse(wire(frame))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not both");
        assertThatThrownBy(() -> decoder.parseResponse(wire(frame))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not both");
    }

    private byte[] fetch(Meta.Frame frame) throws IOException {
        return avatica.serializeResponse(new Service.FetchResponse(frame, false, false, null));
    }

    /** A fetch's answer around a frame written by hand. */
    private static byte[] wire(Common.Frame frame) {
        return Common.WireMessage.newBuilder().setName(Responses.FetchResponse.class.getName())
                .setWrappedMessage(Responses.FetchResponse.newBuilder().setFrame(frame).build().toByteString())
                .build().toByteArray();
    }

    private void assertSameAsAvatica(byte[] wire) throws IOException {
        Service.FetchResponse expected = (Service.FetchResponse) avatica.parseResponse(wire);
        Service.FetchResponse actual = (Service.FetchResponse) decoder.parseResponse(wire);
        assertThat(actual.missingStatement).isEqualTo(expected.missingStatement);
        assertThat(actual.missingResults).isEqualTo(expected.missingResults);
        assertThat(actual.rpcMetadata).isEqualTo(expected.rpcMetadata);
        assertThat(actual.frame.offset).isEqualTo(expected.frame.offset);
        assertThat(actual.frame.done).isEqualTo(expected.frame.done);
        assertThat(typed(actual.frame.rows)).isEqualTo(typed(expected.frame.rows));
    }

    /** Every value with its class, byte arrays by content. */
    private static String typed(Object value) {
        if (value instanceof Iterable<?> list) {
            StringBuilder text = new StringBuilder("[");
            list.forEach(v -> text.append(typed(v)).append(", "));
            return text.append("]").toString();
        }
        if (value instanceof byte[] bytes) {
            return "byte[]" + Arrays.toString(bytes);
        }
        return value == null ? "null" : value.getClass().getSimpleName() + ":" + value;
    }
}
