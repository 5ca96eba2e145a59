package dev.runnel.runtime.connector.nexmark;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.connector.ConnectorFactory;
import dev.runnel.runtime.connector.ConnectorOptions;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.Values;
import java.time.Duration;
import java.util.Set;

/**
 * The {@code nexmark} connector: a deterministic generator of the Nexmark benchmark's persons,
 * auctions and bids (see {@link NexmarkGenerator}), into a table with the columns of
 * {@link NexmarkSchema}.
 */
public final class NexmarkConnectorFactory implements ConnectorFactory {
    public static final String IDENTIFIER = "nexmark";

    public static final ConfigOption<Long> EVENTS_PER_SECOND = ConfigOption.of("events-per-second", Long.class, 0L,
            "Events emitted per second by the whole source (split among its subtasks); 0 for as fast as possible.");
    public static final ConfigOption<Long> MAX_EVENTS = ConfigOption.of("max-events", Long.class, 0L,
            "Total number of events to generate; 0 for no end.");
    public static final ConfigOption<Long> FIRST_EVENT_ID = ConfigOption.of("first-event-id", Long.class, 0L,
            "The id of the first event; events are numbered from it.");
    public static final ConfigOption<Long> SEED = ConfigOption.of("seed", Long.class, 0L,
            "The seed of the generator: the same seed gives the same events.");
    public static final ConfigOption<Duration> WATERMARK_DELAY = ConfigOption.of("watermark-delay", Duration.class,
            Duration.ofSeconds(4), "How far event times may be out of order (timestamps are shuffled within this span).");
    public static final ConfigOption<Long> EVENT_TIME_RATE = ConfigOption.of("event-time-rate", Long.class, null,
            "Events per second of event time (the spacing of timestamps); default: events-per-second, or 10000 when that is 0.");
    public static final ConfigOption<String> BASE_TIME = ConfigOption.of("base-time", String.class,
            "2015-07-15 00:00:00", "The event time of the first event, a UTC timestamp.");

    /** Event-time rate when the source runs unthrottled, as Flink's Nexmark default first-event rate. */
    static final long DEFAULT_EVENT_TIME_RATE = 10_000;

    @Override
    public String identifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of();
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(EVENTS_PER_SECOND, MAX_EVENTS, FIRST_EVENT_ID, SEED, WATERMARK_DELAY, EVENT_TIME_RATE, BASE_TIME,
                ConnectorOptions.SCAN_PARALLELISM);
    }

    @Override
    public void validate(TableContext table) {
        config(table);
        sourceParallelism(table);
    }

    @Override
    public SourceFactory createSource(TableContext table) {
        return new NexmarkSource("TableSourceScan(table=[" + table.tableName() + "], connector=[nexmark])",
                config(table));
    }

    /** The generator's configuration, after checking the table's columns and options. */
    static NexmarkConfig config(TableContext table) {
        checkSchema(table);
        Configuration options = new Configuration(table.options());
        long rate = nonNegative(table, options, EVENTS_PER_SECOND);
        long maxEvents = nonNegative(table, options, MAX_EVENTS);
        long firstEventId = nonNegative(table, options, FIRST_EVENT_ID);
        Long eventTimeRate = options.get(EVENT_TIME_RATE);
        if (eventTimeRate != null && eventTimeRate <= 0) {
            throw invalid(table, EVENT_TIME_RATE, options, "must be positive");
        }
        long baseTime;
        try {
            baseTime = Values.parseTimestamp(options.get(BASE_TIME));
        } catch (RuntimeException e) {
            throw invalid(table, BASE_TIME, options, "must be a timestamp such as '2015-07-15 00:00:00'");
        }
        long delay = options.get(WATERMARK_DELAY).toMillis();
        if (delay < 0) {
            throw invalid(table, WATERMARK_DELAY, options, "must not be negative");
        }
        long timeRate = eventTimeRate != null ? eventTimeRate : rate > 0 ? rate : DEFAULT_EVENT_TIME_RATE;
        return new NexmarkConfig(rate, maxEvents, firstEventId, options.get(SEED), baseTime, timeRate, delay);
    }

    private static void checkSchema(TableContext table) {
        RowType expected = NexmarkSchema.ROW_TYPE;
        RowType actual = table.schema();
        boolean same = actual.arity() == expected.arity();
        for (int i = 0; same && i < actual.arity(); i++) {
            same = actual.name(i).equals(expected.name(i))
                    && actual.type(i).withNullable(true).equals(expected.type(i));
        }
        if (!same) {
            throw new ConfigException("connector", "Table " + table.tableName() + " has the physical columns "
                    + actual + ", but the nexmark connector produces " + expected
                    + " (computed columns such as dateTime may follow)");
        }
    }

    private static long nonNegative(TableContext table, Configuration options, ConfigOption<Long> option) {
        long value = options.get(option);
        if (value < 0) {
            throw invalid(table, option, options, "must not be negative");
        }
        return value;
    }

    private static ConfigException invalid(TableContext table, ConfigOption<?> option, Configuration options,
                                           String why) {
        return ConnectorOptions.invalid(table, option.key(), why);
    }
}
