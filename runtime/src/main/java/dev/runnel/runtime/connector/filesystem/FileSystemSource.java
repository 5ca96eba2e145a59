package dev.runnel.runtime.connector.filesystem;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.source.SourceReader;
import dev.runnel.runtime.types.RowType;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Reads the files of a filesystem table. The files are listed when a reader opens, sorted by
 * path, and file {@code i} goes to subtask {@code i % parallelism}, so that parallel readers
 * read every file once.
 */
final class FileSystemSource implements SourceFactory {
    private final String tableName;
    private final String path;
    private final String format;
    private final Configuration formatOptions;
    private final RowType rowType;

    FileSystemSource(String tableName, String path, String format, Configuration formatOptions, RowType rowType) {
        this.tableName = tableName;
        this.path = path;
        this.format = format;
        this.formatOptions = formatOptions;
        this.rowType = rowType;
    }

    @Override
    public String name() {
        return "TableSourceScan(table=[" + tableName + "], connector=[filesystem], path=[" + path + "], format=["
                + format + "])";
    }

    @Override
    public boolean isBounded() {
        return true;
    }

    @Override
    public SourceReader createReader(int subtaskIndex, int parallelism) {
        return new FileSystemReader(tableName, this::files, subtaskIndex, parallelism, format, formatOptions, rowType);
    }

    /** Every file to read, sorted: {@code path} itself, or the visible files below it. */
    List<Path> files() {
        Path root = Path.of(path);
        if (!Files.exists(root)) {
            throw new UncheckedIOException(new FileNotFoundException(
                    "Path '" + path + "' of table " + tableName + " does not exist"));
        }
        if (Files.isRegularFile(root)) {
            return List.of(root);
        }
        try (Stream<Path> walk = Files.walk(root)) {
            List<Path> files = new ArrayList<>();
            walk.filter(Files::isRegularFile).filter(p -> visible(root, p)).sorted().forEach(files::add);
            return files;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot list '" + path + "' of table " + tableName, e);
        }
    }

    /** Hidden and in-progress files ({@code .x}, {@code _x}), also inside hidden directories, are skipped. */
    private static boolean visible(Path root, Path file) {
        for (Path part : root.relativize(file)) {
            String name = part.toString();
            if (name.startsWith(".") || name.startsWith("_")) {
                return false;
            }
        }
        return true;
    }
}
