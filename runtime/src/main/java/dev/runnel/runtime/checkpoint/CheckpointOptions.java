package dev.runnel.runtime.checkpoint;

import dev.runnel.runtime.config.ConfigOption;
import java.io.File;
import java.time.Duration;
import java.util.List;

/** The job options of checkpoints, savepoints and restarts; keys and defaults as in Flink unless noted. */
public final class CheckpointOptions {
    private CheckpointOptions() {
    }

    public static final ConfigOption<Duration> INTERVAL = ConfigOption.of("execution.checkpointing.interval",
            Duration.class, Duration.ZERO, "How often a job takes a checkpoint; 0 (the default) turns checkpointing off.");

    public static final ConfigOption<String> MODE = ConfigOption.of("execution.checkpointing.mode", String.class,
            "EXACTLY_ONCE", "EXACTLY_ONCE aligns barriers at tasks with several inputs; AT_LEAST_ONCE does not.");

    public static final ConfigOption<Duration> TIMEOUT = ConfigOption.of("execution.checkpointing.timeout",
            Duration.class, Duration.ofMinutes(10), "A checkpoint that has not completed after this long is aborted.");

    public static final ConfigOption<Integer> MAX_CONCURRENT = ConfigOption.of(
            "execution.checkpointing.max-concurrent-checkpoints", Integer.class, 1,
            "How many checkpoints may be in progress at once.");

    public static final ConfigOption<Duration> MIN_PAUSE = ConfigOption.of("execution.checkpointing.min-pause",
            Duration.class, Duration.ZERO, "The least time between the end of one checkpoint and the start of the next.");

    public static final ConfigOption<Integer> TOLERABLE_FAILURES = ConfigOption.of(
            "execution.checkpointing.tolerable-failed-checkpoints", Integer.class, 0,
            "How many consecutive checkpoint failures a job tolerates before it fails (and restarts).");

    public static final ConfigOption<String> EXTERNALIZED_RETENTION = ConfigOption.of(
            "execution.checkpointing.externalized-checkpoint-retention", String.class, "NO_EXTERNALIZED_CHECKPOINTS",
            "What happens to completed checkpoints when the job is cancelled: NO_EXTERNALIZED_CHECKPOINTS or "
                    + "DELETE_ON_CANCELLATION delete them, RETAIN_ON_CANCELLATION keeps them to resume from.");

    /** Runnel's default differs from Flink's (none): a directory under the temporary directory. */
    public static final ConfigOption<String> CHECKPOINTS_DIR = ConfigOption.of("state.checkpoints.dir", String.class,
            new File(System.getProperty("java.io.tmpdir"), "runnel-checkpoints").toURI().toString(),
            "Where checkpoints are written, as <dir>/<job-id>/chk-<n>/ (a file:// URI or a path).");

    public static final ConfigOption<String> SAVEPOINTS_DIR = ConfigOption.of("state.savepoints.dir", String.class,
            new File(System.getProperty("java.io.tmpdir"), "runnel-savepoints").toURI().toString(),
            "The default directory of savepoints that SAVEPOINT and STOP JOB … WITH SAVEPOINT take (a file:// URI or a path).");

    public static final ConfigOption<Integer> NUM_RETAINED = ConfigOption.of("state.checkpoints.num-retained",
            Integer.class, 1, "How many completed checkpoints are kept; older ones are deleted.");

    /** Runnel's default differs from Flink's (false): RocksDB checkpoints are incremental unless turned off. */
    public static final ConfigOption<Boolean> INCREMENTAL = ConfigOption.of("state.backend.incremental",
            Boolean.class, true, "Whether RocksDB checkpoints upload only the files the previous checkpoint did not have.");

    public static final ConfigOption<String> SAVEPOINT_PATH = ConfigOption.of("execution.savepoint.path",
            String.class, "", "A savepoint or retained checkpoint (its directory or _metadata file) that new jobs start from.");

    public static final ConfigOption<Boolean> IGNORE_UNCLAIMED_STATE = ConfigOption.of(
            "execution.savepoint.ignore-unclaimed-state", Boolean.class, false,
            "Whether a job may start from a savepoint that holds state for operators the job does not have.");

    /** The options whose values name a location ({@link dev.runnel.runtime.fs.FileLocation}). */
    public static List<ConfigOption<String>> locations() {
        return List.of(CHECKPOINTS_DIR, SAVEPOINTS_DIR, SAVEPOINT_PATH);
    }

    public static List<ConfigOption<?>> all() {
        return List.of(INTERVAL, MODE, TIMEOUT, MAX_CONCURRENT, MIN_PAUSE, TOLERABLE_FAILURES, EXTERNALIZED_RETENTION,
                CHECKPOINTS_DIR, SAVEPOINTS_DIR, NUM_RETAINED, INCREMENTAL, SAVEPOINT_PATH, IGNORE_UNCLAIMED_STATE);
    }
}
