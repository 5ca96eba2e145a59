package dev.runnel.runtime.connector;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.types.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Finds the {@link ConnectorFactory} of a table ({@code 'connector'} option) among those
 * registered with {@link ServiceLoader}, and checks a table's options against it.
 */
public final class ConnectorFactories {
    public static final String CONNECTOR = "connector";

    private ConnectorFactories() {
    }

    /** Every registered factory by identifier. */
    public static Map<String, ConnectorFactory> all() {
        Map<String, ConnectorFactory> byId = new TreeMap<>();
        for (ConnectorFactory f : ServiceLoader.load(ConnectorFactory.class, ConnectorFactories.class.getClassLoader())) {
            byId.put(f.identifier(), f);
        }
        return byId;
    }

    /**
     * The factory named by the table's {@code 'connector'} option, after checking every option
     * of the table against it.
     *
     * @throws ConfigException naming the missing, unknown or malformed option
     */
    public static ConnectorFactory factoryFor(TableContext table) {
        String id = table.options().get(CONNECTOR);
        if (id == null) {
            throw new ConfigException(CONNECTOR, "Table " + table.tableName()
                    + " has no 'connector' option. Available connectors: " + String.join(", ", all().keySet()));
        }
        ConnectorFactory factory = all().get(id);
        if (factory == null) {
            String closest = closest(id, all().keySet());
            throw ConfigException.invalidValue(CONNECTOR, "Unknown connector '" + id + "' for table " + table.tableName() + "."
                    + (closest == null ? "" : " Did you mean '" + closest + "'?")
                    + " Available connectors: " + String.join(", ", all().keySet()));
        }
        validateOptions(factory, table);
        factory.validate(table);
        return factory;
    }

    /**
     * The option keys to offer inside {@code WITH (…)} of a table of {@code connector}, sorted:
     * those the connector knows and {@link ConnectorFactory#offers} given what is
     * {@code written} so far, a pattern such as {@code fields.#.kind} once per column of
     * {@code columns}, keys already written left out. Empty for an unknown connector.
     *
     * @param columns the table's column names in order
     * @param typed the columns whose types are known (a subset of {@code columns})
     */
    public static List<String> offeredOptions(String connector, Map<String, String> written, List<String> columns,
                                              RowType typed) {
        ConnectorFactory factory = all().get(connector);
        if (factory == null) {
            return List.of();
        }
        List<ConfigOption<?>> known = new ArrayList<>(factory.requiredOptions());
        known.addAll(factory.optionalOptions());
        TreeSet<String> keys = new TreeSet<>();
        for (ConfigOption<?> option : known) {
            if (option.isPrefix()) {
                // any key may follow the prefix: the concrete keys worth offering are options of their own
                continue;
            }
            List<String> concrete = option.key().contains("#")
                    ? columns.stream().map(c -> option.key().replace("#", c)).toList()
                    : List.of(option.key());
            for (String key : concrete) {
                if (!written.containsKey(key) && factory.offers(key, written, typed)) {
                    keys.add(key);
                }
            }
        }
        return List.copyOf(keys);
    }

    /** Checks that required options are set, no unknown option is set, and values parse. */
    public static void validateOptions(ConnectorFactory factory, TableContext table) {
        Map<String, String> options = table.options();
        for (ConfigOption<?> required : factory.requiredOptions()) {
            if (!options.containsKey(required.key())) {
                throw new ConfigException(required.key(), "Missing required option '" + required.key()
                        + "' for connector '" + factory.identifier() + "' of table " + table.tableName()
                        + ": " + required.description());
            }
        }
        List<ConfigOption<?>> known = new ArrayList<>(factory.requiredOptions());
        known.addAll(factory.optionalOptions());
        for (Map.Entry<String, String> e : new TreeMap<>(options).entrySet()) {
            String key = e.getKey();
            if (key.equals(CONNECTOR)) {
                continue;
            }
            ConfigOption<?> option = known.stream().filter(o -> o.matches(key)).findFirst().orElse(null);
            if (option == null) {
                throw new ConfigException(key, unknownOptionMessage(factory, table, key, known));
            }
            Configuration.parse(key, e.getValue(), option.type());
        }
    }

    private static String unknownOptionMessage(ConnectorFactory factory, TableContext table, String key,
                                               List<ConfigOption<?>> known) {
        TreeSet<String> keys = new TreeSet<>();
        keys.add(CONNECTOR);
        known.forEach(o -> keys.add(o.key()));
        StringBuilder sb = new StringBuilder("Unsupported option '").append(key).append("' for connector '")
                .append(factory.identifier()).append("' of table ").append(table.tableName()).append('.');
        String closest = closest(key, instantiate(keys, key));
        if (closest != null) {
            sb.append(" Did you mean '").append(closest).append("'?");
        }
        return sb.append(" Supported options: ").append(String.join(", ", keys)).toString();
    }

    /**
     * The known keys with each {@code #} replaced by the segment {@code key} has at that place,
     * so that {@code fields.id.knd} is near {@code fields.id.kind} rather than {@code fields.#.kind}.
     */
    private static List<String> instantiate(Iterable<String> keys, String key) {
        String[] got = key.split("\\.", -1);
        List<String> result = new ArrayList<>();
        for (String k : keys) {
            String[] want = k.split("\\.", -1);
            if (k.contains("#") && want.length == got.length) {
                for (int i = 0; i < want.length; i++) {
                    if (want[i].equals("#")) {
                        want[i] = got[i];
                    }
                }
                result.add(String.join(".", want));
            } else {
                result.add(k);
            }
        }
        return result;
    }

    /** The known key nearest to {@code key} by edit distance, if it is near enough to be a typo. */
    public static String closest(String key, Iterable<String> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String c : candidates) {
            int d = editDistance(key, c);
            // on a tie, the key that starts like the typo wins ('knd' is nearer 'kind' than 'end')
            if (d < bestDistance || (d == bestDistance && commonPrefix(key, c) > commonPrefix(key, best))) {
                bestDistance = d;
                best = c;
            }
        }
        return best != null && bestDistance <= Math.max(2, key.length() / 3) ? best : null;
    }

    private static int commonPrefix(String a, String b) {
        int n = Math.min(a.length(), b.length());
        int i = 0;
        while (i < n && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        return i;
    }

    static int editDistance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
