package dev.runnel.shell.render;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jline.terminal.Terminal;

/**
 * psql's pager habit: a result printed whole (SHOW, DESCRIBE, EXPLAIN, a finished tableau) that
 * is taller than the screen goes through the program {@code $RUNNEL_PAGER} names, else
 * {@code $PAGER} (e.g. {@code less -S}); an empty value turns paging off. Only on a terminal:
 * scripts and redirected output never page. Live query views page by themselves.
 */
public final class Pager {
    private final String command;
    private final Terminal terminal;

    private Pager(String command, Terminal terminal) {
        this.command = command;
        this.terminal = terminal;
    }

    /** The pager the environment names for {@code terminal}, if any. */
    public static Optional<Pager> of(Map<String, String> environment, Terminal terminal) {
        String command = environment.getOrDefault("RUNNEL_PAGER", environment.get("PAGER"));
        if (command == null || command.isBlank() || terminal == null || terminal.getHeight() <= 0) {
            return Optional.empty();
        }
        return Optional.of(new Pager(command.strip(), terminal));
    }

    /** Whether {@code text} needs more lines than the screen has (one is kept for the prompt). */
    boolean tooTall(String text) {
        return text.lines().count() >= terminal.getHeight();
    }

    /**
     * Shows {@code text} through the pager and waits for it to end; false if it could not be
     * started (the caller prints the text itself).
     */
    boolean show(String text) {
        boolean paused = false;
        try {
            // JLine's reader thread would take the keys meant for the pager
            if (terminal.canPauseResume()) {
                terminal.pause(true);
                paused = true;
            }
            terminal.flush();
            Process pager = new ProcessBuilder(List.of("/bin/sh", "-c", command))
                    .redirectOutput(ProcessBuilder.Redirect.INHERIT)
                    .redirectError(ProcessBuilder.Redirect.INHERIT)
                    .start();
            try (OutputStream in = pager.getOutputStream()) {
                in.write(text.getBytes(StandardCharsets.UTF_8));
            } catch (IOException quitEarly) {
                // the pager ended before it read everything (q in less): nothing more to show
            }
            pager.waitFor();
            return true;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        } finally {
            if (paused) {
                terminal.resume();
            }
        }
    }
}
