package dev.runnel.runtime.connector.filesystem;

import static dev.runnel.runtime.connector.ConnectorTestSupport.readAll;
import static dev.runnel.runtime.connector.ConnectorTestSupport.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.connector.ConnectorFactories;
import dev.runnel.runtime.testing.CollectingOutput;
import dev.runnel.runtime.connector.ConnectorTestSupport.FakeContext;
import dev.runnel.runtime.connector.RecordException;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.source.InputStatus;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.RowType.Field;
import dev.runnel.runtime.types.TypeRoot;
import dev.runnel.runtime.types.Values;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSystemConnectorTest {
    private static final RowType ORDERS = RowType.of(new Field("id", DataType.of(TypeRoot.BIGINT)),
            new Field("amount", DataType.decimal(10, 2)), new Field("ts", DataType.of(TypeRoot.TIMESTAMP, 3)));

    @TempDir
    Path dir;

    private static TableContext orders(Path path, String format, String... extra) {
        Map<String, String> options = new HashMap<>(Map.of("connector", "filesystem", "path", path.toString(),
                "format", format));
        for (int i = 0; i < extra.length; i += 2) {
            options.put(extra[i], extra[i + 1]);
        }
        return table(ORDERS, options);
    }

    private static SourceFactory source(TableContext table) {
        return ConnectorFactories.factoryFor(table).createSource(table);
    }

    private static OperatorFactory sink(TableContext table) {
        return ConnectorFactories.factoryFor(table).createSink(table);
    }

    private static Row order(long id) {
        return Row.of(id, new BigDecimal(id + ".50"), Values.parseTimestamp("2024-01-02 03:04:05.678") + id);
    }

    private static String json(long id) {
        return "{\"id\":" + id + ",\"amount\":" + id + ".50,\"ts\":\"" + Values.toText(
                Values.parseTimestamp("2024-01-02 03:04:05.678") + id, DataType.of(TypeRoot.TIMESTAMP, 3)) + "\"}";
    }

    private static List<Row> flatten(List<List<Row>> perSubtask) {
        List<Row> all = new ArrayList<>();
        perSubtask.forEach(all::addAll);
        return all;
    }

    private void writeFile(String name, long fromId, long toId) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (long id = fromId; id <= toId; id++) {
            sb.append(json(id)).append('\n');
        }
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, sb);
    }

    @Test
    void twoSubtasksSplitTheFilesAndReadEveryRowOnce() throws Exception {
        writeFile("a.json", 1, 1500);
        writeFile("b.json", 1501, 1600);
        writeFile("c.json", 1601, 1700);
        writeFile("sub/d.json", 1701, 1800);
        writeFile(".hidden.json", 9001, 9002);
        writeFile("_SUCCESS", 9003, 9004);
        writeFile("_temporary/e.json", 9005, 9006);
        SourceFactory source = source(orders(dir, "json"));
        assertThat(source.isBounded()).isTrue();
        List<List<Row>> rows = readAll(source, 2);
        // sorted files a, b, c, sub/d: subtask 0 reads a and c, subtask 1 reads b and sub/d
        assertThat(rows.get(0)).hasSize(1600);
        assertThat(rows.get(1)).hasSize(200);
        List<Row> expected = new ArrayList<>();
        for (long id = 1; id <= 1800; id++) {
            expected.add(order(id));
        }
        List<Row> all = new ArrayList<>(flatten(rows));
        all.sort(Comparator.comparing(r -> (Long) r.getField(0)));
        assertThat(all).containsExactlyElementsOf(expected);
    }

    @Test
    void readsASingleFileAndSkipsBlankLines() throws Exception {
        Path file = dir.resolve("one.csv");
        Files.writeString(file, "1,1.50,2024-01-02 03:04:05.679\r\n\n2,2.5,2024-01-02T03:04:05.68\n");
        assertThat(flatten(readAll(source(orders(file, "csv")), 1))).containsExactly(order(1), order(2));
    }

    /** More than the reader's 64 KiB buffer, so lines and \r\n pairs straddle refills. */
    @Test
    void readsJsonLinesOfAnyEndingAcrossBufferRefills() throws Exception {
        Path file = dir.resolve("many.json");
        StringBuilder text = new StringBuilder();
        List<Row> expected = new ArrayList<>();
        String[] endings = {"\n", "\r\n", "\r", "\n \t\n", "\n\u2003\r\n"};
        for (long id = 1; id <= 3000; id++) {
            text.append(json(id)).append(endings[(int) (id % endings.length)]);
            expected.add(order(id));
        }
        Files.writeString(file, text);
        assertThat(Files.size(file)).isGreaterThan(LineReader.DEFAULT_BUFFER_SIZE);
        assertThat(flatten(readAll(source(orders(file, "json")), 1))).containsExactlyElementsOf(expected);
    }

    @Test
    void aMalformedLineNamesFileLineAndField() throws IOException {
        Path file = dir.resolve("bad.json");
        Files.writeString(file, json(1) + "\n" + "{\"id\":2,\"amount\":\"lots\"}\n");
        assertThatThrownBy(() -> readAll(source(orders(file, "json")), 1)).isInstanceOf(RecordException.class)
                .hasMessage("Cannot read line 2 of file " + file + " of table default.t: field 'amount': cannot read "
                        + "'lots' as DECIMAL(10, 2) (Character l is neither a decimal digit number, decimal point, nor"
                        + " \"e\" notation exponential mark.)");
        Path csv = dir.resolve("bad.csv");
        assertThatThrownBy(() -> {
            Files.writeString(csv, "1,1.5,\n2,2.5\n");
            readAll(source(orders(csv, "csv")), 1);
        }).isInstanceOf(RecordException.class)
                .hasMessage("Cannot read line 2 of file " + csv + " of table default.t: expected 3 fields, found 2");
    }

    @Test
    void ignoreParseErrorsSkipsBrokenRecords() throws Exception {
        Path file = dir.resolve("bad.json");
        Files.writeString(file, json(1) + "\n{\"id\":2,\n" + json(3) + "\n");
        SourceFactory source = source(orders(file, "json", "json.ignore-parse-errors", "true"));
        CollectingOutput out = new CollectingOutput();
        try (FileSystemReader reader = (FileSystemReader) source.createReader(0, 1)) {
            reader.open(new FakeContext(0, 1, out));
            while (reader.pollNext(out) != InputStatus.END_OF_INPUT) {
                assertThat(out.rows()).hasSizeLessThan(3);
            }
            assertThat(reader.skippedRecords()).isEqualTo(1);
        }
        assertThat(out.rows()).containsExactly(order(1), order(3));
        Path csv = dir.resolve("bad.csv");
        Files.writeString(csv, "1,1.50,2024-01-02 03:04:05.679\n\"2,x\n");
        assertThat(flatten(readAll(source(orders(csv, "csv", "csv.ignore-parse-errors", "true")), 1)))
                .containsExactly(order(1));
    }

    @Test
    void aMissingPathIsAnErrorNamingIt() {
        Path missing = dir.resolve("nope");
        assertThatThrownBy(() -> readAll(source(orders(missing, "json")), 1)).isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("Path '" + missing + "' of table default.t does not exist");
    }

    private List<Path> partFiles(Path out) throws IOException {
        try (Stream<Path> files = Files.list(out)) {
            return files.sorted().toList();
        }
    }

    private List<String> lines(List<Path> files) throws IOException {
        List<String> lines = new ArrayList<>();
        for (Path f : files) {
            lines.addAll(Files.readAllLines(f));
        }
        return lines;
    }

    @Test
    void theSinkWritesPartFilesThatReadBack() throws Exception {
        Path out = dir.resolve("out/nested");
        OperatorFactory sink = sink(orders(out, "json"));
        List<Path> parts = new ArrayList<>();
        for (int subtask = 0; subtask < 2; subtask++) {
            try (Operator op = sink.create()) {
                op.open(new FakeContext(subtask, 2, new CollectingOutput()));
                op.processBatch(RowBatch.of(order(10 * subtask + 1), order(10 * subtask + 2)), 0);
                op.processBatch(RowBatch.of(order(10 * subtask + 3)), 0);
                // until committed, the subtask's rows sit in one hidden in-progress file
                assertThat(partFiles(out)).filteredOn(p -> p.getFileName().toString().startsWith(".")).hasSize(1);
                assertThat(partFiles(out)).hasSize(subtask + 1);
                op.endInput(0);
                op.finish();
            }
        }
        parts.addAll(partFiles(out));
        assertThat(parts).hasSize(2).allSatisfy(p ->
                assertThat(p.getFileName().toString()).matches("part-[0-9a-f-]{36}-[01]-0"));
        assertThat(lines(parts)).containsExactlyInAnyOrder(json(1), json(2), json(3), json(11), json(12), json(13));
        assertThat(flatten(readAll(source(orders(out, "json")), 1)))
                .containsExactlyInAnyOrder(order(1), order(2), order(3), order(11), order(12), order(13));
    }

    @Test
    void closingWithoutFinishCommitsWhatWasWritten() throws Exception {
        Path out = dir.resolve("cancelled");
        Operator op = sink(orders(out, "csv")).create();
        op.open(new FakeContext());
        op.processBatch(RowBatch.of(order(1), order(2)), 0);
        op.close();
        List<Path> parts = partFiles(out);
        assertThat(parts).hasSize(1);
        assertThat(parts.get(0).getFileName().toString()).startsWith("part-");
        assertThat(lines(parts)).containsExactly("1,1.50,2024-01-02 03:04:05.679", "2,2.50,2024-01-02 03:04:05.680");
    }

    @Test
    void partFilesRollBySizeAndByTime() throws Exception {
        Path bySize = dir.resolve("size");
        Operator op = sink(orders(bySize, "json", "sink.rolling-policy.file-size", "1b")).create();
        op.open(new FakeContext());
        op.processBatch(RowBatch.of(order(1), order(2), order(3)), 0);
        op.finish();
        op.close();
        assertThat(partFiles(bySize)).hasSize(3).extracting(p -> p.getFileName().toString().replaceAll(".*-", ""))
                .containsExactly("0", "1", "2");

        Path byTime = dir.resolve("time");
        AtomicLong now = new AtomicLong();
        Operator timed = new FileSystemSinkOperator("t", byTime.toString(), "json", new Configuration(),
                new Partitioning(ORDERS, List.of(), "__DEFAULT_PARTITION__"), null, null, 1 << 20, 60_000, now::get);
        timed.open(new FakeContext());
        timed.processBatch(RowBatch.of(order(1)), 0);
        now.set(30_000);
        timed.processBatch(RowBatch.of(order(2)), 0);
        assertThat(partFiles(byTime)).hasSize(1).allSatisfy(p -> assertThat(p.getFileName().toString()).startsWith("."));
        now.set(60_000);
        timed.processBatch(RowBatch.of(order(3)), 0);
        timed.processBatch(RowBatch.of(order(4)), 0);
        timed.close();
        List<Path> parts = partFiles(byTime);
        assertThat(parts).hasSize(2);
        assertThat(lines(parts.subList(0, 1))).hasSize(3);
    }

    @Test
    void theSinkRejectsChangelogRows() throws Exception {
        try (Operator op = sink(orders(dir, "json")).create()) {
            op.open(new FakeContext());
            assertThatThrownBy(() -> op.processBatch(RowBatch.of(Row.ofKind(RowKind.DELETE, 1L, null, null)), 0))
                    .isInstanceOf(RecordException.class).hasMessageContaining("writes only inserts (+I), but got -D[1");
        }
    }
}
