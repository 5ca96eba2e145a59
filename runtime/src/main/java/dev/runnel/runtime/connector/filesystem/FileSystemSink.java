package dev.runnel.runtime.connector.filesystem;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.operators.Operator;
import dev.runnel.runtime.operators.OperatorFactory;
import dev.runnel.runtime.types.RowType;

/** Writes the rows of a filesystem table into part files of its directory. */
final class FileSystemSink implements OperatorFactory {
    private final String tableName;
    private final String path;
    private final String format;
    private final Configuration formatOptions;
    private final RowType rowType;
    private final long rollingFileSize;
    private final long rolloverIntervalMillis;

    FileSystemSink(String tableName, String path, String format, Configuration formatOptions, RowType rowType,
                   long rollingFileSize, long rolloverIntervalMillis) {
        this.tableName = tableName;
        this.path = path;
        this.format = format;
        this.formatOptions = formatOptions;
        this.rowType = rowType;
        this.rollingFileSize = rollingFileSize;
        this.rolloverIntervalMillis = rolloverIntervalMillis;
    }

    @Override
    public String name() {
        return "Sink(table=[" + tableName + "], connector=[filesystem], path=[" + path + "], format=[" + format + "])";
    }

    @Override
    public Operator create() {
        return new FileSystemSinkOperator(tableName, path, format, formatOptions, rowType, rollingFileSize,
                rolloverIntervalMillis, System::currentTimeMillis);
    }
}
