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
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
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
 *
 * <p>A partitioned table's rows go into the directory of their partition ({@link Partitioning}),
 * one open part file per partition, without their partition columns. When the input ends and a
 * {@link PartitionCommitter} is set, the partitions written are committed; a cancelled job
 * commits no partition.
 */
final class FileSystemSinkOperator extends AbstractOperator {
    private final String tableName;
    private final Path directory;
    private final String format;
    private final Configuration formatOptions;
    private final Partitioning partitioning;
    private final PartitionCommitter committer;
    private final long rollingFileSize;
    private final long rolloverIntervalMillis;
    private final LongSupplier clock;
    private final String uuid = UUID.randomUUID().toString();
    /** Open part files by partition path ("" when unpartitioned), in the order they were opened. */
    private final Map<String, Part> open = new LinkedHashMap<>();
    private final Set<String> written = new LinkedHashSet<>();
    private RowSerializer serializer;
    private Set<RowKind> accepted;
    private int subtask;
    private int parallelism;
    private int partCounter;
    private long rowsWritten;

    FileSystemSinkOperator(String tableName, String path, String format, Configuration formatOptions,
                           Partitioning partitioning, PartitionCommitter committer, long rollingFileSize,
                           long rolloverIntervalMillis, LongSupplier clock) {
        this.tableName = tableName;
        this.directory = Path.of(path);
        this.format = format;
        this.formatOptions = formatOptions;
        this.partitioning = partitioning;
        this.committer = committer;
        this.rollingFileSize = rollingFileSize;
        this.rolloverIntervalMillis = rolloverIntervalMillis;
        this.clock = clock;
    }

    @Override
    public void open(OperatorContext context) throws Exception {
        super.open(context);
        subtask = context.subtaskIndex();
        parallelism = context.parallelism();
        FormatFactory factory = Formats.factory(format, "format");
        serializer = factory.createSerializer(partitioning.dataType(), formatOptions);
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
                bytes = serializer.serializeToBytes(partitioning.dataRow(row));
            } catch (FormatException e) {
                throw new RecordException("Cannot write row " + row + " to table " + tableName + ": " + e.getMessage(), e);
            }
            String partition = partitioning.path(row);
            Part part = open.get(partition);
            if (part == null) {
                part = openPart(partition);
            }
            part.write(bytes);
            rowsWritten++;
            if (part.size >= rollingFileSize) {
                commitPart(partition);
            }
        }
        long now = clock.getAsLong();
        for (Part part : List.copyOf(open.values())) {
            if (now - part.openedAt >= rolloverIntervalMillis) {
                commitPart(part.partition);
            }
        }
    }

    private Part openPart(String partition) throws IOException {
        Path dir = partition.isEmpty() ? directory : directory.resolve(partition);
        Files.createDirectories(dir);
        String name = "part-" + uuid + "-" + subtask + "-" + partCounter++;
        Part part = new Part(partition, dir.resolve("." + name + ".inprogress"), dir.resolve(name), clock.getAsLong());
        open.put(partition, part);
        written.add(partition);
        return part;
    }

    private void commitPart(String partition) throws IOException {
        Part part = open.remove(partition);
        if (part != null) {
            part.commit();
        }
    }

    private void commitParts() throws IOException {
        for (String partition : List.copyOf(open.keySet())) {
            commitPart(partition);
        }
    }

    @Override
    public void finish() throws IOException {
        commitParts();
        if (committer != null && partitioning.isPartitioned()) {
            committer.finish(directory, subtask, parallelism, written);
        }
    }

    /** Commits the open part files, so that rows written before a cancellation are kept. */
    @Override
    public void close() throws IOException {
        commitParts();
    }

    long rowsWritten() {
        return rowsWritten;
    }

    /** One open part file. */
    private static final class Part {
        final String partition;
        final Path inProgress;
        final Path target;
        final long openedAt;
        final OutputStream out;
        long size;

        Part(String partition, Path inProgress, Path target, long openedAt) throws IOException {
            this.partition = partition;
            this.inProgress = inProgress;
            this.target = target;
            this.openedAt = openedAt;
            this.out = new BufferedOutputStream(Files.newOutputStream(inProgress), 64 * 1024);
        }

        void write(byte[] bytes) throws IOException {
            out.write(bytes);
            out.write('\n');
            size += bytes.length + 1;
        }

        void commit() throws IOException {
            out.close();
            Files.move(inProgress, target, StandardCopyOption.ATOMIC_MOVE);
        }
    }
}
