package dev.runnel.runtime.connector.datagen;

import static dev.runnel.runtime.connector.ConnectorTestSupport.readAll;
import static dev.runnel.runtime.connector.ConnectorTestSupport.table;
import static org.assertj.core.api.Assertions.assertThat;

import dev.runnel.runtime.connector.ConnectorFactories;
import dev.runnel.runtime.testing.CollectingOutput;
import dev.runnel.runtime.connector.ConnectorTestSupport.FakeContext;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.source.InputStatus;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.source.SourceReader;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.RowType.Field;
import dev.runnel.runtime.types.TypeRoot;
import dev.runnel.runtime.types.Values;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DataGenSourceTest {
    private static final RowType ORDERS = RowType.of(new Field("id", DataType.of(TypeRoot.BIGINT)),
            new Field("customer", DataType.of(TypeRoot.VARCHAR)), new Field("amount", DataType.of(TypeRoot.DOUBLE)));

    private static SourceFactory source(RowType schema, Map<String, String> options) {
        Map<String, String> all = new HashMap<>(options);
        all.put("connector", "datagen");
        TableContext table = table(schema, all);
        return ConnectorFactories.factoryFor(table).createSource(table);
    }

    private static List<Row> flatten(List<List<Row>> perSubtask) {
        List<Row> all = new ArrayList<>();
        perSubtask.forEach(all::addAll);
        return all;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void sequenceYieldsStartToEndExactlyOnce(int parallelism) throws Exception {
        SourceFactory source = source(ORDERS, Map.of("rows-per-second", "1000000",
                "fields.id.kind", "sequence", "fields.id.start", "1", "fields.id.end", "2500"));
        assertThat(source.isBounded()).isTrue();
        List<Long> ids = flatten(readAll(source, parallelism)).stream().map(r -> (Long) r.getField(0)).toList();
        assertThat(ids).containsExactlyInAnyOrderElementsOf(LongStream.rangeClosed(1, 2500).boxed().toList());
    }

    @Test
    void sequenceOfStringsAndDecimals() throws Exception {
        RowType schema = RowType.of(new Field("s", DataType.of(TypeRoot.VARCHAR)), new Field("d", DataType.decimal(5, 2)));
        List<Row> rows = flatten(readAll(source(schema, Map.of("fields.s.kind", "sequence", "fields.s.start", "7",
                "fields.s.end", "9", "fields.d.kind", "sequence", "fields.d.start", "1", "fields.d.end", "10")), 1));
        assertThat(rows).containsExactly(Row.of("7", new BigDecimal("1.00")), Row.of("8", new BigDecimal("2.00")),
                Row.of("9", new BigDecimal("3.00")));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void numberOfRowsBoundsTheSource(int parallelism) throws Exception {
        SourceFactory source = source(ORDERS, Map.of("number-of-rows", "1001", "rows-per-second", "1000000"));
        assertThat(source.isBounded()).isTrue();
        List<List<Row>> rows = readAll(source, parallelism);
        assertThat(flatten(rows)).hasSize(1001);
        assertThat(rows.get(0)).hasSize(parallelism == 1 ? 1001 : 501);
    }

    @Test
    void theSourceEndsWhenASequenceEndsBeforeNumberOfRows() throws Exception {
        SourceFactory source = source(ORDERS, Map.of("number-of-rows", "100", "rows-per-second", "1000000",
                "fields.id.kind", "sequence", "fields.id.start", "1", "fields.id.end", "10"));
        assertThat(flatten(readAll(source, 2))).hasSize(10);
    }

    @Test
    void withoutBoundTheSourceIsUnbounded() {
        assertThat(source(ORDERS, Map.of()).isBounded()).isFalse();
    }

    @Test
    void randomValuesRespectMinMaxAndLength() throws Exception {
        RowType schema = RowType.of(new Field("i", DataType.of(TypeRoot.INTEGER)),
                new Field("d", DataType.of(TypeRoot.DOUBLE)), new Field("dec", DataType.decimal(6, 2)),
                new Field("s", DataType.of(TypeRoot.VARCHAR)), new Field("c", DataType.of(TypeRoot.CHAR, 4)),
                new Field("b", DataType.of(TypeRoot.VARBINARY)), new Field("v", DataType.of(TypeRoot.VARCHAR, 5)));
        List<Row> rows = flatten(readAll(source(schema, Map.of("number-of-rows", "2000", "rows-per-second", "1000000",
                "fields.i.min", "-3", "fields.i.max", "3", "fields.d.min", "1", "fields.d.max", "500",
                "fields.dec.min", "0.5", "fields.dec.max", "1", "fields.s.length", "12", "fields.b.length", "3")), 1));
        assertThat(rows).hasSize(2000).allSatisfy(r -> {
            assertThat((Integer) r.getField(0)).isBetween(-3, 3);
            assertThat((Double) r.getField(1)).isBetween(1.0, 500.0);
            assertThat((BigDecimal) r.getField(2)).isBetween(new BigDecimal("0.50"), new BigDecimal("1.00"));
            assertThat((BigDecimal) r.getField(2)).hasScaleOf(2);
            assertThat((String) r.getField(3)).hasSize(12).matches("[A-Za-z0-9]+");
            assertThat((String) r.getField(4)).hasSize(4);
            assertThat((byte[]) r.getField(5)).hasSize(3);
            assertThat((String) r.getField(6)).hasSize(5);
        });
        assertThat(rows.stream().map(r -> r.getField(0)).distinct()).hasSize(7);
    }

    @Test
    void everyTypeGetsValuesOfItsJavaClassAndNullRateApplies() throws Exception {
        RowType schema = RowType.of(new Field("b", DataType.of(TypeRoot.BOOLEAN)),
                new Field("ti", DataType.of(TypeRoot.TINYINT)), new Field("si", DataType.of(TypeRoot.SMALLINT)),
                new Field("f", DataType.of(TypeRoot.FLOAT)), new Field("dt", DataType.of(TypeRoot.DATE)),
                new Field("tm", DataType.of(TypeRoot.TIME)), new Field("ts", DataType.of(TypeRoot.TIMESTAMP, 0)),
                new Field("ltz", DataType.of(TypeRoot.TIMESTAMP_LTZ, 3)), new Field("bin", DataType.of(TypeRoot.BINARY, 2)),
                new Field("n", DataType.of(TypeRoot.BIGINT)));
        long before = System.currentTimeMillis();
        long wallClockBefore = Values.parseTimestamp(LocalDateTime.now().toString());
        List<Row> rows = flatten(readAll(source(schema, Map.of("number-of-rows", "200", "rows-per-second", "1000000",
                "fields.ltz.max-past", "1 h", "fields.n.null-rate", "1")), 1));
        assertThat(rows).hasSize(200).allSatisfy(r -> {
            assertThat(r.getField(0)).isInstanceOf(Boolean.class);
            assertThat(r.getField(1)).isInstanceOf(Byte.class);
            assertThat(r.getField(2)).isInstanceOf(Short.class);
            assertThat(r.getField(3)).isInstanceOf(Float.class);
            assertThat(r.getField(4)).isInstanceOf(Integer.class);
            assertThat(r.getField(5)).isInstanceOf(Integer.class);
            assertThat((Long) r.getField(6) % 1000).as("TIMESTAMP(0) has no fraction").isZero();
            assertThat((Long) r.getField(6)).as("the local wall-clock time")
                    .isBetween(wallClockBefore - 1000, Values.parseTimestamp(LocalDateTime.now().toString()));
            assertThat((Long) r.getField(7)).isBetween(before - 3_600_000, System.currentTimeMillis());
            assertThat((byte[]) r.getField(8)).hasSize(2);
            assertThat(r.getField(9)).isNull();
        });
    }

    @Test
    void rowsPerSecondIsSplitAndLimitsEachPoll() throws Exception {
        // 10 rows/s over 2 subtasks: 5 per second each; a fake clock that does not move
        AtomicLong now = new AtomicLong(1_000_000_000L);
        SourceFactory source = source(ORDERS, Map.of("rows-per-second", "10"));
        assertThat(((DataGenReader) source.createReader(1, 2)).rowsPerSecond()).isEqualTo(5.0);
        DataGenReader reader = new DataGenReader(ORDERS, List.of(FieldSpec.defaults(), FieldSpec.defaults(),
                FieldSpec.defaults()), null, 10.0 / 2, 0, 2, now::get, 1024);
        CollectingOutput out = new CollectingOutput();
        reader.open(new FakeContext(0, 2, out));
        assertThat(reader.pollNext(out)).isEqualTo(InputStatus.MORE_AVAILABLE);
        assertThat(out.rows()).hasSize(1);
        assertThat(reader.pollNext(out)).isEqualTo(InputStatus.NOTHING_AVAILABLE);
        now.addAndGet(1_000_000_000L);
        assertThat(reader.pollNext(out)).isEqualTo(InputStatus.MORE_AVAILABLE);
        assertThat(out.rows()).hasSize(6);
        assertThat(reader.pollNext(out)).isEqualTo(InputStatus.NOTHING_AVAILABLE);
        assertThat(source.isBounded()).isFalse();
    }

    @Test
    void fastSourcesEmitChunksOfTenMilliseconds() throws Exception {
        AtomicLong now = new AtomicLong(0);
        DataGenReader reader = new DataGenReader(ORDERS, List.of(FieldSpec.defaults(), FieldSpec.defaults(),
                FieldSpec.defaults()), null, 10_000, 0, 1, now::get, 1024);
        CollectingOutput out = new CollectingOutput();
        reader.open(new FakeContext());
        assertThat(reader.pollNext(out)).isEqualTo(InputStatus.NOTHING_AVAILABLE);
        now.set(5_000_000L);
        assertThat(reader.pollNext(out)).isEqualTo(InputStatus.NOTHING_AVAILABLE);
        now.set(10_000_000L);
        assertThat(reader.pollNext(out)).isEqualTo(InputStatus.MORE_AVAILABLE);
        assertThat(out.rows()).hasSize(101);
    }

    @Test
    void aRealReaderWaitsForItsNextRowsWhenOverBudget() throws Exception {
        SourceFactory source = source(ORDERS, Map.of("rows-per-second", "20"));
        CollectingOutput out = new CollectingOutput();
        try (SourceReader reader = source.createReader(0, 1)) {
            reader.open(new FakeContext(0, 1, out));
            InputStatus status = reader.pollNext(out);
            while (status == InputStatus.MORE_AVAILABLE) {
                status = reader.pollNext(out);
            }
            assertThat(status).isEqualTo(InputStatus.NOTHING_AVAILABLE);
            assertThat(out.rows().size()).isLessThanOrEqualTo(20);
            reader.isAvailable().get();
            assertThat(reader.pollNext(out)).isEqualTo(InputStatus.MORE_AVAILABLE);
        }
    }

    @Test
    void theSourceIsSerializable() throws Exception {
        SourceFactory source = source(ORDERS, Map.of("number-of-rows", "5", "rows-per-second", "1000000",
                "fields.id.kind", "sequence", "fields.id.start", "1", "fields.id.end", "5"));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(source);
        }
        SourceFactory copy = (SourceFactory) new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))
                .readObject();
        assertThat(copy.name()).isEqualTo("TableSourceScan(table=[default.t], connector=[datagen])");
        assertThat(flatten(readAll(copy, 1))).extracting(r -> r.getField(0)).containsExactly(1L, 2L, 3L, 4L, 5L);
    }
}
