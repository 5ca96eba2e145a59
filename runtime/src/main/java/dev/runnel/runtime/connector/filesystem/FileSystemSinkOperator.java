package dev.runnel.runtime.connector.filesystem;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.connector.RecordException;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.format.FormatException;
import dev.runnel.runtime.format.FormatFactory;
import dev.runnel.runtime.format.Formats;
import dev.runnel.runtime.format.RowSerializer;
import dev.runnel.runtime.operators.AbstractOperator;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.stream.RowBatch;
import dev.runnel.runtime.types.RowType;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Set;
import java.util.UUID;
import java.util.function.LongSupplier;

/**
 * Writes rows, one line each, into a hidden in-progress file {@code .part-<uuid>-<subtask>-<n>.inprogress}
 * and renames it to {@code part-<uuid>-<subtask>-<n>} when it is committed: when it reaches the
 * rolling file size, when it has been open for the rollover interval (checked as rows arrive),
 * when the input ends, and when the operator closes (also on cancellation: what was written is
 * kept). Readers of the directory skip in-progress files. Rows other than inserts are written
 * only by a changelog format ({@code debezium-json}).
 */
final class FileSystemSinkOperator extends AbstractOperator {
    private final String tableName;
    private final Path directory;
    private final String format;
    private final Configuration formatOptions;
    private final RowType rowType;
    private final long rollingFileSize;
    private final long rolloverIntervalMillis;
    private final LongSupplier clock;
    private final String uuid = UUID.randomUUID().toString();
    private RowSerializer serializer;
    private Set<RowKind> accepted;
    private int subtask;
    private int partCounter;
    private Path inProgress;
    private OutputStream out;
    private long partSize;
    private long partOpenedAt;
    private long rowsWritten;

    FileSystemSinkOperator(String tableName, String path, String format, Configuration formatOptions, RowType rowType,
                           long rollingFileSize, long rolloverIntervalMillis, LongSupplier clock) {
        this.tableName = tableName;
        this.directory = Path.of(path);
        this.format = format;
        this.formatOptions = formatOptions;
        this.rowType = rowType;
        this.rollingFileSize = rollingFileSize;
        this.rolloverIntervalMillis = rolloverIntervalMillis;
        this.clock = clock;
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        subtask = context.subtaskIndex();
        FormatFactory factory = Formats.factory(format, "format");
        serializer = factory.createSerializer(rowType, formatOptions);
        accepted = factory.changelogMode();
        Files.createDirectories(directory);
    }

    @Override
    public void processBatch(RowBatch batch, int input) throws IOException {
        for (Row row : batch) {
            if (!accepted.contains(row.kind())) {
                // the planner refuses such queries; this guards against a plan that slipped through
                throw new RecordException("The filesystem sink of table " + tableName + " with format '" + format
                        + "' writes only inserts (+I), but got " + row);
            }
            byte[] bytes;
            try {
                bytes = serializer.serializeToBytes(row);
            } catch (FormatException e) {
                throw new RecordException("Cannot write row " + row + " to table " + tableName + ": " + e.getMessage(), e);
            }
            if (out == null) {
                openPart();
            }
            out.write(bytes);
            out.write('\n');
            partSize += bytes.length + 1;
            rowsWritten++;
            if (partSize >= rollingFileSize) {
                commitPart();
            }
        }
        if (out != null && clock.getAsLong() - partOpenedAt >= rolloverIntervalMillis) {
            commitPart();
        }
    }

    private void openPart() throws IOException {
        inProgress = directory.resolve("." + partName() + ".inprogress");
        out = new BufferedOutputStream(Files.newOutputStream(inProgress), 64 * 1024);
        partSize = 0;
        partOpenedAt = clock.getAsLong();
    }

    private String partName() {
        return "part-" + uuid + "-" + subtask + "-" + partCounter;
    }

    private void commitPart() throws IOException {
        if (out == null) {
            return;
        }
        out.close();
        out = null;
        Files.move(inProgress, directory.resolve(partName()), StandardCopyOption.ATOMIC_MOVE);
        partCounter++;
        inProgress = null;
    }

    @Override
    public void finish() throws IOException {
        commitPart();
    }

    /** Commits the open part file, so that rows written before a cancellation are kept. */
    @Override
    public void close() throws IOException {
        commitPart();
    }

    long rowsWritten() {
        return rowsWritten;
    }
}
