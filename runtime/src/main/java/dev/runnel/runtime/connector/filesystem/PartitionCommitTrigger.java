package dev.runnel.runtime.connector.filesystem;

import java.io.Serializable;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * When a partition written by a checkpointed sink is complete (Flink's
 * {@code sink.partition-commit.trigger}), checked when a checkpoint completes, after the files
 * of the checkpoint were committed:
 * <ul>
 *   <li>{@code process-time}: the clock passed the time the partition got its first row (since
 *       its last commit) plus {@code sink.partition-commit.delay};</li>
 *   <li>{@code partition-time}: the watermark passed the partition's time plus the delay. The
 *       time comes from the partition values: the first one, or
 *       {@code partition.time-extractor.timestamp-pattern} with {@code $key} placeholders
 *       (such as {@code '$dt $hr:00:00'}), parsed with
 *       {@code partition.time-extractor.timestamp-formatter} (by default
 *       {@code yyyy-MM-dd HH:mm:ss}, or a date alone); as a local time in
 *       {@code sink.partition-commit.watermark-time-zone}.</li>
 * </ul>
 */
final class PartitionCommitTrigger implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final DateTimeFormatter DEFAULT_FORMAT = new DateTimeFormatterBuilder()
            .appendPattern("yyyy-M-d").optionalStart().appendLiteral(' ').appendPattern("H:m:s").optionalEnd()
            .parseDefaulting(ChronoField.HOUR_OF_DAY, 0).toFormatter();

    private final PartitionOptions.CommitTrigger kind;
    private final long delayMillis;
    private final String pattern;
    private final String formatter;
    private final String timeZone;

    PartitionCommitTrigger(PartitionOptions.CommitTrigger kind, long delayMillis, String pattern, String formatter,
                           String timeZone) {
        this.kind = kind;
        this.delayMillis = delayMillis;
        this.pattern = pattern;
        this.formatter = formatter;
        this.timeZone = timeZone;
    }

    /**
     * Whether partition {@code partitionPath} (such as {@code dt=2024-01-01/hr=10}) may be committed.
     *
     * @param waitingSince the processing time of its first row since its last commit
     * @param now the processing time now
     * @param watermark the sink's current watermark
     */
    boolean isComplete(String partitionPath, long waitingSince, long now, long watermark) {
        return switch (kind) {
            case PROCESS_TIME -> now - delayMillis >= waitingSince;
            case PARTITION_TIME -> watermark != Long.MIN_VALUE
                    && watermark - delayMillis >= partitionTime(partitionPath);
        };
    }

    /** The partition's time as epoch milliseconds in the watermark's time zone. */
    long partitionTime(String partitionPath) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String level : partitionPath.split("/")) {
            int eq = level.indexOf('=');
            values.put(Partitioning.unescape(level.substring(0, eq)), Partitioning.unescape(level.substring(eq + 1)));
        }
        String text;
        if (pattern == null) {
            text = values.values().iterator().next();
        } else {
            text = pattern;
            for (Map.Entry<String, String> e : values.entrySet()) {
                text = text.replace("$" + e.getKey(), e.getValue());
            }
        }
        return parse(text, partitionPath).atZone(ZoneId.of(timeZone)).toInstant().toEpochMilli();
    }

    private LocalDateTime parse(String text, String partitionPath) {
        DateTimeFormatter format = formatter == null ? DEFAULT_FORMAT : DateTimeFormatter.ofPattern(formatter);
        try {
            return LocalDateTime.parse(text, format);
        } catch (DateTimeParseException e) {
            try {
                return LocalDate.parse(text, format).atStartOfDay();
            } catch (DateTimeParseException again) {
                throw new IllegalArgumentException("Cannot extract the time of partition " + partitionPath
                        + ": '" + text + "' does not match " + (formatter == null ? "yyyy-MM-dd [HH:mm:ss]" : formatter)
                        + " (see partition.time-extractor.timestamp-pattern and -formatter)", e);
            }
        }
    }
}
