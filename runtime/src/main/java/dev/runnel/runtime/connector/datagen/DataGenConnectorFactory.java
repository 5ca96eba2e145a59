package dev.runnel.runtime.connector.datagen;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.connector.BoundedSourceLookupTable;
import dev.runnel.runtime.connector.ConnectorFactory;
import dev.runnel.runtime.connector.ConnectorOptions;
import dev.runnel.runtime.connector.LookupTableSource;
import dev.runnel.runtime.connector.TableContext;
import dev.runnel.runtime.source.SourceFactory;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Flink's {@code datagen} connector: a source of random or sequential rows, rate-limited by
 * {@code rows-per-second}, bounded by {@code number-of-rows} or by the end of a sequence. A
 * bounded table can be looked up by a lookup join, which generates it whole in each subtask.
 */
public final class DataGenConnectorFactory implements ConnectorFactory {
    public static final String IDENTIFIER = "datagen";

    /** How a field is generated. */
    public enum Kind {
        RANDOM,
        SEQUENCE
    }

    public static final ConfigOption<Long> ROWS_PER_SECOND = ConfigOption.of("rows-per-second", Long.class, 10_000L,
            "Rows emitted per second by the whole source (split among its subtasks).");
    public static final ConfigOption<Long> NUMBER_OF_ROWS = ConfigOption.of("number-of-rows", Long.class, null,
            "Total number of rows to emit; unbounded when unset (unless a field is a sequence).");
    public static final ConfigOption<Kind> KIND = ConfigOption.of("fields.#.kind", Kind.class, Kind.RANDOM,
            "'random' or 'sequence'.");
    public static final ConfigOption<String> MIN = ConfigOption.of("fields.#.min", String.class, null,
            "Smallest random value of a numeric field (default: the type's minimum).");
    public static final ConfigOption<String> MAX = ConfigOption.of("fields.#.max", String.class, null,
            "Largest random value of a numeric field (default: the type's maximum).");
    public static final ConfigOption<Duration> MAX_PAST = ConfigOption.of("fields.#.max-past", Duration.class,
            Duration.ZERO, "Random timestamps lie between now minus max-past and now.");
    public static final ConfigOption<Integer> LENGTH = ConfigOption.of("fields.#.length", Integer.class, 100,
            "Length of random strings and bytes (default 100), number of elements of random collections (default 3).");
    public static final ConfigOption<Boolean> VAR_LEN = ConfigOption.of("fields.#.var-len", Boolean.class, false,
            "Random strings and bytes get a random length from 1 to 'length'.");
    public static final ConfigOption<String> START = ConfigOption.of("fields.#.start", String.class, null,
            "First value of a sequence field.");
    public static final ConfigOption<String> END = ConfigOption.of("fields.#.end", String.class, null,
            "Last value of a sequence field; the source ends after it.");
    public static final ConfigOption<Double> NULL_RATE = ConfigOption.of("fields.#.null-rate", Double.class, 0.0,
            "The proportion of NULL values, from 0 to 1.");

    /** Flink's number of elements of a random collection. */
    static final int COLLECTION_LENGTH = 3;

