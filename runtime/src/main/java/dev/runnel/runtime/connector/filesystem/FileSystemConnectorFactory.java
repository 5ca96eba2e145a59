package dev.runnel.runtime.connector.filesystem;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.config.MemorySize;
import dev.runnel.runtime.connector.BoundedSourceLookupTable;
import dev.runnel.runtime.connector.ConnectorFactory;
import dev.runnel.runtime.connector.ConnectorOptions;
import dev.runnel.runtime.connector.LookupTableSource;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.data.RowKind;
import dev.runnel.runtime.format.FormatFactory;
import dev.runnel.runtime.format.Formats;
import dev.runnel.runtime.fs.FileLocation;
import dev.runnel.runtime.fs.FileSystem;
import dev.runnel.runtime.fs.FileSystems;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.types.RowType;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Flink's {@code filesystem} connector for newline-delimited files in a {@code format}
 * ({@code json}, {@code csv}, {@code debezium-json}). As a source it reads a file, or every
 * visible file under a directory (names starting with {@code .} or {@code _} are skipped), and
 * ends. As a sink it writes part files into a directory. Its changelog is its format's: a
 * {@code debezium-json} table reads and writes updates and deletes, the others only inserts.
 * A table {@code PARTITIONED BY} columns keeps its rows in Hive-style partition directories
 * ({@link Partitioning}, options in {@link PartitionOptions}). A lookup join may look a table up: each
 * join subtask reads it whole and again after {@code lookup.join.cache.ttl}.
 */
public final class FileSystemConnectorFactory implements ConnectorFactory {
    public static final String IDENTIFIER = "filesystem";

    public static final ConfigOption<String> PATH = ConfigOption.of("path", String.class, null,
            "The file or directory to read, or the directory to write part files into: a path, or a file:// URI.");
    public static final ConfigOption<String> FORMAT = ConfigOption.of("format", String.class, null,
            "The format of the files: json, csv or debezium-json.");
    public static final ConfigOption<String> ROLLING_FILE_SIZE = ConfigOption.of("sink.rolling-policy.file-size",
            String.class, "128MB", "A part file is closed and a new one started when it reaches this size.");
    public static final ConfigOption<Duration> ROLLOVER_INTERVAL = ConfigOption.of(
            "sink.rolling-policy.rollover-interval", Duration.class, Duration.ofMinutes(30),
            "A part file is closed and a new one started when it has been open this long.");

