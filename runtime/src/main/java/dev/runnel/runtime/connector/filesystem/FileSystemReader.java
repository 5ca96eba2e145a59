package dev.runnel.runtime.connector.filesystem;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.connector.RecordException;
import dev.runnel.runtime.data.Row;
import dev.runnel.runtime.format.FormatException;
import dev.runnel.runtime.format.Formats;
import dev.runnel.runtime.format.RowDeserializer;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.source.InputStatus;
import dev.runnel.runtime.source.ReaderOutput;
import dev.runnel.runtime.source.SourceReader;
import dev.runnel.runtime.stream.RowBatch;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads this subtask's share of the files, one line per record, about one batch per poll. A
 * record that cannot be parsed fails the job with a {@link RecordException} naming the file
 * and line, unless the format ignores parse errors: then it is skipped and counted, and the
 * first one is logged. Each file is a split: its rows go to the output's split output
 * ({@link ReaderOutput}), released when the file is done, so a table with a watermark has one
 * per file as in Flink's file source.
 *
 * <p>Checkpoints: each file not finished yet is a {@link FileSplit} entry of the split list
 * {@value #SPLITS_STATE}: the file being read with the byte offset of its next line, the files
 * not started at offset 0. A restored reader reads exactly its assigned splits from their
 * offsets (it does not list the directory again), so a restored read yields the rows an
 * uninterrupted one would; with no splits it ends at once.
 */
final class FileSystemReader implements SourceReader {
    private static final Logger LOG = LoggerFactory.getLogger(FileSystemReader.class);

    private final String tableName;
    private final Supplier<List<Path>> listing;
    private final int subtaskIndex;
    private final int parallelism;
    private final String format;
    private final Configuration formatOptions;
    private final Path root;
    private final Partitioning partitioning;
    /** Splits not started yet, or (after a restore) started and not being read yet. */
    private final Deque<FileSplit> pending = new ArrayDeque<>();
    private List<byte[]> state;
    private RowDeserializer deserializer;
    private Path currentFile;
    private Object[] currentPartition;
    private LineReader current;
    private Output splitOutput;
    private Output readerOutput;
    private long lineNumber;
    private long skippedRecords;
    private long loggedFieldErrors;
    private final Consumer<Row> emit = this::emit;

    FileSystemReader(String tableName, Path root, Supplier<List<Path>> listing, int subtaskIndex, int parallelism,
                     String format, Configuration formatOptions, Partitioning partitioning) {
        this.tableName = tableName;
        this.root = root;
        this.listing = listing;
        this.subtaskIndex = subtaskIndex;
        this.parallelism = parallelism;
        this.format = format;
        this.formatOptions = formatOptions;
        this.partitioning = partitioning;
    }

    /** The name of the split list in the operator state. */
    static final String SPLITS_STATE = "file-splits";

    @Override
    public void open(OperatorContext context) {
        var store = context.operatorStateStore();
        state = store.splitList(SPLITS_STATE);
        if (store.isRestored()) {
            state.forEach(bytes -> pending.add(FileSplit.fromBytes(bytes)));
        } else {
            List<Path> all = listing.get();
            for (int i = subtaskIndex; i < all.size(); i += parallelism) {
                pending.add(new FileSplit(all.get(i).toString(), 0, 0));
            }
        }
        deserializer = Formats.factory(format, "format").createDeserializer(partitioning.dataType(), formatOptions);
    }

    @Override
    public InputStatus pollNext(Output output) throws IOException {
        // bound the work per poll by lines, not rows, so that a run of skipped lines cannot hold the task
        int lines = 0;
        readerOutput = output;
        while (lines < RowBatch.DEFAULT_CAPACITY) {
            if (current == null && !openNextFile()) {
                output.flush();
                return InputStatus.END_OF_INPUT;
            }
            if (!current.nextLine()) {
                closeCurrent();
                continue;
            }
            lineNumber++;
            lines++;
            if (deserializer.skipsBlankLines()
                    && isBlank(current.buffer(), current.lineStart(), current.lineLength())) {
                continue;
            }
            parse(current.buffer(), current.lineStart(), current.lineLength());
        }
        output.flush();
        return InputStatus.MORE_AVAILABLE;
    }

    /** True if the line holds only whitespace, as {@link String#isBlank()} says. */
    private static boolean isBlank(byte[] bytes, int start, int length) {
        for (int i = start; i < start + length; i++) {
            int b = bytes[i];
            if (b < 0) {
                // a multi-byte character: rare enough to decode
                return new String(bytes, start, length, StandardCharsets.UTF_8).isBlank();
            }
            if (!Character.isWhitespace(b)) {
                return false;
            }
        }
        return true;
    }

    private void emit(Row row) {
        splitOutput.collect(partitioning.fullRow(row, currentPartition));
    }

    private void parse(byte[] line, int start, int length) {
        try {
            deserializer.deserialize(line, start, length, emit);
            if (deserializer.ignoredFieldErrors() > loggedFieldErrors) {
                if (loggedFieldErrors == 0) {
                    LOG.warn("Table {}: set a field that cannot be parsed to NULL at line {} of {} ({} ignores parse "
                            + "errors); further ones are not logged", tableName, lineNumber, currentFile, format);
                }
                loggedFieldErrors = deserializer.ignoredFieldErrors();
            }
        } catch (FormatException e) {
            String where = "line " + lineNumber + " of file " + currentFile;
            if (!deserializer.ignoreParseErrors()) {
                throw new RecordException("Cannot read " + where + " of table " + tableName + ": " + e.getMessage(), e);
            }
            if (skippedRecords++ == 0) {
                LOG.warn("Table {}: skipped {} ({} ignores parse errors): {}; further ones are not logged",
                        tableName, where, format, e.getMessage());
            }
        }
    }

    private boolean openNextFile() throws IOException {
        FileSplit split = pending.poll();
        if (split == null) {
            return false;
        }
        currentFile = Path.of(split.path());
        if (partitioning.isPartitioned()) {
            try {
                currentPartition = partitioning.values(root.relativize(currentFile.getParent()));
            } catch (IllegalArgumentException e) {
                throw new RecordException("Cannot read file " + currentFile + " of table " + tableName + ": "
                        + e.getMessage(), e);
            }
        }
        try {
            current = LineReader.open(currentFile, split.offset());
        } catch (NoSuchFileException e) {
            throw new RecordException("File " + currentFile + " of table " + tableName + " no longer exists"
                    + (split.offset() > 0 ? " (the checkpoint to restore had read it up to byte " + split.offset()
                    + ")" : ""), e);
        }
        splitOutput = ReaderOutput.forSplit(readerOutput, currentFile.toString());
        lineNumber = split.lineNumber();
        return true;
    }

    /** Stores the file being read at the offset of its next line, then the files not started. */
    @Override
    public void snapshotState(long checkpointId) {
        state.clear();
        if (current != null) {
            state.add(new FileSplit(currentFile.toString(), current.offset(), lineNumber).toBytes());
        }
        pending.forEach(split -> state.add(split.toBytes()));
    }

    private void closeCurrent() throws IOException {
        if (current != null) {
            current.close();
            current = null;
            ReaderOutput.release(readerOutput, currentFile.toString());
            splitOutput = null;
        }
    }

    /** Records skipped because they could not be parsed (with ignore-parse-errors). */
    long skippedRecords() {
        return skippedRecords;
    }

    @Override
    public void close() throws IOException {
        if (skippedRecords > 0) {
            LOG.warn("Table {}: skipped {} records that could not be parsed", tableName, skippedRecords);
        }
        closeCurrent();
    }
}
