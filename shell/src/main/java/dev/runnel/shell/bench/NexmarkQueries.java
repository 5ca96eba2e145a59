package dev.runnel.shell.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The Nexmark queries the benchmark can run: files {@code qN.sql}, each holding the DDL of its
 * sink and its {@code INSERT INTO … SELECT} over the {@code nexmark} table's views, either
 * bundled with the shell (resources under {@code nexmark/}) or in a directory. Ordered by
 * their number.
 */
final class NexmarkQueries {
    private static final Pattern FILE_NAME = Pattern.compile("q(\\d+)\\.sql");
    /** Bundled queries are found by probing names: a jar's resources cannot be listed portably. */
    private static final int HIGHEST_BUNDLED = 99;

    private final Map<Integer, String> sqlByNumber;
    private final String origin;

    private NexmarkQueries(Map<Integer, String> sqlByNumber, String origin) {
        this.sqlByNumber = sqlByNumber;
        this.origin = origin;
    }

    /** The queries bundled with the shell. */
    static NexmarkQueries bundled() {
        Map<Integer, String> queries = new TreeMap<>();
        ClassLoader loader = NexmarkQueries.class.getClassLoader();
        for (int n = 0; n <= HIGHEST_BUNDLED; n++) {
            try (InputStream in = loader.getResourceAsStream("nexmark/q" + n + ".sql")) {
                if (in != null) {
                    queries.put(n, new String(in.readAllBytes(), StandardCharsets.UTF_8));
                }
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot read the bundled query q" + n, e);
            }
        }
        return new NexmarkQueries(queries, "the bundled queries");
    }

    /** The files {@code qN.sql} in {@code directory}. */
    static NexmarkQueries inDirectory(Path directory) throws IOException {
        Map<Integer, String> queries = new TreeMap<>();
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Matcher m = FILE_NAME.matcher(file.getFileName().toString());
                if (m.matches() && Files.isRegularFile(file)) {
                    queries.put(Integer.parseInt(m.group(1)), Files.readString(file, StandardCharsets.UTF_8));
                }
            }
        }
        return new NexmarkQueries(queries, directory.toString());
    }

    /** Every query's name ({@code q0}, {@code q1}, …) in numeric order. */
    List<String> names() {
        List<String> names = new ArrayList<>();
        sqlByNumber.keySet().forEach(n -> names.add("q" + n));
        return names;
    }

    /** Where the queries come from, for messages. */
    String origin() {
        return origin;
    }

    /** Whether {@code name} is one of the queries. */
    boolean contains(String name) {
        Integer number = number(name);
        return number != null && sqlByNumber.containsKey(number);
    }

    /** The text of query {@code name}, which must exist. */
    String sql(String name) {
        Integer number = number(name);
        if (number == null || !sqlByNumber.containsKey(number)) {
            throw new IllegalArgumentException("No query " + name + " in " + origin);
        }
        return sqlByNumber.get(number);
    }

    private static Integer number(String name) {
        Matcher m = Pattern.compile("q(\\d+)").matcher(name);
        return m.matches() ? Integer.valueOf(m.group(1)) : null;
    }
}
