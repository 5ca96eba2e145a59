package dev.runnel.runtime.config;

import java.io.Serializable;
import java.util.Objects;

/**
 * A typed configuration key with its default and description. Keys follow Flink's where
 * they mean the same thing ({@code parallelism.default}, {@code rows-per-second}, …).
 *
 * @param key the option's key, or a pattern with {@code #} standing for one name segment
 *            ({@code fields.#.kind}), or a prefix ending in {@code .*} that stands for any key
 *            that starts with it ({@code properties.*}: options handed on to a client)
 * @param type {@code String}, {@code Integer}, {@code Long}, {@code Double}, {@code Boolean},
 *             {@code java.time.Duration} or an enum class
 * @param defaultValue the value when the option is not set, may be {@code null}
 */
public record ConfigOption<T>(String key, Class<T> type, T defaultValue, String description)
        implements Serializable {

    public ConfigOption {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(description, "description");
    }

    public static <T> ConfigOption<T> of(String key, Class<T> type, T defaultValue, String description) {
        return new ConfigOption<>(key, type, defaultValue, description);
    }

    /** True if this option stands for every key with a prefix ({@code properties.*}). */
    public boolean isPrefix() {
        return key.endsWith(".*");
    }

    /** True if {@code candidate} is this key, or matches it where this key has {@code #}. */
    public boolean matches(String candidate) {
        if (isPrefix()) {
            return candidate.length() > key.length() - 1 && candidate.startsWith(key.substring(0, key.length() - 1));
        }
        if (!key.contains("#")) {
            return key.equals(candidate);
        }
        String[] want = key.split("\\.", -1);
        String[] got = candidate.split("\\.", -1);
        if (want.length != got.length) {
            return false;
        }
        for (int i = 0; i < want.length; i++) {
            if (!want[i].equals("#") && !want[i].equals(got[i])) {
                return false;
            }
        }
        return true;
    }
}
