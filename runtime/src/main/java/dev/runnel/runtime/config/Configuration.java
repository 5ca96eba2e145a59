package dev.runnel.runtime.config;

import java.io.Serializable;
import java.time.Duration;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * String key/value settings read through typed {@link ConfigOption}s. A malformed value is a
 * {@link ConfigException} naming the key. Not thread-safe; a job gets its own copy.
 */
public final class Configuration implements Serializable {
    private final TreeMap<String, String> values = new TreeMap<>();

    public Configuration() {
    }

    public Configuration(Map<String, String> values) {
        this.values.putAll(values);
    }

    public Configuration copy() {
        return new Configuration(values);
    }

    public void set(String key, String value) {
        values.put(key, value);
    }

    public <T> void set(ConfigOption<T> option, T value) {
        // Durations are stored in the syntax parse() reads back (Duration.toString() is ISO-8601).
        values.put(option.key(), value instanceof Duration d ? d.toMillis() + " ms" : String.valueOf(value));
    }

    public void remove(String key) {
        values.remove(key);
    }

    public boolean contains(String key) {
        return values.containsKey(key);
    }

    public String getString(String key) {
        return values.get(key);
    }

    /** The value of {@code option}, or its default when unset. */
    public <T> T get(ConfigOption<T> option) {
        String raw = values.get(option.key());
        return raw == null ? option.defaultValue() : parse(option.key(), raw, option.type());
    }

    /** All settings, sorted by key, read-only. */
    public Map<String, String> toMap() {
        return Collections.unmodifiableMap(values);
    }

    /** Parses {@code raw} as {@code type}; errors name {@code key}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static <T> T parse(String key, String raw, Class<T> type) {
        String s = raw.trim();
        try {
            Object value;
            if (type == String.class) {
                value = raw;
            } else if (type == Integer.class) {
                value = Integer.valueOf(s);
            } else if (type == Long.class) {
                value = Long.valueOf(s);
            } else if (type == Double.class) {
                value = Double.valueOf(s);
            } else if (type == Boolean.class) {
                if (!s.equalsIgnoreCase("true") && !s.equalsIgnoreCase("false")) {
                    throw new IllegalArgumentException();
                }
                value = Boolean.valueOf(s);
            } else if (type == Duration.class) {
                value = parseDuration(s);
            } else if (type == MemorySize.class) {
                value = MemorySize.parse(s);
            } else if (type.isEnum()) {
                value = Enum.valueOf((Class<? extends Enum>) type, s.toUpperCase(Locale.ROOT).replace('-', '_'));
            } else {
                throw new IllegalStateException("Unsupported option type " + type.getName() + " of '" + key + "'");
            }
            return (T) value;
        } catch (IllegalArgumentException e) {
            throw ConfigException.invalidValue(key, "Invalid value \'" + raw + "' for option '" + key + "': expected "
                    + describe(type), e);
        }
    }

    private static String describe(Class<?> type) {
        if (type == Duration.class) {
            return "a duration such as '10 s', '500 ms' or '1 min'";
        }
        if (type == MemorySize.class) {
            return "a memory size such as '32kb' or '64 mb'";
        }
        if (type.isEnum()) {
            StringBuilder sb = new StringBuilder("one of ");
            Object[] constants = type.getEnumConstants();
            for (int i = 0; i < constants.length; i++) {
                sb.append(i == 0 ? "" : ", ").append(constants[i].toString().toLowerCase(Locale.ROOT).replace('_', '-'));
            }
            return sb.toString();
        }
        return "a value of type " + type.getSimpleName();
    }

    /** Flink's duration syntax: a number and an optional unit ({@code ms}, {@code s}, {@code min}, {@code h}, {@code d}). */
    static Duration parseDuration(String s) {
        int i = 0;
        while (i < s.length() && Character.isDigit(s.charAt(i))) {
            i++;
        }
        if (i == 0) {
            throw new IllegalArgumentException("no number in '" + s + "'");
        }
        long amount = Long.parseLong(s.substring(0, i));
        String unit = s.substring(i).trim().toLowerCase(Locale.ROOT);
        return switch (unit) {
            case "", "ms", "milli", "millis", "millisecond", "milliseconds" -> Duration.ofMillis(amount);
            case "s", "sec", "secs", "second", "seconds" -> Duration.ofSeconds(amount);
            case "m", "min", "mins", "minute", "minutes" -> Duration.ofMinutes(amount);
            case "h", "hour", "hours" -> Duration.ofHours(amount);
            case "d", "day", "days" -> Duration.ofDays(amount);
            default -> throw new IllegalArgumentException("unknown time unit '" + unit + "'");
        };
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