    @Override
    public String identifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(PATH, FORMAT);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        Set<ConfigOption<?>> all = new LinkedHashSet<>(Set.of(ROLLING_FILE_SIZE, ROLLOVER_INTERVAL,
                ConnectorOptions.SINK_PARALLELISM, ConnectorOptions.LOOKUP_JOIN_CACHE_TTL));
        all.addAll(PartitionOptions.ALL);
        for (FormatFactory f : Formats.all().values()) {
            if (f.servesFiles()) {
                all.addAll(Formats.prefixedOptions(f, f.identifier() + "."));
            }
        }
        return all;
    }

    @Override
    public void validate(TableContext table) {
        localPath(table);
        FormatFactory format = format(table);
        for (String key : table.options().keySet()) {
            for (String other : Formats.all().keySet()) {
                if (!other.equals(format.identifier()) && key.startsWith(other + ".")) {
                    throw new ConfigException(key, "Option '" + key + "' of table " + table.tableName()
                            + " is for format '" + other + "' but the table's format is '" + format.identifier() + "'");
                }
            }
        }
        PartitionOptions.validate(table);
        // the format sees the columns the files hold: partition columns are directory names
        RowType data = PartitionOptions.partitioning(table).dataType();
        format.validate(data, formatOptions(table, format), format.identifier() + ".");
        format.validateLines(data, formatOptions(table, format), format.identifier() + ".");
        rollingFileSize(table);
        sinkParallelism(table);
        ConnectorOptions.lookupCacheTtl(table);
    }

    /** A format's options only once {@code format} names that format. */
    @Override
    public boolean offers(String key, Map<String, String> written, RowType schema) {
        for (String format : Formats.all().keySet()) {
            if (key.startsWith(format + ".")) {
                return format.equals(written.get(FORMAT.key()));
            }
        }
        return true;
    }

    /** The options with a relative {@code path} made absolute. */
    @Override
    public Map<String, String> resolveOptions(TableContext table) {
        Map<String, String> options = new LinkedHashMap<>(table.options());
        options.put(PATH.key(), FileLocation.absoluteOption(PATH.key(), options.get(PATH.key())));
        return options;
    }

    /**
     * The local directory or file that {@code path} names ({@link FileLocation}): files are read
     * and written where random access, renames and directory walks work, so the file system of the
     * path's scheme must have local paths.
     */
    static String localPath(TableContext table) {
        FileLocation location = FileLocation.ofOption(PATH.key(), table.options().get(PATH.key()));
        if (!location.fileSystem().hasLocalPaths()) {
            throw ConfigException.invalidValue(PATH.key(), "Option 'path' of table " + table.tableName() + " names '"
                    + location + "', but the filesystem connector reads and writes local files only, and files of '"
                    + location.scheme() + ":' are not: use a scheme of local files ("
                    + String.join(", ", FileSystems.schemes(FileSystem::hasLocalPaths)) + ") or a plain path");
        }
        return location.localPath().toString();
    }

    @Override
    public boolean supportsPartitioning() {
        return true;
    }

    @Override
    public List<Map<String, String>> partitions(TableContext table) {
        Partitioning partitioning = PartitionOptions.partitioning(table);
        return new FileSystemSource(table.tableName(), localPath(table), format(table).identifier(),
                new Configuration(), partitioning).partitions();
    }

    static FormatFactory format(TableContext table) {
        return Formats.factory(table.options().get(FORMAT.key()), FORMAT.key());
    }

    static Configuration formatOptions(TableContext table, FormatFactory format) {
        return Formats.formatOptions(table.options(), format.identifier() + ".");
    }

    private static long rollingFileSize(TableContext table) {
        String raw = new Configuration(table.options()).get(ROLLING_FILE_SIZE);
        try {
            long bytes = MemorySize.parseBytes(raw);
            if (bytes <= 0) {
                throw new IllegalArgumentException("must be positive");
            }
            return bytes;
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw ConfigException.invalidValue(ROLLING_FILE_SIZE.key(), "Invalid value \'" + raw + "' for option '"
                    + ROLLING_FILE_SIZE.key() + "' of table " + table.tableName()
                    + ": expected a size such as '128MB', '64 kb' or '1024'", e);
        }
    }

    @Override
    public Set<RowKind> sourceChangelogMode(TableContext table) {
        return format(table).changelogMode();
    }

    @Override
    public Set<RowKind> sinkChangelogMode(TableContext table) {
        return format(table).changelogMode();
    }

    @Override
    public SourceFactory createSource(TableContext table) {
        FormatFactory format = format(table);
        return new FileSystemSource(table.tableName(), localPath(table), format.identifier(),
                formatOptions(table, format), PartitionOptions.partitioning(table));
    }

    /** The whole table, read with its scan's source and read again after {@code lookup.join.cache.ttl}. */
    @Override
    public LookupTableSource createLookupSource(TableContext table) {
        return new BoundedSourceLookupTable(table.tableName(), createSource(table), ConnectorOptions.lookupCacheTtl(table));
    }

    @Override
    public OperatorFactory createSink(TableContext table) {
        FormatFactory format = format(table);
        // a format that cannot write with these options says so now, not when the job runs
        format.createSerializer(PartitionOptions.partitioning(table).dataType(), formatOptions(table, format));
        Configuration options = new Configuration(table.options());
        return new FileSystemSink(table.tableName(), localPath(table), format.identifier(),
                formatOptions(table, format), PartitionOptions.partitioning(table), PartitionOptions.committer(table),
                PartitionOptions.trigger(table), rollingFileSize(table), options.get(ROLLOVER_INTERVAL).toMillis());
    }
}
