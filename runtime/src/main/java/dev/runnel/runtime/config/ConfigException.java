package dev.runnel.runtime.config;

/** A configuration value is missing, unknown or malformed. The message names the key. */
public class ConfigException extends RuntimeException {
    private final String key;
    private final boolean invalidValue;

    public ConfigException(String key, String message) {
        this(key, message, null, false);
    }

    public ConfigException(String key, String message, Throwable cause) {
        this(key, message, cause, false);
    }

    private ConfigException(String key, String message, Throwable cause, boolean invalidValue) {
        super(message, cause);
        this.key = key;
        this.invalidValue = invalidValue;
    }

    /**
     * The key is known but its value is not one it takes; an error then points at the value as
     * written, not at the key.
     */
    public static ConfigException invalidValue(String key, String message) {
        return new ConfigException(key, message, null, true);
    }

    /** @see #invalidValue(String, String) */
    public static ConfigException invalidValue(String key, String message, Throwable cause) {
        return new ConfigException(key, message, cause, true);
    }

    /** Whether the value of {@link #key()} is what is wrong (rather than the key itself). */
    public boolean isInvalidValue() {
        return invalidValue;
    }

    /** The offending option key. */
    public String key() {
        return key;
    }
}
