package dev.runnel.runtime.connector.filesystem;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.types.DataType;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;

/**
 * The partition options of Flink's filesystem connector, and their checks. Partitions are
 * committed when a bounded job's sink has finished and, with checkpoints, when a completed
 * checkpoint made their files visible and their trigger fired ({@link PartitionCommitTrigger}).
 */
final class PartitionOptions {
    /** When a partition counts as complete (Flink's {@code sink.partition-commit.trigger}). */
    enum CommitTrigger { PROCESS_TIME, PARTITION_TIME }

    static final ConfigOption<String> DEFAULT_NAME = ConfigOption.of("partition.default-name", String.class,
            "__DEFAULT_PARTITION__", "The directory name of a partition whose value is NULL or an empty string.");
    static final ConfigOption<Boolean> SHUFFLE_BY_PARTITION = ConfigOption.of("sink.shuffle-by-partition.enable",
            Boolean.class, false, "Accepted for Flink scripts; rows are not shuffled by partition yet.");
    static final ConfigOption<CommitTrigger> COMMIT_TRIGGER = ConfigOption.of("sink.partition-commit.trigger",
            CommitTrigger.class, CommitTrigger.PROCESS_TIME,
            "process-time or partition-time: when a partition of an unbounded job is complete.");
    static final ConfigOption<Duration> COMMIT_DELAY = ConfigOption.of("sink.partition-commit.delay", Duration.class,
            Duration.ZERO, "How long after its trigger a partition is committed.");
    static final ConfigOption<String> WATERMARK_TIME_ZONE = ConfigOption.of(
            "sink.partition-commit.watermark-time-zone", String.class, "UTC",
            "The time zone of the watermark for the partition-time trigger.");
    static final ConfigOption<String> TIME_EXTRACTOR_KIND = ConfigOption.of("partition.time-extractor.kind",
            String.class, "default", "How the partition-time trigger extracts a partition's time: default.");
    static final ConfigOption<String> TIME_EXTRACTOR_PATTERN = ConfigOption.of(
            "partition.time-extractor.timestamp-pattern", String.class, null,
            "How the default extractor builds a timestamp from partition values, such as '$dt $hr:00:00'.");
    static final ConfigOption<String> TIME_EXTRACTOR_FORMATTER = ConfigOption.of(
            "partition.time-extractor.timestamp-formatter", String.class, null,
            "The java.time pattern of the extracted timestamp; by default yyyy-MM-dd HH:mm:ss or a date alone.");
    static final ConfigOption<String> COMMIT_POLICY_KIND = ConfigOption.of("sink.partition-commit.policy.kind",
            String.class, null, "Comma-separated commit policies: success-file writes a success file into each "
                    + "committed partition.");
    static final ConfigOption<String> SUCCESS_FILE_NAME = ConfigOption.of("sink.partition-commit.success-file.name",
            String.class, "_SUCCESS", "The name of the file the success-file policy writes.");

    static final Set<ConfigOption<?>> ALL = Set.of(DEFAULT_NAME, SHUFFLE_BY_PARTITION, COMMIT_TRIGGER, COMMIT_DELAY,
            WATERMARK_TIME_ZONE, TIME_EXTRACTOR_KIND, TIME_EXTRACTOR_PATTERN, TIME_EXTRACTOR_FORMATTER,
            COMMIT_POLICY_KIND, SUCCESS_FILE_NAME);

    private PartitionOptions() {
    }

    /** How {@code table} maps rows to partition directories. */
    static Partitioning partitioning(TableContext table) {
        return new Partitioning(table.schema(), table.partitionKeys(),
                new Configuration(table.options()).get(DEFAULT_NAME));
    }