    private static final List<ConfigOption<?>> FIELD_OPTIONS =
            List.of(KIND, MIN, MAX, MAX_PAST, LENGTH, VAR_LEN, START, END, NULL_RATE);

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
        Set<ConfigOption<?>> all = new LinkedHashSet<>(List.of(ROWS_PER_SECOND, NUMBER_OF_ROWS,
                ConnectorOptions.SCAN_PARALLELISM, ConnectorOptions.LOOKUP_JOIN_CACHE_TTL));
        all.addAll(FIELD_OPTIONS);
        return all;
    }

    @Override
    public void validate(TableContext table) {
        specs(table);
        sourceParallelism(table);
        ConnectorOptions.lookupCacheTtl(table);
    }

    @Override
    public SourceFactory createSource(TableContext table) {
        List<FieldSpec> specs = specs(table);
        Configuration options = new Configuration(table.options());
        return new DataGenSource("TableSourceScan(table=[" + table.tableName() + "], connector=[datagen])",
                table.schema(), specs, options.get(ROWS_PER_SECOND), options.get(NUMBER_OF_ROWS));
    }

    /**
     * A bounded table generated whole, as fast as possible ({@code rows-per-second} paces a
     * stream, not the load of a lookup table). Random fields differ between the join's subtasks
     * and between reloads.
     */
    @Override
    public LookupTableSource createLookupSource(TableContext table) {
        DataGenSource all = new DataGenSource("LookupTable(table=[" + table.tableName() + "], connector=[datagen])",
                table.schema(), specs(table), 0, new Configuration(table.options()).get(NUMBER_OF_ROWS));
        if (!all.isBounded()) {
            throw new ConfigException(NUMBER_OF_ROWS.key(), "Table " + table.tableName() + " (connector 'datagen')"
                    + " is unbounded, so a lookup join cannot load it: set 'number-of-rows' or make a field a sequence");
        }
        return new BoundedSourceLookupTable(table.tableName(), all, ConnectorOptions.lookupCacheTtl(table));
    }

    /** The spec of every column, after checking all datagen options of the table. */
    static List<FieldSpec> specs(TableContext table) {
        Configuration options = new Configuration(table.options());
        RowType schema = table.schema();
        long rate = options.get(ROWS_PER_SECOND);
        if (rate <= 0) {
            throw invalid(table, ROWS_PER_SECOND.key(), options, "must be positive");
        }
        Long rows = options.get(NUMBER_OF_ROWS);
        if (rows != null && rows < 0) {
            throw invalid(table, NUMBER_OF_ROWS.key(), options, "must not be negative");
        }
        for (String key : table.options().keySet()) {
            if (key.startsWith("fields.")) {
                int dot = key.lastIndexOf('.');
                String column = dot > 7 ? key.substring(7, dot) : "";
                if (schema.indexOf(column) < 0) {
                    throw new ConfigException(key, "Option '" + key + "' of table " + table.tableName()
                            + " names no column: '" + column + "' is not one of " + String.join(", ", schema.names()));
                }
            }
        }
        List<FieldSpec> specs = new ArrayList<>();
        for (RowType.Field field : schema.fields()) {
            specs.add(spec(table, options, field.name(), field.type()));
        }
        return specs;
    }

    private static FieldSpec spec(TableContext table, Configuration options, String name, DataType type) {
        Map<String, String> set = new TreeMap<>();
        for (ConfigOption<?> o : FIELD_OPTIONS) {
            String key = key(o, name);
            if (options.contains(key)) {
                set.put(o.key(), key);
            }
        }
        Kind kind = options.get(field(KIND, name));
        double nullRate = options.get(field(NULL_RATE, name));
        if (nullRate < 0 || nullRate > 1) {
            throw invalid(table, key(NULL_RATE, name), options, "must be between 0 and 1");
        }
        if (nullRate > 0 && !type.nullable()) {
            throw invalid(table, key(NULL_RATE, name), options, "column '" + name + "' is " + type);
        }
        TypeRoot root = type.root();
        if (kind == Kind.SEQUENCE) {
            if (!isNumeric(root) && !isString(root)) {
                throw new ConfigException(key(KIND, name), "Option '" + key(KIND, name) + "' of table "
                        + table.tableName() + ": a sequence needs a numeric or string column, but '" + name
                        + "' is " + type);
            }
            allowOnly(table, set, name, "a sequence field", fieldOptions(kind, type));
            long start = sequenceBound(table, options, START, name, type);
            long end = sequenceBound(table, options, END, name, type);
            if (start > end) {
                throw invalid(table, key(START, name), options, "must not be greater than '" + key(END, name)
                        + "' (" + end + ")");
            }
            return new FieldSpec(kind, null, null, 0, false, 0, start, end, nullRate);
        }
        allowOnly(table, set, name, "a random " + type + " field", fieldOptions(kind, type));
        BigDecimal min = bound(table, options, MIN, name, type);
        BigDecimal max = bound(table, options, MAX, name, type);
        if (min != null && max != null && min.compareTo(max) > 0) {
            throw invalid(table, key(MIN, name), options, "must not be greater than '" + key(MAX, name) + "' ("
                    + max.toPlainString() + ")");
        }
        // Flink's collections hold 3 random elements unless 'length' says otherwise.
        int length = root.isCollection() && !options.contains(key(LENGTH, name))
                ? COLLECTION_LENGTH : options.get(field(LENGTH, name));
        boolean fixed = root == TypeRoot.CHAR || root == TypeRoot.BINARY;
        if (fixed || (type.precision() != DataType.MAX_LENGTH && (isString(root) || isBinary(root)))) {
            if (options.contains(key(LENGTH, name)) && length > type.precision()) {
                throw invalid(table, key(LENGTH, name), options, "exceeds the length of " + type);
            }
            if (fixed || !options.contains(key(LENGTH, name))) {
                length = Math.min(fixed ? type.precision() : length, type.precision());
            }
        }
        if (length < 0 || length == 0 && !root.isCollection()) {
            throw invalid(table, key(LENGTH, name), options, root.isCollection() ? "must not be negative"
                    : "must be positive");
        }
        long maxPast = options.get(field(MAX_PAST, name)).toMillis();
        return new FieldSpec(kind, min, max, length, options.get(field(VAR_LEN, name)), maxPast, 0, 0, nullRate);
    }

    /** The {@code fields.#.*} options that apply to a field of {@code type} generated as {@code kind}. */
    private static List<ConfigOption<?>> fieldOptions(Kind kind, DataType type) {
        if (kind == Kind.SEQUENCE) {
            return List.of(KIND, START, END, NULL_RATE);
        }
        TypeRoot root = type.root();
        List<ConfigOption<?>> allowed = new ArrayList<>(List.of(KIND, NULL_RATE));
        if (isNumeric(root)) {
            allowed.addAll(List.of(MIN, MAX));
        } else if (isString(root) || isBinary(root)) {
            allowed.addAll(List.of(LENGTH, VAR_LEN));
        } else if (root == TypeRoot.TIMESTAMP || root == TypeRoot.TIMESTAMP_LTZ) {
            allowed.add(MAX_PAST);
        } else if (root.isCollection()) {
            allowed.add(LENGTH);
        }
        return allowed;
    }

    /**
     * Only the field options that apply to the column's type and kind ({@link #fieldOptions});
     * no {@code null-rate} for a NOT NULL column, and {@code start}/{@code end} once the kind
     * is a sequence.
     */
    @Override
    public boolean offers(String key, Map<String, String> written, RowType schema) {
        if (!key.startsWith("fields.")) {
            return true;
        }
        int dot = key.lastIndexOf('.');
        String column = key.substring(7, dot);
        int index = schema.indexOf(column);
        if (index < 0) {
            return true; // a column whose type is not known: any of its options may apply
        }
        DataType type = schema.fields().get(index).type();
        Kind kind;
        try {
            kind = new Configuration(written).get(field(KIND, column));
        } catch (ConfigException e) {
            kind = Kind.RANDOM;
        }
        String option = "fields.#." + key.substring(dot + 1);
        if (option.equals(NULL_RATE.key()) && !type.nullable()) {
            return false;
        }
        return fieldOptions(kind, type).stream().anyMatch(o -> o.key().equals(option));
    }

    private static void allowOnly(TableContext table, Map<String, String> set, String name, String what,
                                  List<ConfigOption<?>> allowed) {
        List<String> allowedKeys = new ArrayList<>();
        for (ConfigOption<?> o : allowed) {
            allowedKeys.add(o.key());
        }
        for (Map.Entry<String, String> e : set.entrySet()) {
            if (!allowedKeys.contains(e.getKey())) {
                throw new ConfigException(e.getValue(), "Option '" + e.getValue() + "' of table " + table.tableName()
                        + " does not apply to " + what + " ('" + name + "'); it takes "
                        + String.join(", ", allowedKeys.stream().map(k -> k.replace("#", name)).toList()));
            }
        }
    }

    private static long sequenceBound(TableContext table, Configuration options, ConfigOption<String> option,
                                      String name, DataType type) {
        String key = key(option, name);
        String raw = options.getString(key);
        if (raw == null) {
            throw new ConfigException(key, "Missing option '" + key + "' of table " + table.tableName()
                    + ": sequence field '" + name + "' needs both '" + key(START, name) + "' and '" + key(END, name) + "'");
        }
        long v;
        try {
            v = Long.parseLong(raw.trim());
        } catch (NumberFormatException e) {
            throw invalid(table, key, options, "expected an integer");
        }
        checkFits(table, options, key, BigDecimal.valueOf(v), type);
        return v;
    }

    private static BigDecimal bound(TableContext table, Configuration options, ConfigOption<String> option,
                                    String name, DataType type) {
        String key = key(option, name);
        String raw = options.getString(key);
        if (raw == null) {
            return null;
        }
        BigDecimal v;
        try {
            v = new BigDecimal(raw.trim());
        } catch (NumberFormatException e) {
            throw invalid(table, key, options, "expected a number");
        }
        if (isIntegral(type.root()) && v.stripTrailingZeros().scale() > 0) {
            throw invalid(table, key, options, "expected an integer for " + type);
        }
        checkFits(table, options, key, v, type);
        return v;
    }

    private static void checkFits(TableContext table, Configuration options, String key, BigDecimal v, DataType type) {
        BigDecimal[] range = DataGenGenerators.range(type);
        if (range != null && (v.compareTo(range[0]) < 0 || v.compareTo(range[1]) > 0)) {
            throw invalid(table, key, options, "out of the range of " + type + " [" + range[0].toPlainString() + ", "
                    + range[1].toPlainString() + "]");
        }
    }

    private static ConfigException invalid(TableContext table, String key, Configuration options, String why) {
        return ConnectorOptions.invalid(table, key, why);
    }

    private static String key(ConfigOption<?> option, String column) {
        return option.key().replace("#", column);
    }

    private static <T> ConfigOption<T> field(ConfigOption<T> option, String column) {
        return ConfigOption.of(key(option, column), option.type(), option.defaultValue(), option.description());
    }

    static boolean isIntegral(TypeRoot root) {
        return root == TypeRoot.TINYINT || root == TypeRoot.SMALLINT || root == TypeRoot.INTEGER
                || root == TypeRoot.BIGINT;
    }

    static boolean isNumeric(TypeRoot root) {
        return isIntegral(root) || root == TypeRoot.FLOAT || root == TypeRoot.DOUBLE || root == TypeRoot.DECIMAL;
    }

    static boolean isString(TypeRoot root) {
        return root == TypeRoot.CHAR || root == TypeRoot.VARCHAR;
    }

    static boolean isBinary(TypeRoot root) {
        return root == TypeRoot.BINARY || root == TypeRoot.VARBINARY;
    }
}
