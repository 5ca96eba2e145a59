package dev.runnel.shell.cli;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.runnel.planner.session.SessionOptions;
import dev.runnel.runtime.blob.BlobStore;
import dev.runnel.runtime.config.ConfigException;
import dev.runnel.runtime.config.ConfigOption;
import dev.runnel.runtime.connector.ConnectorFactories;
import dev.runnel.runtime.highavailability.HighAvailabilityOptions;
import dev.runnel.runtime.rest.RestOptions;
import dev.runnel.runtime.rpc.RpcOptions;
import dev.runnel.runtime.security.SslOptions;
import dev.runnel.shell.cluster.ProcessCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Flink's {@code config.yaml}: the settings every Runnel process of an installation starts with
 * (the shell and scripts as session defaults, {@code runnel jobmanager} for its cluster), read
 * from {@code $RUNNEL_CONF_DIR/config.yaml}; {@code -D key=value} on the command line overrides
 * them. As in Flink 2 it is standard YAML, keys nested or written flat with dots
 * ({@code restart-strategy: {type: fixed-delay}} is {@code restart-strategy.type: fixed-delay}),
 * and stricter than a properties file: a key written twice, a key Runnel does not know and a
 * value that does not parse are errors that name the file, the line and the key.
 */
public final class ConfigFile {
    public static final String CONF_DIR_VARIABLE = "RUNNEL_CONF_DIR";
    public static final String FILE_NAME = "config.yaml";

    private ConfigFile() {
    }

    /** The settings of {@code $RUNNEL_CONF_DIR/config.yaml}; none when the variable is unset or the file absent. */
    public static Map<String, String> fromEnvironment() {
        String dir = System.getenv(CONF_DIR_VARIABLE);
        if (dir == null || dir.isBlank()) {
            return Map.of();
        }
        Path file = Path.of(dir).resolve(FILE_NAME);
        return Files.isRegularFile(file) ? read(file) : Map.of();
    }

    /**
     * The settings of {@code file}, flattened, in the order written.
     *
     * @throws ConfigException naming the file, the line and the key of the first bad entry
     */
    public static Map<String, String> read(Path file) {
        Map<String, String> settings = new LinkedHashMap<>();
        try (JsonParser parser = new YAMLFactory().createParser(file.toFile())) {
            Deque<String> path = new ArrayDeque<>();
            JsonToken token = parser.nextToken();
            if (token == null) {
                return settings; // an empty file, or only comments
            }
            if (token != JsonToken.START_OBJECT) {
                throw error(file, parser, null, "expected 'key: value' lines");
            }
            while ((token = parser.nextToken()) != null) {
                switch (token) {
                    case FIELD_NAME -> path.addLast(parser.currentName());
                    case START_OBJECT -> {
                        // the field name of a nested map stays on the path until its END_OBJECT
                    }
                    case END_OBJECT -> path.pollLast();
                    case START_ARRAY -> {
                        String key = String.join(".", path);
                        put(file, parser, settings, key, list(parser));
                        path.pollLast();
                    }
                    default -> {
                        String key = String.join(".", path);
                        put(file, parser, settings, key, token == JsonToken.VALUE_NULL ? "" : parser.getText());
                        path.pollLast();
                    }
                }
            }
        } catch (JsonProcessingException e) {
            throw new ConfigException(FILE_NAME, file + ":" + e.getLocation().getLineNr() + ": not valid YAML: "
                    + e.getOriginalMessage());
        } catch (IOException e) {
            throw new ConfigException(FILE_NAME, "Cannot read " + file + ": " + e.getMessage());
        }
        return settings;
    }

    /* Flink writes a list as its items separated by ';'. */
    private static String list(JsonParser parser) throws IOException {
        List<String> items = new ArrayList<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            items.add(parser.getText());
        }
        return String.join(";", items);
    }

    private static void put(Path file, JsonParser parser, Map<String, String> settings, String key, String value) {
        if (settings.containsKey(key)) {
            throw error(file, parser, key, "the key '" + key + "' is set twice");
        }
        Optional<String> unknown = unknown(key);
        if (unknown.isPresent()) {
            throw error(file, parser, key, unknown.get());
        }
        try {
            SessionOptions.validate(key, value);
        } catch (ConfigException e) {
            throw error(file, parser, key, e.getMessage());
        }
        settings.put(key, value);
    }

    /* Why key is unknown (with the closest known key), or empty when Runnel knows it. */
    private static Optional<String> unknown(String key) {
        List<ConfigOption<?>> known = new ArrayList<>(SessionOptions.known());
        known.addAll(RestOptions.all());
        known.addAll(RpcOptions.all());
        known.addAll(SslOptions.all());
        known.addAll(HighAvailabilityOptions.all());
        known.add(ProcessCluster.TASKMANAGER_JAVA_OPTS);
        known.add(ProcessCluster.SLOTS_MAX);
        known.addAll(ProcessCluster.resourceManagerOptions());
        known.add(BlobStore.STORAGE_DIRECTORY);
        TreeSet<String> keys = new TreeSet<>();
        known.forEach(o -> keys.add(o.key()));
        if (keys.contains(key) || key.startsWith(SessionOptions.VARIABLE_PREFIX)) {
            return Optional.empty();
        }
        String closest = ConnectorFactories.closest(key, keys);
        return Optional.of("Unknown configuration key '" + key + "'."
                + (closest == null ? " Known keys are listed in docs/configuration.md." : " Did you mean '" + closest + "'?"));
    }

    private static ConfigException error(Path file, JsonParser parser, String key, String message) {
        return new ConfigException(key == null ? FILE_NAME : key,
                file + ":" + parser.currentLocation().getLineNr() + ": " + message);
    }
}
