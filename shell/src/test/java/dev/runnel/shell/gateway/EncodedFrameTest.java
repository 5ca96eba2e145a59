package dev.runnel.shell.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.Test;

/** An {@link EncodedFrame} is, byte for byte, the frame Avatica writes for the same rows. */
class EncodedFrameTest {

    @Test
    void everyKindOfValueIsWrittenAsAvaticaWritesIt() throws IOException {
        List<Object> rows = List.of(
                new Object[] {1L, "alice", 2, 3.5, true, (short) 4, (byte) 5, 6.5f, new BigDecimal("12.50")},
                new Object[] {0L, "", 0, 0.0, false, (short) 0, (byte) 0, 0.0f, BigDecimal.ZERO},
                new Object[] {Long.MIN_VALUE, "é – 日本 😀", Integer.MIN_VALUE, -0.0, null, Short.MIN_VALUE,
                        Byte.MIN_VALUE, -0.0f, new BigDecimal("-1E+30")},
                new Object[] {Long.MAX_VALUE, "x".repeat(300), -1, Double.NaN, null, (short) -1, (byte) -1,
                        Float.NaN, null},
                new Object[] {null, null, null, Double.NEGATIVE_INFINITY, null, null, null, Float.MIN_VALUE, null});
        assertSameBytes(new EncodedFrame(7, false, rows));
        assertSameBytes(new EncodedFrame(0, true, rows));
    }

    @Test
    void bytesAndArraysGoThroughAvatica() throws IOException {
        List<Object> rows = List.of(
                new Object[] {new byte[] {1, 2, 3}, List.of(1L, 2L), List.of("a", "b")},
                new Object[] {new byte[0], List.of(), Arrays.asList(null, "c")},
                new Object[] {null, Arrays.asList(3, null), null});
        assertSameBytes(new EncodedFrame(3, false, rows));
    }

    @Test
    void emptyFramesAndFramesLargerThanTheBuffer() throws IOException {
        assertSameBytes(new EncodedFrame(0, true, List.of()));
        assertSameBytes(new EncodedFrame(5, false, List.of(new Object[0])));
        SplittableRandom random = new SplittableRandom(42);
        List<Object> rows = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            rows.add(new Object[] {random.nextLong(), "name-" + random.nextInt(), random.nextDouble()});
        }
        rows.add(new Object[] {"y".repeat(200_000)}); // larger than the writer's buffer on its own
        assertSameBytes(new EncodedFrame(123_456_789_012L, false, rows));
    }

    @Test
    void theParsedFrameHoldsTheRows() throws Exception {
        List<Object> rows = List.<Object>of(new Object[] {1L, "a"}, new Object[] {2L, null});
        Meta.Frame parsed = Meta.Frame.fromProto(Common.Frame.parseFrom(new EncodedFrame(9, true, rows)
                .toProto().toByteArray()));
        assertThat(parsed.offset).isEqualTo(9);
        assertThat(parsed.done).isTrue();
        assertThat(parsed.rows).containsExactly(List.of(1L, "a"), Arrays.asList(2L, null));
    }

    /** The frame alone, and the whole answer to a fetch as the gateway's HTTP handler writes it. */
    private static void assertSameBytes(EncodedFrame frame) throws IOException {
        Meta.Frame avatica = new Meta.Frame(frame.offset, frame.done, toList(frame.rows));
        assertThat(frame.toProto().toByteArray()).isEqualTo(avatica.toProto().toByteArray());
        ProtobufTranslationImpl translation = new ProtobufTranslationImpl();
        assertThat(translation.serializeResponse(new Service.FetchResponse(frame, false, false, null)))
                .isEqualTo(translation.serializeResponse(new Service.FetchResponse(avatica, false, false, null)));
    }

    private static List<Object> toList(Iterable<Object> rows) {
        List<Object> list = new ArrayList<>();
        rows.forEach(list::add);
        return list;
    }
}
