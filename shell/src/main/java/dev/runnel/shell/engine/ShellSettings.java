package dev.runnel.shell.engine;

import dev.runnel.runtime.config.Configuration;
import dev.runnel.shell.render.ResultMode;
import java.time.DateTimeException;
import java.time.ZoneId;

/** Session settings that change how the shell prints, read after every statement. */
public final class ShellSettings {
    /** {@code SET 'sql-client.verbose' = 'true'} prints stack traces of errors (Flink's key). */
    public static final String VERBOSE_KEY = "sql-client.verbose";
    /** Where TIMESTAMP_LTZ values are shown (Flink's key); the JVM's zone when unset. */
    public static final String TIME_ZONE_KEY = "table.local-time-zone";

    /** How queries are shown: {@code table}, {@code changelog} or {@code tableau} (Flink's key); see {@link ResultMode}. */
    public static final String RESULT_MODE_KEY = "sql-client.execution.result-mode";

    private ShellSettings() {
    }

    /**
     * The result mode {@code SET} chose, or when none was set, {@code table} where the terminal
     * can redraw and {@code tableau} elsewhere (scripts, pipes, dumb terminals).
     */
    public static ResultMode resultMode(Configuration configuration, boolean canRedraw) {
        try {
            return ResultMode.of(configuration.getString(RESULT_MODE_KEY), canRedraw);
        } catch (IllegalArgumentException e) {
            return ResultMode.of(null, canRedraw);
        }
    }

    /**
     * Whether {@code SET} asked for the changelog ({@code changelog} result mode): results for
     * programs then print every change with its kind instead of the rows or the final table.
     */
    public static boolean changelogRequested(Configuration configuration) {
        String mode = configuration.getString(RESULT_MODE_KEY);
        return mode != null && mode.trim().equalsIgnoreCase(ResultMode.CHANGELOG.name());
    }

    public static boolean verbose(Configuration configuration) {
        return "true".equalsIgnoreCase(configuration.getString(VERBOSE_KEY));
    }

    public static ZoneId zone(Configuration configuration) {
        String zone = configuration.getString(TIME_ZONE_KEY);
        if (zone == null || zone.isBlank() || zone.equalsIgnoreCase("default")) {
            return ZoneId.systemDefault();
        }
        try {
            return ZoneId.of(zone);
        } catch (DateTimeException e) {
            return ZoneId.systemDefault();
        }
    }
}
