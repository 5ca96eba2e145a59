package dev.runnel.runtime.format;

import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.runtime.format.avro.AvroFormatFactory;
import dev.runnel.runtime.format.csv.CsvFormatFactory;
import dev.runnel.runtime.format.json.DebeziumJsonFormatFactory;
import dev.runnel.runtime.format.json.JsonFormatFactory;
import dev.runnel.runtime.format.raw.RawFormatFactory;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** The formats Runnel knows, by identifier, and helpers for prefixed format options. */
public final class Formats {
    private static final Map<String, FormatFactory> BY_ID = new LinkedHashMap<>();

    static {
        for (FormatFactory f : new FormatFactory[] {new JsonFormatFactory(), new CsvFormatFactory(),
                new DebeziumJsonFormatFactory(), new RawFormatFactory(),
                new AvroFormatFactory()}) {
            BY_ID.put(f.identifier(), f);
        }
    }

    private Formats() {
    }

    /** Every format by identifier. */
    public static Map<String, FormatFactory> all() {
        return BY_ID;
    }

    /**
     * The format called {@code id}.
     *
     * @param key the option that named it ({@code format}, {@code value.format}), for the message
     */
    public static FormatFactory factory(String id, String key) {
        FormatFactory f = BY_ID.get(id);
        if (f == null) {
            throw ConfigException.invalidValue(key, "Unknown format '" + id + "' in option '" + key
                    + "'. Available formats: " + String.join(", ", new TreeSet<>(BY_ID.keySet())));
        }
        return f;
    }

    /** The options of {@code format} with {@code prefix} put before each key. */
    public static Set<ConfigOption<?>> prefixedOptions(FormatFactory format, String prefix) {
        Set<ConfigOption<?>> result = new LinkedHashSet<>();
        for (ConfigOption<?> o : format.options()) {
            result.add(prefix(o, prefix));
        }
        return result;
    }

    private static <T> ConfigOption<T> prefix(ConfigOption<T> o, String prefix) {
        return ConfigOption.of(prefix + o.key(), o.type(), o.defaultValue(), o.description());
    }

    /** The entries of {@code tableOptions} whose key starts with {@code prefix}, with the prefix removed. */
    public static Configuration formatOptions(Map<String, String> tableOptions, String prefix) {
        Configuration c = new Configuration();
        tableOptions.forEach((k, v) -> {
            if (k.startsWith(prefix)) {
                c.set(k.substring(prefix.length()), v);
            }
        });
        return c;
    }
}
