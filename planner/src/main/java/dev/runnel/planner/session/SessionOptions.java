package dev.runnel.planner.session;

import dev.runnel.planner.plan.physical.GroupAggregateOptions;
import dev.runnel.runtime.cluster.RuntimeOptions;
import dev.runnel.runtime.scheduler.SchedulerOptions;
import dev.runnel.runtime.checkpoint.CheckpointOptions;
import dev.runnel.runtime.checkpoint.RestartOptions;
import dev.runnel.runtime.state.ManagedMemory;
import dev.runnel.runtime.state.StateOptions;
import dev.runnel.runtime.state.rocksdb.RocksDbOptions;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.fs.FileLocation;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The session settings that {@code SET} checks: only the keys listed in {@link #known()} are
 * accepted (see {@link ConfigKeys}), and their values must be well-formed. Some are accepted
 * before Runnel acts on them (docs/configuration.md lists which).
 */
public final class SessionOptions {
    private SessionOptions() {
    }

    public static final ConfigOption<Integer> PARALLELISM = ConfigOption.of("parallelism.default", Integer.class, 1,
            "The parallelism of the sources and operators of the jobs this session submits.");
    public static final ConfigOption<String> PIPELINE_NAME = ConfigOption.of("pipeline.name", String.class, null,
            "The name of the jobs this session submits; by default derived from the statement.");
    public static final ConfigOption<String> RUNTIME_MODE = ConfigOption.of("execution.runtime-mode", String.class,
            "streaming", "Only 'streaming' is supported yet.");
    public static final ConfigOption<String> RESULT_MODE = ConfigOption.of("sql-client.execution.result-mode",
            String.class, "tableau", "How the shell shows query results: 'table', 'changelog' or 'tableau'; "
                    + "unset, 'table' in an interactive shell that can redraw and 'tableau' elsewhere.");
    public static final ConfigOption<String> LOCAL_TIME_ZONE = ConfigOption.of("table.local-time-zone", String.class,
            "default", "The session time zone for TIMESTAMP_LTZ values, such as 'UTC' or 'Europe/Berlin'; "
                    + "'default' is the JVM's zone.");

    /**
     * Whether an {@code INSERT} (or statement set) waits for its job to end before the next
     * statement runs (Flink's key). The shell waits; see {@code docs/scripts.md}.
     */
    public static final ConfigOption<Boolean> DML_SYNC = ConfigOption.of("table.dml-sync", Boolean.class, false,
            "Whether INSERT statements wait for their job to finish (for bounded input) before the next statement.");

    /**
     * The prefix of session variables: {@code SET 'var.dir' = '/data'} defines {@code dir},
     * which the shell substitutes for {@code ${dir}} in later statements.
     */
    public static final String VARIABLE_PREFIX = "var.";

    /** What may follow {@link #VARIABLE_PREFIX}: a letter or {@code _}, then letters, digits, {@code _ . -}. */
    public static final Pattern VARIABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.\\-]*");

    public static final ConfigOption<Boolean> VERBOSE = ConfigOption.of("sql-client.verbose", Boolean.class, false,
            "Whether the shell prints the stack trace of an error.");
    public static final ConfigOption<Duration> STATE_TTL = StateOptions.STATE_TTL;
    public static final ConfigOption<String> STATE_BACKEND = StateOptions.STATE_BACKEND;
    public static final ConfigOption<Duration> SOURCE_IDLE_TIMEOUT = StateOptions.SOURCE_IDLE_TIMEOUT;

    private static final List<String> RESULT_MODES = List.of("table", "changelog", "tableau");
    private static final List<String> STATE_BACKENDS = List.of("hashmap", "rocksdb");

    /** Options users know, for messages and listings: the session's, then the runtime's. */
    public static List<ConfigOption<?>> known() {
        List<ConfigOption<?>> all = new ArrayList<>(List.of(PARALLELISM, PIPELINE_NAME, RUNTIME_MODE, RESULT_MODE,
                LOCAL_TIME_ZONE, DML_SYNC, VERBOSE));
        all.addAll(StateOptions.all());
        all.add(ManagedMemory.SIZE);
        all.addAll(RocksDbOptions.all());
        all.addAll(CheckpointOptions.all());
        all.addAll(RestartOptions.all());
        all.addAll(GroupAggregateOptions.all());
        all.addAll(RuntimeOptions.all());
        all.addAll(SchedulerOptions.all());
        return all;
    }

    /**
     * Checks {@code value} for {@code key}.
     *
     * @throws ConfigException naming the key when the value is malformed
     */
    public static void validate(String key, String value) {
        if (key.startsWith(VARIABLE_PREFIX)) {
            return;
        }
        switch (key) {
            case "parallelism.default" -> {
                int p = Configuration.parse(key, value, Integer.class);
                if (p < 1) {
                    throw ConfigException.invalidValue(key, "Invalid value \'" + value + "' for option '" + key
                            + "': expected a positive integer");
                }
            }
            case "execution.runtime-mode" -> {
                String mode = value.trim().toLowerCase(Locale.ROOT);
                if (mode.equals("batch")) {
                    throw ConfigException.invalidValue(key, "Option '" + key + "' = 'batch' is not supported yet; "
                            + "Runnel runs every job in 'streaming' mode");
                }
                if (!mode.equals("streaming")) {
                    throw ConfigException.invalidValue(key, "Invalid value \'" + value + "' for option '" + key
                            + "': expected 'streaming'");
                }
            }
            case "sql-client.execution.result-mode" -> {
                if (!RESULT_MODES.contains(value.trim().toLowerCase(Locale.ROOT))) {
                    throw ConfigException.invalidValue(key, "Invalid value \'" + value + "' for option '" + key
                            + "': expected one of table, changelog, tableau");
                }
            }
            case "table.local-time-zone" -> zone(key, value);
            case "table.exec.mini-batch.allow-latency", "table.exec.mini-batch.size",
                 "table.optimizer.distinct-agg.split.bucket-num" -> GroupAggregateOptions.validate(key, value);
            case "state.backend.type" -> {
                if (!STATE_BACKENDS.contains(value.trim().toLowerCase(Locale.ROOT))) {
                    throw ConfigException.invalidValue(key, "Invalid value \'" + value + "' for option '" + key
                            + "': expected one of hashmap, rocksdb");
                }
            }
            default -> {
                RocksDbOptions.validate(key, value);
                if (isLocation(key)) {
                    if (!isUnsetLocation(key, value)) {
                        FileLocation.ofOption(key, value);
                    }
                    return;
                }
                for (ConfigOption<?> option : known()) {
                    if (option.key().equals(key)) {
                        Object parsed = Configuration.parse(key, value, option.type());
                        // Counts are positive, except those whose default is 0 (a count of tolerated failures).
                        boolean zeroAllowed = Integer.valueOf(0).equals(option.defaultValue());
                        if (parsed instanceof Integer i && i < (zeroAllowed ? 0 : 1)) {
                            throw ConfigException.invalidValue(key, "Invalid value \'" + value + "' for option '" + key
                                    + (zeroAllowed ? "': expected 0 or a positive integer" : "': expected a positive integer"));
                        }
                    }
                }
            }
        }
    }

    /**
     * The value to keep for {@code key} once {@link #validate} accepted it: a relative path in an
     * option that names a location (checkpoint and savepoint directories, the savepoint to start
     * from) made absolute against the working directory, so that jobs find it whatever process
     * they run in; any other value as given.
     */
    public static String resolve(String key, String value) {
        return isLocation(key) && !isUnsetLocation(key, value) ? FileLocation.absoluteOption(key, value) : value;
    }

    private static boolean isLocation(String key) {
        return CheckpointOptions.locations().stream().anyMatch(o -> o.key().equals(key));
    }

    /** The empty default of {@code execution.savepoint.path}: no savepoint to start from. */
    private static boolean isUnsetLocation(String key, String value) {
        return value.isEmpty() && CheckpointOptions.locations().stream()
                .anyMatch(o -> o.key().equals(key) && "".equals(o.defaultValue()));
    }

    /**
     * The values {@code key} allows when they are few enough to list (an enumeration or a
     * boolean), for completion in the shell; empty for free-form values and unknown keys.
     */
    public static List<String> allowedValues(String key) {
        switch (key) {
            case "sql-client.execution.result-mode" -> {
                return RESULT_MODES;
            }
            case "execution.runtime-mode" -> {
                return List.of("streaming");
            }
            case "state.backend.type" -> {
                return STATE_BACKENDS;
            }
            default -> {
                for (ConfigOption<?> option : known()) {
                    if (option.key().equals(key)) {
                        return valuesOf(option.type());
                    }
                }
                return List.of();
            }
        }
    }

    private static List<String> valuesOf(Class<?> type) {
        if (type == Boolean.class) {
            return List.of("true", "false");
        }
        if (type.isEnum()) {
            List<String> values = new ArrayList<>();
            for (Object constant : type.getEnumConstants()) {
                values.add(constant.toString().toLowerCase(Locale.ROOT).replace('_', '-'));
            }
            return values;
        }
        return List.of();
    }

    /**
     * Checks the name of a session variable ({@code key} without {@link #VARIABLE_PREFIX}).
     *
     * @throws ConfigException naming the variable when the name is not one {@code ${name}} can refer to
     */
    public static void checkVariableName(String key, String name) {
        if (!VARIABLE_NAME.matcher(name).matches()) {
            throw new ConfigException(key, "Invalid variable name '" + name + "': a variable name starts with a "
                    + "letter or '_' and holds letters, digits, '_', '.' and '-'");
        }
    }

    /** The session time zone of {@code configuration}. */
    public static ZoneId zone(Configuration configuration) {
        String value = configuration.get(LOCAL_TIME_ZONE);
        return zone(LOCAL_TIME_ZONE.key(), value);
    }

    private static ZoneId zone(String key, String value) {
        if (value.trim().equalsIgnoreCase("default")) {
            return ZoneId.systemDefault();
        }
        try {
            return ZoneId.of(value.trim());
        } catch (DateTimeException e) {
            throw ConfigException.invalidValue(key, "Invalid value \'" + value + "' for option '" + key
                    + "': expected a time zone such as 'UTC', 'Europe/Berlin' or '+08:00'", e);
        }
    }
}
