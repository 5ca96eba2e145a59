package dev.runnel.runtime.network.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.stream.StreamElement;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Rows as they cross between TaskManagers, by their edge's schema and without one. */
class StreamElementCodecTest {
    private static final RowType EVERY_TYPE = RowType.of(
            field("b", DataType.of(TypeRoot.BOOLEAN)), field("t", DataType.of(TypeRoot.TINYINT)),
            field("s", DataType.of(TypeRoot.SMALLINT)), field("i", DataType.of(TypeRoot.INTEGER)),
            field("l", DataType.of(TypeRoot.BIGINT)), field("f", DataType.of(TypeRoot.FLOAT)),
            field("d", DataType.of(TypeRoot.DOUBLE)), field("dec", DataType.decimal(10, 2)),
            field("c", DataType.of(TypeRoot.CHAR, 3)), field("v", DataType.of(TypeRoot.VARCHAR)),
            field("bin", DataType.of(TypeRoot.VARBINARY)), field("date", DataType.of(TypeRoot.DATE)),
            field("time", DataType.of(TypeRoot.TIME)), field("ts", DataType.of(TypeRoot.TIMESTAMP, 3)),
            field("ltz", DataType.of(TypeRoot.TIMESTAMP_LTZ, 3)),
            field("row", DataType.row(List.of(field("x", DataType.of(TypeRoot.INTEGER)),
                    field("y", DataType.of(TypeRoot.VARCHAR))))),
            field("arr", DataType.array(DataType.of(TypeRoot.BIGINT))),
            field("map", DataType.map(DataType.of(TypeRoot.VARCHAR), DataType.of(TypeRoot.INTEGER))));

    private static RowType.Field field(String name, DataType type) {
        return new RowType.Field(name, type);
    }

    private static Row full(RowKind kind) {
        Map<String, Integer> map = new LinkedHashMap<>();
        map.put("a", 1);
        map.put("b", null);
        return new Row(kind, new Object[] {true, (byte) 7, (short) -300, 42, 1L << 40, 1.5f, -2.25,
            new BigDecimal("123.45"), "abc", "grüße", new byte[] {1, 2, 3}, 20_000, 3_600_000, 1_796_119_200_000L,
            1_796_119_200_001L, new Object[] {5, "five"}, Arrays.asList(1L, null, 3L), map});
    }

    private static RowBatch batch(Row... rows) {
        RowBatch batch = new RowBatch(rows.length);
        for (Row row : rows) {
            batch.add(row);
        }
        return batch;
    }

    private static RowBatch roundTrip(StreamElementCodec codec, RowBatch batch) {
        ByteBuf buffer = Unpooled.buffer();
        codec.write(batch, buffer);
        StreamElement read = codec.read(buffer);
        assertThat(buffer.isReadable()).as("every byte read").isFalse();
        return (RowBatch) read;
    }

    @Test
    void everyTypeAndEveryRowKindReadsBackAsItWasWritten() {
        Object[] nulls = new Object[EVERY_TYPE.arity()];
        RowBatch sent = batch(full(RowKind.INSERT), full(RowKind.UPDATE_BEFORE), new Row(RowKind.UPDATE_AFTER, nulls),
                full(RowKind.DELETE));

        RowBatch received = roundTrip(StreamElementCodec.of(EVERY_TYPE), sent);

        assertThat(received.size()).isEqualTo(4);
        for (int i = 0; i < 4; i++) {
            assertThat(received.get(i).kind()).isEqualTo(sent.get(i).kind());
            assertThat(received.get(i).fields()).isEqualTo(sent.get(i).fields()); // AssertJ compares arrays deeply
        }
    }

    @Test
    void aRowByItsSchemaTakesNoTagsAndIsSmallerThanOneThatSaysItsTypes() {
        RowType bid = RowType.of(field("auction", DataType.of(TypeRoot.BIGINT)),
                field("price", DataType.of(TypeRoot.BIGINT)), field("channel", DataType.of(TypeRoot.VARCHAR)));
        RowBatch rows = batch(Row.of(1L, 2L, "web"));
        ByteBuf typed = Unpooled.buffer();
        StreamElementCodec.of(bid).write(rows, typed);
        ByteBuf untyped = Unpooled.buffer();
        StreamElementCodec.UNTYPED.write(rows, untyped);

        // element tag and row count (5), then kind (1), null bitmap (1), 8 + 8, length 1 + 3
        assertThat(typed.readableBytes()).isEqualTo(5 + 1 + 1 + 8 + 8 + 1 + 3);
        assertThat(untyped.readableBytes()).isGreaterThan(typed.readableBytes());
        assertThat(roundTrip(StreamElementCodec.UNTYPED, rows).get(0)).isEqualTo(Row.of(1L, 2L, "web"));
    }

    @Test
    void aRowThatDoesNotMatchItsEdgesSchemaFailsSayingWhich() {
        RowType ints = RowType.of(field("n", DataType.of(TypeRoot.INTEGER)));

        assertThatThrownBy(() -> StreamElementCodec.of(ints).write(batch(Row.of("not a number")), Unpooled.buffer()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("does not match the schema ROW<`n` INT")
                .hasMessageContaining("not a number");
    }
}
