package dev.runnel.shell.cli;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;

/**
 * Where Runnel keeps what outlives a process: {@code $RUNNEL_HOME} (the {@code runnel.home}
 * system property first), else {@code ~/.runnel}. It holds the shell's history, the logs
 * ({@code log/}) and the state of a local session cluster ({@code cluster/}); the logging
 * configuration ({@code logback.xml}) reads the same two settings.
 */
public final class RunnelHome {
    /** The system property naming a server process's log file ({@code log/<name>.log}). */
    public static final String LOG_NAME_PROPERTY = "runnel.log.name";

    private RunnelHome() {
    }

    public static Path path() {
        String property = System.getProperty("runnel.home");
        if (property != null && !property.isBlank()) {
            return Path.of(property);
        }
        String home = System.getenv("RUNNEL_HOME");
        return home != null && !home.isBlank() ? Path.of(home) : Path.of(System.getProperty("user.home"), ".runnel");
    }

    /**
     * Makes this process log to {@code log/<role>-<host>-<pid>.log}, as Flink's daemons do, when
     * called before anything logs.
     */
    public static void logAs(String role) {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "localhost";
        }
        System.setProperty(LOG_NAME_PROPERTY, role + "-" + host + "-" + ProcessHandle.current().pid());
    }
}
