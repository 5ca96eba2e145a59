package dev.runnel.runtime.config;

/** A configuration value is missing, unknown or malformed. The message names the key. */
public class ConfigException extends RuntimeException {
    private final String key;

    public ConfigException(String key, String message) {
        super(message);
        this.key = key;
    }

    public ConfigException(String key, String message, Throwable cause) {
        super(message, cause);
        this.key = key;
    }

    /** The offending option key. */
    public String key() {
        return key;
    }
}
