package dev.runnel.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The version of this build of Runnel ({@code 0.1.0-SNAPSHOT}): the project version that the
 * build filtered into {@code runnel-version.properties}, so that it is known in a jar, in
 * {@code target/classes} and on a test class path alike. The shell's {@code --version} and the
 * REST API's {@code flink-version} say it.
 */
public final class RunnelVersion {
    private static final String VERSION = load();

    private RunnelVersion() {
    }

    /** The project version; never {@code unknown} in a build of the reactor. */
    public static String number() {
        return VERSION;
    }

    private static String load() {
        Properties properties = new Properties();
        try (InputStream resource = RunnelVersion.class.getResourceAsStream("runnel-version.properties")) {
            if (resource == null) {
                throw new IllegalStateException("runnel-version.properties is missing from the runtime's classes");
            }
            properties.load(resource);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read runnel-version.properties", e);
        }
        return properties.getProperty("version");
    }
}
