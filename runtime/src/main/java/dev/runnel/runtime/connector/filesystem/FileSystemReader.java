package dev.runnel.runtime.connector.filesystem;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.connector.RecordException;
import dev.runnel.runtime.format.FormatException;
import dev.runnel.runtime.format.Formats;
import dev.runnel.runtime.format.RowDeserializer;
import dev.runnel.runtime.operators.OperatorContext;
import dev.runnel.runtime.operators.Output;
import dev.runnel.runtime.source.InputStatus;
import dev.runnel.runtime.source.ReaderOutput;
import dev.runnel.runtime.source.SourceReader;
import dev.runnel.runtime.stream.RowBatch;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
    private final List<Path> files = new ArrayList<>();
    private RowDeserializer deserializer;
    private int nextFile;
    private Path currentFile;
    private Object[] currentPartition;
    private BufferedReader current;
    private Output splitOutput;
    private Output readerOutput;
    private long lineNumber;
    private long skippedRecords;
    private long loggedFieldErrors;

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

    @Override
    public void open(OperatorContext context) {
        List<Path> all = listing.get();
        for (int i = subtaskIndex; i < all.size(); i += parallelism) {
            files.add(all.get(i));
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
            String line = current.readLine();
            if (line == null) {
                closeCurrent();
                continue;
            }
            lineNumber++;
            lines++;
            if (line.isBlank()) {
                continue;
            }
            parse(line, splitOutput);
        }
        output.flush();
        return InputStatus.MORE_AVAILABLE;
    }

    private void parse(String line, Output output) {
        try {
            deserializer.deserialize(line, row -> output.collect(partitioning.fullRow(row, currentPartition)));
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
        if (nextFile >= files.size()) {
            return false;
        }
        currentFile = files.get(nextFile++);
        if (partitioning.isPartitioned()) {
            try {
                currentPartition = partitioning.values(root.relativize(currentFile.getParent()));
            } catch (IllegalArgumentException e) {
                throw new RecordException("Cannot read file " + currentFile + " of table " + tableName + ": "
                        + e.getMessage(), e);
            }
        }
        current = Files.newBufferedReader(currentFile, StandardCharsets.UTF_8);
        splitOutput = ReaderOutput.forSplit(readerOutput, currentFile.toString());
        lineNumber = 0;
        return true;
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
