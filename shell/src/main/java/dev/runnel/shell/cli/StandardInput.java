package dev.runnel.shell.cli;

import java.io.IOException;
import org.jline.terminal.spi.SystemStream;
import org.jline.terminal.spi.TerminalProvider;

/** Whether the process's standard input is a terminal, which decides between the REPL and a script read from it. */
public final class StandardInput {
    private StandardInput() {
    }

    /**
     * True when standard input is a terminal. Java 17 can only tell whether standard input and
     * output both are ({@code System.console()}); JLine's providers ask {@code isatty(0)}, natively
     * or through {@code test -t 0}. When none can tell, the console decides.
     */
    public static boolean isTerminal() {
        for (String provider : new String[] {"jni", "exec"}) {
            try {
                return TerminalProvider.load(provider).isSystemStream(SystemStream.Input);
            } catch (IOException | RuntimeException | LinkageError unavailable) {
                // try the next provider
            }
        }
        return System.console() != null;
    }
}
