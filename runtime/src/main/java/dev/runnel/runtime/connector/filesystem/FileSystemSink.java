package dev.runnel.runtime.connector.filesystem;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;

/**
 * Writes the rows of a filesystem table into part files of its directory, or of its partition
 * directories. {@code committer} is null when no partition commit policy is set; {@code trigger}
 * says when a checkpointed sink commits a partition.
 */
final class FileSystemSink implements OperatorFactory {
    private final String tableName;
    private final String path;
    private final String format;
    private final Configuration formatOptions;
    private final Partitioning partitioning;
    private final PartitionCommitter committer;
    private final PartitionCommitTrigger trigger;
    private final long rollingFileSize;
    private final long rolloverIntervalMillis;

    FileSystemSink(String tableName, String path, String format, Configuration formatOptions,
                   Partitioning partitioning, PartitionCommitter committer, PartitionCommitTrigger trigger,
                   long rollingFileSize, long rolloverIntervalMillis) {
        this.tableName = tableName;
        this.path = path;
        this.format = format;
        this.formatOptions = formatOptions;
        this.partitioning = partitioning;
        this.committer = committer;
        this.trigger = trigger;
        this.rollingFileSize = rollingFileSize;
        this.rolloverIntervalMillis = rolloverIntervalMillis;
    }

    @Override
    public String name() {
        return "Sink(table=[" + tableName + "], connector=[filesystem], path=[" + path + "], format=[" + format + "]"
                + (partitioning.isPartitioned() ? ", partitions=[" + String.join(", ", partitioning.keys()) + "]" : "")
                + ")";
    }

    /** The table, path and format may change between a savepoint and the resumed job; the partition keys may not. */
    @Override
    public String stateSignature() {
        return "Sink(connector=[filesystem]"
                + (partitioning.isPartitioned() ? ", partitions=[" + String.join(", ", partitioning.keys()) + "]" : "") + ")";
    }

    @Override
    public Operator create() {
        return new FileSystemSinkOperator(tableName, path, format, formatOptions, partitioning, committer, trigger,
                rollingFileSize, rolloverIntervalMillis, System::currentTimeMillis);
    }
}
