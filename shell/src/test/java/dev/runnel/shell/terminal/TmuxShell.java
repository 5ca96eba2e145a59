package dev.runnel.shell.terminal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Assumptions;

/**
 * The real {@code runnel} shell ({@code dev.runnel.shell.Main} on this build's classpath, on an
 * embedded cluster) in a real pseudo-terminal: a detached tmux session on a server of its own
 * ({@code tmux -L}), driven with {@code send-keys} and read with {@code capture-pane}, as a
 * person at a terminal would see it. {@link #close()} kills that tmux server and so the shell.
 */
final class TmuxShell implements AutoCloseable {
    static final int COLUMNS = 120;
    static final int ROWS = 40;
    private static final Duration WAIT = Duration.ofSeconds(30);

    private final String socket = "runnel-test-" + UUID.randomUUID();
    /** The server's socket file, which tmux leaves behind when the server is killed. */
    private Path socketPath;
    /** The shell's JVM (the pane runs it through {@code exec}), or null before it started. */
    private ProcessHandle process;

    private TmuxShell() {
    }

    /** Starts the shell with {@code RUNNEL_HOME} (history, logs) in {@code home} and waits for its prompt. */
    static TmuxShell start(Path home, String... args) throws IOException, InterruptedException {
        return start(home, Map.of(), args);
    }

    /**
     * With {@code environment} set for the shell ({@code PAGER}, …). {@code PAGER} and
     * {@code RUNNEL_PAGER} are unset unless given: a pager of the machine running the tests
     * would wait for keys.
     */
    static TmuxShell start(Path home, Map<String, String> environment, String... args)
            throws IOException, InterruptedException {
        Assumptions.assumeTrue(tmuxAvailable(), "tmux is not installed");
        TmuxShell shell = new TmuxShell();
        StringBuilder command = new StringBuilder("cd ").append(quote(home.toString()))
                .append(" && exec env -u PAGER -u RUNNEL_PAGER");
        new TreeMap<>(environment).forEach((k, v) -> command.append(' ').append(k).append('=').append(quote(v)));
        // C1 only (below): a shell in a test runs small queries, and C2 would compete for the two cores
        command.append(" RUNNEL_HOME=").append(quote(home.toString()))
                .append(' ').append(quote(Path.of(System.getProperty("java.home"), "bin", "java").toString()))
                .append(" -Xss4m -XX:TieredStopAtLevel=1 -cp ").append(quote(classPath())).append(" dev.runnel.shell.Main");
        for (String arg : args) {
            command.append(' ').append(quote(arg));
        }
        shell.tmux("new-session", "-d", "-s", "runnel", "-x", String.valueOf(COLUMNS), "-y", String.valueOf(ROWS),
                command.toString());
        try {
            shell.socketPath = Path.of(shell.tmux("display-message", "-p", "-t", "runnel", "#{socket_path}").strip());
            shell.process = ProcessHandle.of(Long.parseLong(
                    shell.tmux("display-message", "-p", "-t", "runnel", "#{pane_pid}").strip())).orElse(null);
            shell.awaitScreen("runnel>");
        } catch (RuntimeException | AssertionError e) {
            shell.close();
            throw e;
        }
        return shell;
    }

    /** Makes the terminal {@code columns} wide (the shell gets SIGWINCH, as when a window is resized). */
    void resize(int columns) throws IOException, InterruptedException {
        tmux("resize-window", "-t", "runnel", "-x", String.valueOf(columns), "-y", String.valueOf(ROWS));
    }

    /** Types {@code text} as it is (a trailing {@code ;} included). */
    void type(String text) throws IOException, InterruptedException {
        String body = text.endsWith(";") ? text.substring(0, text.length() - 1) : text;
        if (!body.isEmpty()) {
            tmux("send-keys", "-t", "runnel", "-l", body);
        }
        if (text.endsWith(";")) {
            // tmux takes an argument ending in ';' as a command separator; '\;' is a literal one
            tmux("send-keys", "-t", "runnel", "\\;");
        }
    }

    /** Presses keys by tmux's names: {@code Enter}, {@code Tab}, {@code C-c}, {@code C-u}, {@code PageDown}, … */
    void press(String... keys) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("send-keys", "-t", "runnel"));
        args.addAll(List.of(keys));
        tmux(args.toArray(new String[0]));
    }

    /** Types a statement and presses Enter. */
    void enter(String text) throws IOException, InterruptedException {
        type(text);
        press("Enter");
    }

    /** The visible screen as text, trailing blanks removed. */
    String screen() {
        return capture();
    }

    /** The visible screen as text with the lines the terminal wrapped joined again (and trailing blanks kept). */
    String screenUnwrapped() {
        return capture("-J");
    }

    /** The visible screen with its colours and attributes as ANSI escape sequences. */
    String screenWithAttributes() {
        return capture("-e");
    }

    private String capture(String... options) {
        List<String> command = new ArrayList<>(List.of("capture-pane", "-p"));
        command.addAll(List.of(options));
        command.addAll(List.of("-t", "runnel"));
        try {
            return tmux(command.toArray(String[]::new));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Waits until the screen shows {@code text}; returns the screen. */
    String awaitScreen(String text) {
        await().atMost(WAIT).pollInterval(Duration.ofMillis(100))
                .untilAsserted(() -> assertThat(screen()).contains(text));
        return screen();
    }

    /** Whether the shell process has ended (its pane, and so the tmux server, is gone). */
    boolean ended() {
        try {
            Process p = new ProcessBuilder("tmux", "-L", socket, "has-session", "-t", "runnel")
                    .redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor() != 0;
        } catch (IOException e) {
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private String tmux(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("tmux", "-L", socket));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("tmux " + String.join(" ", args) + " hung");
        }
        if (process.exitValue() != 0) {
            throw new IOException("tmux " + String.join(" ", args) + " failed: " + output);
        }
        return output;
    }

    @Override
    public void close() {
        try {
            new ProcessBuilder("tmux", "-L", socket, "kill-server").redirectErrorStream(true).start().waitFor();
            awaitShellExit();
            if (socketPath != null) {
                Files.deleteIfExists(socketPath);
            }
        } catch (IOException e) {
            // nothing was started
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /*
     * The shell ends on the hang-up tmux sends, but not at once: until it has, it may still write
     * its history or logs into the test's temporary home, which JUnit is about to delete.
     */
    private void awaitShellExit() throws InterruptedException {
        if (process == null) {
            return;
        }
        try {
            process.onExit().get(15, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            process.destroyForcibly();
            try {
                process.onExit().get(15, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException stillThere) {
                throw new IllegalStateException("The shell (pid " + process.pid() + ") did not end", stillThere);
            }
        }
    }

    private static boolean tmuxAvailable() {
        try {
            return new ProcessBuilder("tmux", "-V").redirectErrorStream(true).start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /* Surefire runs tests from a manifest-only jar; the test class path proper is in this property. */
    private static String classPath() {
        String path = System.getProperty("surefire.test.class.path");
        return path != null && !path.isBlank() ? path : System.getProperty("java.class.path");
    }

    private static String quote(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
