package dev.runnel.runtime.connector;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import java.time.Duration;
import java.util.OptionalInt;

/** Options that several connectors share, with Flink's names. */
public final class ConnectorOptions {
    /** The parallelism of a table's source (Flink's {@code scan.parallelism}). */
    public static final ConfigOption<Integer> SCAN_PARALLELISM = ConfigOption.of("scan.parallelism", Integer.class,
            null, "The parallelism of the source; the job's default parallelism when unset.");
    /** The parallelism of a table's sink (Flink's {@code sink.parallelism}). */
    public static final ConfigOption<Integer> SINK_PARALLELISM = ConfigOption.of("sink.parallelism", Integer.class,
            null, "The parallelism of the sink; that of its input when unset.");

    /**
     * How long a lookup join uses its in-memory copy of a looked-up table before reading it
     * again (Flink's filesystem option {@code lookup.join.cache.ttl}).
     */
    public static final ConfigOption<Duration> LOOKUP_JOIN_CACHE_TTL = ConfigOption.of("lookup.join.cache.ttl",
            Duration.class, Duration.ofMinutes(60), "How long a lookup join caches the whole table before reading it"
                    + " again.");

    private ConnectorOptions() {
    }

    /**
     * The value of a parallelism option of {@code table}, if set.
     *
     * @throws ConfigException if it is not a positive integer
     */
    public static OptionalInt parallelism(TableContext table, ConfigOption<Integer> option) {
        Integer value = new Configuration(table.options()).get(option);
        if (value == null) {
            return OptionalInt.empty();
        }
        if (value <= 0) {
            throw ConfigException.invalidValue(option.key(), "Invalid value \'" + value + "' for option '" + option.key()
                    + "' of table " + table.tableName() + ": must be positive");
        }
        return OptionalInt.of(value);
    }

    /**
     * The value of {@link #LOOKUP_JOIN_CACHE_TTL} of {@code table}.
     *
     * @throws ConfigException if it is not a positive duration
     */
    public static Duration lookupCacheTtl(TableContext table) {
        Duration ttl = new Configuration(table.options()).get(LOOKUP_JOIN_CACHE_TTL);
        if (ttl.isNegative() || ttl.isZero()) {
            throw invalid(table, LOOKUP_JOIN_CACHE_TTL.key(), "must be a positive duration such as '10 min'");
        }
        return ttl;
    }

    /** The error for option {@code key} of {@code table} whose value is wrong, and why. */
    public static ConfigException invalid(TableContext table, String key, String why) {
        return ConfigException.invalidValue(key, "Invalid value \'" + table.options().get(key) + "' for option '" + key
                + "' of table " + table.tableName() + ": " + why);
    }
}
