package dev.runnel.runtime.connector.filesystem;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.source.SourceReader;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Reads the files of a filesystem table. The files are listed when a reader opens, sorted by
 * path, and file {@code i} goes to subtask {@code i % parallelism}, so that parallel readers
 * read every file once. A partitioned table reads only the files in its partition directories
 * ({@link Partitioning}), which are discovered from the directory tree, as in Flink.
 */
final class FileSystemSource implements SourceFactory {
    private final String tableName;
    private final String path;
    private final String format;
    private final Configuration formatOptions;
    private final Partitioning partitioning;

    FileSystemSource(String tableName, String path, String format, Configuration formatOptions,
                     Partitioning partitioning) {
        this.tableName = tableName;
        this.path = path;
        this.format = format;
        this.formatOptions = formatOptions;
        this.partitioning = partitioning;
    }

    @Override
    public String name() {
        return "TableSourceScan(table=[" + tableName + "], connector=[filesystem], path=[" + path + "], format=["
                + format + "])";
    }

    /** The table, path and format may change between a savepoint and the resumed job. */
    @Override
    public String stateSignature() {
        return "TableSourceScan(connector=[filesystem])";
    }

    @Override
    public boolean isBounded() {
        return true;
    }

    @Override
    public SourceReader createReader(int subtaskIndex, int parallelism) {
        return new FileSystemReader(tableName, Path.of(path), this::files, subtaskIndex, parallelism, format,
                formatOptions, partitioning);
    }

    /**
     * Every file to read, sorted: {@code path} itself, or the visible files below it (in a
     * partitioned table, those in partition directories).
     */
    List<Path> files() {
        Path root = Path.of(path);
        if (!Files.exists(root)) {
            throw new UncheckedIOException(new FileNotFoundException(
                    "Path '" + path + "' of table " + tableName + " does not exist"));
        }
        if (Files.isRegularFile(root) && !partitioning.isPartitioned()) {
            return List.of(root);
        }
        try (Stream<Path> walk = Files.walk(root)) {
            List<Path> files = new ArrayList<>();
            walk.filter(Files::isRegularFile).filter(p -> visible(root, p))
                    .filter(p -> !partitioning.isPartitioned()
                            || partitioning.isPartitionDirectory(root.relativize(p.getParent())))
                    .sorted().forEach(files::add);
            return files;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot list '" + path + "' of table " + tableName, e);
        }
    }

    /**
     * The partitions that hold files, sorted by directory: each as its directory values by key,
     * unescaped (the default partition name stands for NULL); empty for an unpartitioned table or
     * a path that does not exist.
     */
    List<Map<String, String>> partitions() {
        if (!partitioning.isPartitioned() || !Files.isDirectory(Path.of(path))) {
            return List.of();
        }
        Path root = Path.of(path);
        TreeMap<Path, Map<String, String>> partitions = new TreeMap<>();
        for (Path file : files()) {
            partitions.computeIfAbsent(root.relativize(file.getParent()), dir -> {
                Map<String, String> values = new LinkedHashMap<>();
                for (Path level : dir) {
                    String name = level.toString();
                    int eq = name.indexOf('=');
                    values.put(Partitioning.unescape(name.substring(0, eq)),
                            Partitioning.unescape(name.substring(eq + 1)));
                }
                return values;
            });
        }
        return List.copyOf(partitions.values());
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
