package dev.runnel.runtime.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.ToolProvider;

/**
 * A JAR with user functions: {@code jarred.Shout}, which upper-cases its argument and appends
 * '!', and {@code jarred.Crawl}, which returns its argument a millisecond later. Compiled by the
 * JDK's compiler against the test's classpath, for tests of {@code CREATE FUNCTION … USING JAR}. The JAR's directory has a space in its name, which a Flink
 * script writes as it is ({@code 'file:///…/my udfs/shout.jar'}).
 */
public final class ShoutJar {
    private ShoutJar() {
    }

    /** Writes it under {@code dir}; its path. */
    public static Path create(Path dir) throws IOException {
        Path source = dir.resolve("shout-src/jarred/Shout.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, "package jarred;\n"
                + "public class Shout extends dev.runnel.table.functions.ScalarFunction {\n"
                + "  public String eval(String s) { return s == null ? null : s.toUpperCase() + \"!\"; }\n"
                + "}\n");
        // and jarred.Crawl: its argument, a millisecond later (a slow operator, for backpressure)
        Files.writeString(source.resolveSibling("Crawl.java"), "package jarred;\n"
                + "public class Crawl extends dev.runnel.table.functions.ScalarFunction {\n"
                + "  public Long eval(Long n) {\n"
                + "    try { Thread.sleep(1); } catch (InterruptedException e) { Thread.currentThread().interrupt(); }\n"
                + "    return n;\n"
                + "  }\n"
                + "}\n");
        Path classes = dir.resolve("shout-classes");
        int exit = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(),
                "-cp", System.getProperty("java.class.path"), source.toString(),
                source.resolveSibling("Crawl.java").toString());
        if (exit != 0) {
            throw new IllegalStateException("javac failed on " + source);
        }
        Path jar = dir.resolve("my udfs/shout.jar");
        Files.createDirectories(jar.getParent());
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (String name : new String[] {"jarred/Shout.class", "jarred/Crawl.class"}) {
                out.putNextEntry(new JarEntry(name));
                Files.copy(classes.resolve(name), out);
                out.closeEntry();
            }
        }
        return jar;
    }
}