    /**
     * Checks the partition options and the partition columns of {@code table}.
     *
     * @throws ConfigException naming the offending option
     */
    static void validate(TableContext table) {
        Configuration options = new Configuration(table.options());
        for (String key : table.partitionKeys()) {
            DataType type = table.schema().type(table.schema().indexOf(key));
            if (!Partitioning.supportedKeyType(type)) {
                throw new ConfigException("connector", "Partition column '" + key + "' of table " + table.tableName()
                        + " has type " + type + ", which cannot be a partition directory name");
            }
        }
        String defaultName = options.get(DEFAULT_NAME);
        if (defaultName.isEmpty() || !defaultName.equals(Partitioning.escape(defaultName))) {
            throw invalid(table, DEFAULT_NAME.key(), defaultName, "must be a non-empty directory name without "
                    + "characters such as '/', '=' or '%'");
        }
        String extractor = options.get(TIME_EXTRACTOR_KIND);
        if (!extractor.equals("default")) {
            throw invalid(table, TIME_EXTRACTOR_KIND.key(), extractor, extractor.equals("custom")
                    ? "custom partition time extractors are not supported yet" : "expected default");
        }
        successFileName(table, options);
        String zone = options.get(WATERMARK_TIME_ZONE);
        try {
            ZoneId.of(zone);
        } catch (DateTimeException e) {
            throw invalid(table, WATERMARK_TIME_ZONE.key(), zone, "expected a time zone such as 'UTC' or 'Asia/Shanghai'");
        }
        String formatter = options.get(TIME_EXTRACTOR_FORMATTER);
        if (formatter != null) {
            try {
                DateTimeFormatter.ofPattern(formatter);
            } catch (IllegalArgumentException e) {
                throw invalid(table, TIME_EXTRACTOR_FORMATTER.key(), formatter, "expected a pattern such as "
                        + "'yyyy-MM-dd HH:mm:ss': " + e.getMessage());
            }
        }
    }

    /**
     * The committer of a sink into {@code table}, or {@code null} when it has no commit policy
     * (Flink's default for filesystem tables).
     */
    static PartitionCommitter committer(TableContext table) {
        Configuration options = new Configuration(table.options());
        String successFile = successFileName(table, options);
        return successFile == null ? null : new PartitionCommitter(UUID.randomUUID().toString(), successFile);
    }

    /** When a checkpointed sink into {@code table} commits a partition. */
    static PartitionCommitTrigger trigger(TableContext table) {
        Configuration options = new Configuration(table.options());
        return new PartitionCommitTrigger(options.get(COMMIT_TRIGGER), options.get(COMMIT_DELAY).toMillis(),
                options.get(TIME_EXTRACTOR_PATTERN), options.get(TIME_EXTRACTOR_FORMATTER),
                options.get(WATERMARK_TIME_ZONE));
    }

    /** The success file the policies ask for, or {@code null} if they do not include success-file. */
    private static String successFileName(TableContext table, Configuration options) {
        String kinds = options.get(COMMIT_POLICY_KIND);
        if (kinds == null) {
            return null;
        }
        boolean successFile = false;
        for (String kind : kinds.split(",")) {
            switch (kind.trim().toLowerCase(Locale.ROOT)) {
                case "success-file" -> successFile = true;
                case "metastore" -> throw invalid(table, COMMIT_POLICY_KIND.key(), kinds, "the 'metastore' policy "
                        + "needs a table in a Hive catalog; a filesystem table can use 'success-file'");
                case "custom" -> throw invalid(table, COMMIT_POLICY_KIND.key(), kinds,
                        "custom partition commit policies are not supported yet");
                default -> throw invalid(table, COMMIT_POLICY_KIND.key(), kinds,
                        "expected a comma-separated list of success-file, metastore, custom");
            }
        }
        String name = options.get(SUCCESS_FILE_NAME);
        if (name.isBlank() || name.contains("/") || name.equals(".") || name.equals("..")) {
            throw invalid(table, SUCCESS_FILE_NAME.key(), name, "must be a file name");
        }
        return successFile ? name : null;
    }

    private static ConfigException invalid(TableContext table, String key, String value, String reason) {
        return ConfigException.invalidValue(key, "Invalid value \'" + value + "' for option '" + key + "' of table "
                + table.tableName() + ": " + reason);
    }
}
