package dev.runnel.shell;

import dev.runnel.shell.engine.EngineFactory;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** One in-process run of the {@code runnel} command line, with its output captured. */
public record ShellRun(int exitCode, String out, String err) {

    public static ShellRun of(EngineFactory engines, String... args) {
        return withInput(new ByteArrayInputStream(new byte[0]), engines, args);
    }

    public static ShellRun withInput(InputStream in, EngineFactory engines, String... args) {
        Capture capture = new Capture();
        int exitCode = Main.run(args, in, capture.outStream, capture.errStream, engines);
        return new ShellRun(exitCode, capture.out(), capture.err());
    }

    /** Streams a test hands to {@link Main#run}, readable while it runs (thread-safe). */
    public static final class Capture {
        private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
        private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
        public final PrintStream outStream = new PrintStream(outBytes, true, StandardCharsets.UTF_8);
        public final PrintStream errStream = new PrintStream(errBytes, true, StandardCharsets.UTF_8);

        public String out() {
            return outBytes.toString(StandardCharsets.UTF_8);
        }

        public String err() {
            return errBytes.toString(StandardCharsets.UTF_8);
        }
    }
}
